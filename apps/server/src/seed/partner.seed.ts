import { Readable } from 'node:stream';
import type { Services } from '../app';
import { bankDetails, customerLeads, files, formResponseData, formResponses } from '../db/schema/index';
import { hmac } from '../lib/crypto';
import { WALLET_CREDIT, WALLET_DEBIT } from '../modules/wallet/wallet.service';
import { say } from '@pmw/contract/texts/said';
import { JOBS } from './catalog-data';
import { DEMO } from './demo-ids';
import { demoLead } from './demo-lead';

/** Fixed ids of the partner portal demo (leads 1000–1999); tests and the README rely on them. */
export const PARTNER_DEMO = {
  firstLead: 1000,
  ashaLeadCount: 70,
  raviLeads: [1900, 1901, 1902],
  /** An Asha lead on the merchant project whose Shop Photo is empty ('Attach'). */
  leadToAttach: 1008,
  leadPhotoFile: 1301,
  banks: { ashaHdfc: 101, ashaSbi: 102 },
  customers: { first: 201, noAnswer: 204, ravi: 211 },
} as const;

const DAY = 86_400_000;
const NAMES = [
  'Rohit Sharma',
  'अनीता शर्मा',
  'Imran Khan',
  'Priya Menon',
  'Suresh "Sunny" Patel',
  'Kavya Reddy',
  'Arjun Mehta',
  'राहुल वर्मा',
  'Fatima Shaikh',
  'Gurpreet Singh',
  'Meera Nair, Jr',
  'Vivek Joshi',
  'Neha Gupta',
  'Sanjay Das',
];
const CITIES = ['Bengaluru', 'Mumbai', 'Delhi', 'Pune', 'Hyderabad', 'Chennai'];
const PANS = ['BGXPG1234K', 'CLKPI5678M', 'DRSPR4321Q', 'EADPD9876L', 'FNRPD1111A'];
/** Projects over categories 1 (cards), 2 (loans), 3 (accounts), 4 (insurance: mobile hidden), 6 (hiring: mobile hidden), 7 (merchants). */
const PROJECTS = [201, 251, 221, 231, 211, 261, 202];
const COMMENTS: Record<string, string> = {
  approved: 'Card issued, payout added',
  rejected: 'Customer already has a card with us',
  expired: 'No activity within the validity period',
  partial: 'Please add the missing document',
};

type Kind = 'pending' | 'partial' | 'approved' | 'rejected' | 'expired';
const KINDS: Kind[] = ['pending', 'approved', 'rejected', 'pending', 'expired', 'approved', 'partial', 'approved'];

/** A 1x1 PNG, so a filled image input opens as an image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function valuesFor(job: number, i: number, mobile: string, name: string, photo: boolean): [number, string, number | null][] {
  const base: [number, string, number | null][] = [
    [1, mobile, null],
    [2, name, null],
  ];
  const photoValue: [string, number | null] | null = photo ? [String(PARTNER_DEMO.leadPhotoFile), PARTNER_DEMO.leadPhotoFile] : null;
  switch (job) {
    case 201:
    case 202:
      return [
        ...base,
        [3, PANS[i % PANS.length]!, null],
        [4, CITIES[i % CITIES.length]!, null],
        ...(photoValue ? [[5, ...photoValue] as [number, string, number | null]] : []),
      ];
    case 251:
      return [
        ...base,
        [3, `Shop no. ${i + 1}, Main Road`, null],
        ...(photoValue ? [[4, ...photoValue] as [number, string, number | null]] : []),
        [5, '12.935200,77.624500', null],
      ];
    case 221:
      return [
        ...base,
        [3, `customer${i}@example.com`, null],
        ...(photoValue ? [[4, ...photoValue] as [number, string, number | null]] : []),
      ];
    case 231:
      return [...base, [3, String(25 + (i % 30)), null], [4, '₹10 lakh', null]];
    case 211:
      return [...base, [3, PANS[i % PANS.length]!, null], [4, String(25000 + i * 1000), null], [5, '₹1-3 lakh', null]];
    default:
      return [...base, [3, CITIES[i % CITIES.length]!, null], [4, i % 2 ? 'Yes' : 'No', null]];
  }
}

/** Asha's leads (every status, several projects, some image inputs empty), her wallet, banks and customers; a few of Ravi's. */
export async function seedPartner(services: Services): Promise<void> {
  const { db, providers, cipher, config, wallet } = services;
  const asha = DEMO.asha.user_id;
  const ravi = DEMO.ravi.user_id;
  const now = Date.now();
  const payoutOf = new Map(JOBS.map((j) => [j.job_id, j.payout_rupees * 100]));

  const photoKey = 'form-response/demo/lead-photo.png';
  if (!(await providers.storage.head(photoKey))) await providers.storage.write(photoKey, Readable.from(PNG), 'image/png');

  type Lead = { id: number; user: number; job: number; kind: Kind; days: number; values: [number, string, number | null][] };
  const leads: Lead[] = [];
  for (let i = 0; i < PARTNER_DEMO.ashaLeadCount; i++) {
    const id = PARTNER_DEMO.firstLead + i;
    const job = PROJECTS[i % PROJECTS.length]!;
    const kind = KINDS[i % KINDS.length]!;
    const mobile = `98${String(40000000 + i * 7919).slice(0, 8)}`;
    // Every third image-holding lead has its photo; the rest wait for 'Attach'.
    const photo = i % 3 === 0 && id !== PARTNER_DEMO.leadToAttach;
    leads.push({ id, user: asha, job, kind, days: Math.floor(i / 2), values: valuesFor(job, i, mobile, NAMES[i % NAMES.length]!, photo) });
  }
  PARTNER_DEMO.raviLeads.forEach((id, i) => {
    const mobile = `97${String(50000000 + i * 131).slice(0, 8)}`;
    leads.push({
      id,
      user: ravi,
      job: 251,
      kind: i === 1 ? 'approved' : 'pending',
      days: i,
      values: valuesFor(251, i + 1, mobile, `Ravi Customer ${i + 1}`, false),
    });
  });

  await db.transaction(async (tx) => {
    await tx
      .insert(files)
      .values({
        file_id: PARTNER_DEMO.leadPhotoFile,
        file_key: photoKey,
        file_name: 'lead-photo.png',
        file_purpose: 'FORM_RESPONSE',
        content_type: 'image/png',
        size_bytes: PNG.length,
        owner_kind: 'worker',
        owner_id: asha,
        status: 'UPLOADED',
      })
      .onConflictDoNothing();
    await tx
      .insert(formResponses)
      .values(
        leads.map((l) => {
          const created = new Date(now - l.days * DAY - (l.id % 24) * 3_600_000);
          return {
            ...demoLead(l.id, l.job, l.values),
            partner_user_id: l.user,
            status: l.kind === 'approved' ? 1 : l.kind === 'rejected' ? 2 : 0,
            sub_status: l.kind === 'partial' ? 1 : 0,
            archive_status: l.kind === 'expired' ? 1 : 0,
            status_comment: COMMENTS[l.kind] ?? null,
            payout_paise: payoutOf.get(l.job) ?? 0,
            created_on: created,
            modified_on: new Date(created.getTime() + (l.kind === 'pending' ? 0 : DAY / 2)),
          };
        }),
      )
      .onConflictDoNothing();
    await tx
      .insert(formResponseData)
      .values(leads.flatMap((l) => l.values.map(([input_id, value, file_id]) => ({ form_response_id: l.id, input_id, value, file_id }))))
      .onConflictDoNothing();

    const bank = (id: number, ifsc: string, name: string, account: string, branch: string, isDefault: boolean, days: number) => ({
      bank_detail_id: id,
      user_id: asha,
      bank_name: name,
      ifsc_code: ifsc,
      account_no_enc: cipher.encrypt(account),
      account_no_last4: account.slice(-4),
      account_no_length: account.length,
      account_no_hash: hmac(config.secretKey, `bank-account:${account}`),
      branch_detail: branch,
      status: 1,
      is_default: isDefault,
      created_on: new Date(now - days * DAY),
    });
    await tx
      .insert(bankDetails)
      .values([
        bank(PARTNER_DEMO.banks.ashaHdfc, 'HDFC0000001', 'HDFC Bank', '50100123454321', 'Sandoz House, Worli, Mumbai', true, 40),
        bank(PARTNER_DEMO.banks.ashaSbi, 'SBIN0005943', 'State Bank of India', '30987654321', 'Koramangala, Bengaluru', false, 12),
      ])
      .onConflictDoNothing();

    const customer = (id: number, user: number, name: string, mobile: string, days: number) => ({
      customer_lead_id: id,
      partner_user_id: user,
      name,
      mobile,
      created_on: new Date(now - days * DAY),
    });
    await tx
      .insert(customerLeads)
      .values([
        customer(201, asha, 'Kiran Shetty', '9812300101', 1),
        customer(202, asha, 'Manish Tiwari', '9812300102', 2),
        customer(203, asha, 'सीमा यादव', '9812300103', 3),
        // Ends in 0: the simulated provider never gets an answer.
        customer(204, asha, 'Deepak Chauhan', '9812300110', 4),
        customer(205, asha, 'Lata Kulkarni', '9812300105', 6),
        customer(206, asha, 'Naveen Raju', '9812300106', 9),
        customer(211, ravi, 'Pooja Bhatt', '9812300211', 2),
      ])
      .onConflictDoNothing();
  });

  // Approved leads credit the wallet the way lead approval does; two payouts went to the bank.
  for (const l of leads) {
    if (l.kind !== 'approved') continue;
    await wallet.post({
      user_id: l.user,
      type: WALLET_CREDIT,
      amount_paise: payoutOf.get(l.job) ?? 0,
      reason: say('wallet.leadApproved'),
      remark: `Lead #${l.id}`,
      ref_type: 'LEAD',
      ref_id: String(l.id),
      affects_earnings: true,
      idempotency_key: `lead:${l.id}:credit:1`,
    });
  }
  for (const [n, amount, remark] of [
    [1, 500_000, 'Paid to HDFC Bank XX4321'],
    [2, 250_000, 'Paid to HDFC Bank XX4321'],
  ] as const) {
    await wallet.post({
      user_id: asha,
      type: WALLET_DEBIT,
      amount_paise: amount,
      reason: say('wallet.payout'),
      remark,
      ref_type: 'PAYOUT',
      ref_id: `demo-${n}`,
      idempotency_key: `payout:demo:${asha}:${n}`,
    });
  }
}
