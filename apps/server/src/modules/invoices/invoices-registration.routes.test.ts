import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partnerInvoicesSchema } from '@pmw/contract/invoices';
import { notificationListSchema } from '@pmw/contract/notifications';
import { payoutRunDetailSchema } from '@pmw/contract/ops';
import { payoutStatementSchema } from '@pmw/contract/partner';
import { type users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { walletOf } from '../ops/ops-fixtures.test-helper';
import { callAs, earn as earnFor, paidPartner, registerGstin } from './invoices.test-helper';

/** A partner who earned before registering for GST, then registered (GSTIN in Karnataka, the company's state). */
const LATE = 4611;
/** A partner whose GSTIN ops reject after an invoice was drafted. */
const LAPSED = 4612;
const GSTIN = { [LATE]: '29ABCPK1234L1ZO', [LAPSED]: '27ABCPK1234L1ZS' } as const;

let t: TestApp;
let admin: string;
const cookies: Record<number, string> = {};
const gstDocs: Record<number, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  const people: (typeof users.$inferInsert)[] = [
    { user_id: LATE, mobile: '9876546110', first_name: 'Meera', last_name: 'Iyer', city: 'Mysuru', state: 'Karnataka' },
    { user_id: LAPSED, mobile: '9876546120', first_name: 'Farhan', city: 'Pune', state: 'Maharashtra' },
  ];
  for (const person of people) cookies[person.user_id!] = await paidPartner(t, person, `5010088888${person.user_id}`);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => callAs(t, method, url, cookie, payload);
const earn = (userId: number, paise: number, leadId: number) => earnFor(t, userId, paise, leadId);
/** The GSTIN is added (and verified) a minute after what was earned so far. */
async function register(userId: keyof typeof GSTIN) {
  await t.database.db
    .update(walletTransactions)
    .set({ created_on: new Date(Date.now() - 60_000) })
    .where(eq(walletTransactions.user_id, userId));
  gstDocs[userId] = await registerGstin(t, userId, GSTIN[userId]);
}
const invoicesOf = async (id: number) => partnerInvoicesSchema.parse(body(await call('GET', '/partner/invoices', cookies[id]!)).data);
const run = async (key: string, ids: number[]) =>
  payoutRunDetailSchema.parse(body(await call('POST', '/ops/payouts/runs', admin, { request_key: key, user_ids: ids })).data);
const notificationsOf = async (id: number) =>
  notificationListSchema.parse(body(await call('GET', '/partner/notifications', cookies[id]!)).data).rows;

describe('GST partners: what was earned before the registration, and after the GSTIN goes', () => {
  let invoiceId = 0;

  it('pays the earnings from before the GST registration without an invoice, once, and holds the rest for its invoice', async () => {
    await earn(LATE, 30_000, 920_001);
    await register(LATE);
    await earn(LATE, 50_000, 920_002);
    // Only what was earned since the GSTIN goes on the invoice.
    const [draft] = (await invoicesOf(LATE)).invoices;
    expect(draft).toMatchObject({ status: 'DRAFT', taxable_paise: 50_000, earnings_count: 1 });
    invoiceId = draft!.invoice_id;

    const first = await run('reg-run-0001', [LATE]);
    expect(first.items.find((i) => i.user_id === LATE)).toMatchObject({
      state: 'PROCESSING',
      gross_paise: 30_000,
      uninvoiced_paise: 30_000,
      tds_paise: 0,
      net_paise: 30_000,
    });
    expect((await walletOf(t, LATE)).balance).toBe(50_000);
    expect((await invoicesOf(LATE)).invoices[0]).toMatchObject({ invoice_id: invoiceId, status: 'DRAFT', taxable_paise: 50_000 });

    // Paid once: the next run holds the rest until its invoice is approved.
    const second = await run('reg-run-0002', [LATE]);
    expect(second.items.find((i) => i.user_id === LATE)).toMatchObject({
      state: 'HELD',
      reason: expect.stringMatching(/^Awaiting invoice/),
    });
    expect((await walletOf(t, LATE)).balance).toBe(50_000);
  });

  it('tells the partner when ops send the invoice back (with the reason) and when they approve it; the run then pays it', async () => {
    expect((await call('POST', `/partner/invoices/${invoiceId}/accept`, cookies[LATE]!)).statusCode).toBe(200);
    expect((await call('POST', `/ops/invoices/${invoiceId}/reject`, admin, { reason: 'PIN code missing' })).statusCode).toBe(200);
    const sentBack = (await notificationsOf(LATE)).find((n) => n.kind === 'invoice_rejected');
    expect(sentBack).toMatchObject({
      link: `/partner/earnings#invoice-${invoiceId}`,
      text: expect.stringContaining('was sent back: PIN code missing.'),
      read: false,
    });
    expect((await call('POST', `/partner/invoices/${invoiceId}/accept`, cookies[LATE]!)).statusCode).toBe(200);
    expect((await call('POST', `/ops/invoices/${invoiceId}/approve`, admin)).statusCode).toBe(200);
    const approved = (await notificationsOf(LATE)).find((n) => n.kind === 'invoice_approved');
    // 500 + 9% CGST + 9% SGST = 590.
    expect(approved).toMatchObject({
      link: `/partner/earnings#invoice-${invoiceId}`,
      text: expect.stringContaining('for ₹590 is approved'),
    });

    const third = await run('reg-run-0003', [LATE]);
    expect(third.items.find((i) => i.user_id === LATE)).toMatchObject({
      state: 'PROCESSING',
      gross_paise: 59_000,
      uninvoiced_paise: 0,
      net_paise: 59_000,
    });
    expect((await walletOf(t, LATE)).balance).toBe(0);
    const statement = payoutStatementSchema.parse(body(await call('GET', '/partner/payouts/statement', cookies[LATE]!)).data);
    expect(statement.payouts.map((p) => [p.gross_paise, p.gst_paise, p.uninvoiced_paise])).toEqual([
      [59_000, 9_000, 0],
      [30_000, 0, 30_000],
    ]);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
    expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
  });

  it('once the GSTIN is rejected, pays the earnings not yet on an approved invoice without one and cancels the open invoices', async () => {
    await register(LAPSED);
    await earn(LAPSED, 20_000, 920_101);
    const [draft] = (await invoicesOf(LAPSED)).invoices;
    expect(draft).toMatchObject({ status: 'DRAFT', taxable_paise: 20_000 });
    await t.services.documents.setStatus(gstDocs[LAPSED]!, 2, 'Not active on the GST portal');
    await earn(LAPSED, 5_000, 920_102);

    const paid = await run('reg-run-0101', [LAPSED]);
    expect(paid.items.find((i) => i.user_id === LAPSED)).toMatchObject({ state: 'PROCESSING', gross_paise: 25_000, net_paise: 25_000 });
    const after = await invoicesOf(LAPSED);
    expect(after.gst_registered).toBe(false);
    expect(after.invoices).toEqual([expect.objectContaining({ invoice_id: draft!.invoice_id, status: 'CANCELLED' })]);
    // A cancelled invoice cannot be sent, so its earnings are never paid twice.
    expect((await call('POST', `/partner/invoices/${draft!.invoice_id}/accept`, cookies[LAPSED]!)).statusCode).toBe(409);
    expect((await walletOf(t, LAPSED)).balance).toBe(0);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });
});
