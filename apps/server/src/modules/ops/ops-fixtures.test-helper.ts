import { sql } from 'drizzle-orm';
import { formResponses, opsAgents, users } from '../../db/schema/index';
import { loginOps, type TestApp } from '../../../test/test-app';
import { APPROVAL_NOTICE_HOLD_SECONDS } from './lead-verification.service';

/** A support-role agent (user 4100), logged in. */
export async function loginSupportAgent(t: TestApp): Promise<string> {
  const mobile = '9876504100';
  await t.database.db.insert(users).values({ user_id: 4100, mobile, first_name: 'Sunil' }).onConflictDoNothing();
  await t.database.db.insert(opsAgents).values({ user_id: 4100, role: 'support' }).onConflictDoNothing();
  return loginOps(t, mobile);
}

/** A pending lead on project 201 for Asha (101) or a team member, paying `payout_paise`. */
export async function insertLead(
  t: TestApp,
  opts: {
    partner_user_id?: number | null;
    team_member_user_id?: number | null;
    payout_paise?: number;
    job_id?: number;
    created_on?: Date;
    status?: number;
  } = {},
): Promise<number> {
  const job = opts.job_id ?? 201;
  const [row] = await t.database.db
    .insert(formResponses)
    .values({
      form_id: job,
      job_id: job,
      partner_user_id: opts.partner_user_id === undefined ? 101 : opts.partner_user_id,
      team_member_user_id: opts.team_member_user_id ?? null,
      customer_name: 'Test Customer',
      customer_mobile: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      payout_paise: opts.payout_paise ?? 50_000,
      status: opts.status ?? 0,
      ...(opts.created_on ? { created_on: opts.created_on } : {}),
    })
    .returning({ id: formResponses.form_response_id });
  return row!.id;
}

export async function walletOf(t: TestApp, userId: number): Promise<{ balance: number; earned: number }> {
  const r = (await t.database.db.execute(
    sql`select balance_paise::int as b, earned_paise::int as e from wallets where user_id = ${userId}`,
  )) as unknown as { rows: { b: number; e: number }[] };
  return { balance: Number(r.rows[0]?.b ?? 0), earned: Number(r.rows[0]?.e ?? 0) };
}

/** A project body that passes the contract, to change per test. */
export function validProject(overrides: Record<string, unknown> = {}) {
  return {
    employer_id: 1,
    job_category_id: 1,
    job_title: 'Zenith Bank Platinum Credit Card',
    payout_paise: 75_000,
    payout_prefix: 'Earn',
    payout_text: '₹750 per approved card',
    features: ['Lifetime free', '5% cashback'],
    criteria: 'Age_21-60;;Income_25000+',
    duplicate_window_days: 30,
    validity_days: 15,
    locations: [{ city: 'Bengaluru', address: 'MG Road', pincode: '560001' }],
    pincodes: ['560001', '560002'],
    ...overrides,
  };
}

export const validForm = () => ({
  is_otp_required: true,
  inputs: [
    {
      input_id: 1,
      label: 'Customer Mobile',
      input_type: 'NUMBER',
      input_category: 'MOBILE',
      validation: { required: true },
      is_primary: true,
    },
    { input_id: 2, label: 'Customer Name', input_type: 'TEXT', validation: { required: true } },
    { input_id: 3, label: 'Card variant', input_type: 'DROPDOWN', input_enum: ['Platinum', 'Gold'], validation: { required: false } },
  ],
});

/** A time just past an approval's undo window, when the texts the approval queued may go. */
export const pastUndoWindow = () => new Date(Date.now() + (APPROVAL_NOTICE_HOLD_SECONDS + 1) * 1000);
