import { allSmsTemplateKeys } from '@pmw/contract/notifications';

/** The SMS variables production needs: a sender id and a DLT template id for every template. */
export const DLT_ENV = {
  SMS_SENDER_ID: 'PMWORK',
  SMS_DLT_TEMPLATES: JSON.stringify(
    Object.fromEntries(allSmsTemplateKeys().map((key, i) => [key, String(1107160000000000000n + BigInt(i))])),
  ),
};

/** The company production prints on partners' GST invoices (it refuses the demo company's while invoices are on). */
export const COMPANY_ENV = {
  COMPANY_NAME: 'Example Referrals Private Limited',
  COMPANY_GSTIN: '27AAACE1234F1Z6',
  COMPANY_ADDRESS: '4th Floor, 12 Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
};
