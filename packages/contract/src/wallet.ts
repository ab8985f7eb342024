/*
 * A partner's wallet is a ledger in paise: each posting credits (a lead
 * approved, a reversal of a failed payout) or debits (a payout, a reversal
 * of an approval) the wallet. `wallet_transactions.type` keeps which.
 */

export const WALLET_TX_TYPE = { credit: 1, debit: 2 } as const;
export type WalletTxType = (typeof WALLET_TX_TYPE)[keyof typeof WALLET_TX_TYPE];
