import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoiceSchema, opsInvoiceSchema, partnerInvoicesSchema, type Invoice } from '@pmw/contract/invoices';
import { payoutPreviewSchema, payoutRunDetailSchema } from '@pmw/contract/ops';
import { payoutStatementSchema } from '@pmw/contract/partner';
import { type users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { walletOf } from '../ops/ops-fixtures.test-helper';
import { callAs, earn as earnFor, paidPartner, registerGstin } from './invoices.test-helper';

/** SAME has a GSTIN in the company's state (29, Karnataka), OTHER in Maharashtra (27); PLAIN has none. */
const SAME = 4601;
const OTHER = 4602;
const PLAIN = 4603;
const GSTIN = { [SAME]: '29ABCPK1234L1ZO', [OTHER]: '27ABCPK1234L1ZS' } as const;

let t: TestApp;
let admin: string;
const cookies: Record<number, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  const people: (typeof users.$inferInsert)[] = [
    {
      user_id: SAME,
      mobile: '9876546010',
      first_name: 'Kavya',
      last_name: 'Rao',
      permanent_address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zip_code: '560001',
    },
    { user_id: OTHER, mobile: '9876546020', first_name: 'Rohan', city: 'Pune', state: 'Maharashtra' },
    { user_id: PLAIN, mobile: '9876546030', first_name: 'Imran' },
  ];
  for (const person of people) cookies[person.user_id!] = await paidPartner(t, person, `5010077777${person.user_id}`);
  for (const id of [SAME, OTHER] as const) await registerGstin(t, id, GSTIN[id]);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => callAs(t, method, url, cookie, payload);
const earn = (userId: number, paise: number, leadId: number) => earnFor(t, userId, paise, leadId);
const invoicesOf = async (id: number) => partnerInvoicesSchema.parse(body(await call('GET', '/partner/invoices', cookies[id]!)).data);

describe('GST invoices', () => {
  let mine: Invoice;

  it('drafts the month’s invoice from approved earnings, CGST and SGST within the company’s state', async () => {
    await earn(SAME, 60_000, 900_001);
    await earn(SAME, 40_050, 900_002);
    const list = await invoicesOf(SAME);
    expect(list.gst_registered).toBe(true);
    expect(list.invoices).toHaveLength(1);
    mine = list.invoices[0]!;
    expect(mine).toMatchObject({
      status: 'DRAFT',
      earnings_count: 2,
      taxable_paise: 100_050,
      gst_rate_percent: 18,
      cgst_paise: 9_005,
      sgst_paise: 9_005,
      igst_paise: 0,
      total_paise: 118_060,
      supplier: { name: 'Kavya Rao', gstin: GSTIN[SAME], address: '12 MG Road, Bengaluru, Karnataka, 560001', state_code: '29' },
      recipient: { gstin: '29AAHCP1234Q1ZX', state_code: '29' },
    });
    expect(mine.invoice_number).toMatch(new RegExp(`^PMW${SAME}/\\d{4}-\\d{2}/001$`));
    // A later earning of the month joins the draft; the number stays.
    await earn(SAME, 10_000, 900_003);
    const again = (await invoicesOf(SAME)).invoices;
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ invoice_number: mine.invoice_number, taxable_paise: 110_050, earnings_count: 3 });
  });

  it('bills IGST across states, and a partner without a GSTIN has no invoices', async () => {
    await earn(OTHER, 50_000, 900_101);
    const other = (await invoicesOf(OTHER)).invoices[0]!;
    expect(other).toMatchObject({ igst_paise: 9_000, cgst_paise: 0, sgst_paise: 0, total_paise: 59_000 });
    expect(other.invoice_number).toMatch(new RegExp(`^PMW${OTHER}/.+/001$`));
    await earn(PLAIN, 50_000, 900_201);
    expect(await invoicesOf(PLAIN)).toEqual({ gst_registered: false, invoices: [] });
  });

  it('shows an invoice only to its partner', async () => {
    expect((await call('GET', `/partner/invoices/${mine.invoice_id}`, cookies[OTHER]!)).statusCode).toBe(404);
    expect((await call('POST', `/partner/invoices/${mine.invoice_id}/accept`, cookies[OTHER]!)).statusCode).toBe(404);
    expect((await call('GET', `/partner/invoices/${mine.invoice_id}/pdf`, cookies[OTHER]!)).statusCode).toBe(404);
    expect((await call('GET', `/partner/invoices/${mine.invoice_id}`, cookies[SAME]!)).statusCode).toBe(200);
    // Ops routes need an ops session.
    expect((await call('GET', '/ops/invoices', cookies[SAME]!)).statusCode).toBe(401);
  });

  it('does not pay a GST partner’s earnings without an approved invoice', async () => {
    const preview = payoutPreviewSchema.parse(body(await call('GET', '/ops/payouts/preview', admin)).data);
    expect(preview.candidates.find((c) => c.user_id === SAME)).toMatchObject({
      hold_reason: expect.stringMatching(/^Awaiting invoice/),
      payable_paise: 0,
    });
    const run = payoutRunDetailSchema.parse(
      body(await call('POST', '/ops/payouts/runs', admin, { request_key: 'inv-run-0001', user_ids: [SAME, PLAIN] })).data,
    );
    expect(run.items.find((i) => i.user_id === SAME)).toMatchObject({ state: 'HELD', reason: expect.stringMatching(/^Awaiting invoice/) });
    expect(run.items.find((i) => i.user_id === PLAIN)).toMatchObject({ state: 'PROCESSING', net_paise: 50_000 });
    expect((await walletOf(t, SAME)).balance).toBe(110_050);
  });

  it('the partner accepts, ops reject with a reason, the partner sends their own PDF, ops approve', async () => {
    const accepted = invoiceSchema.parse(body(await call('POST', `/partner/invoices/${mine.invoice_id}/accept`, cookies[SAME]!)).data);
    expect(accepted).toMatchObject({ status: 'SUBMITTED', source: 'PORTAL', taxable_paise: 110_050 });
    expect(body(await call('POST', `/partner/invoices/${mine.invoice_id}/accept`, cookies[SAME]!))).toMatchObject({
      status: false,
      code: 'CONFLICT',
      message: 'This invoice has already been sent',
    });
    // An earning after the acceptance goes on a new invoice, next in the series.
    await earn(SAME, 5_000, 900_004);
    const list = (await invoicesOf(SAME)).invoices;
    expect(list.map((i) => [i.invoice_number.slice(-3), i.status])).toEqual([
      ['002', 'DRAFT'],
      ['001', 'SUBMITTED'],
    ]);

    const queue = body<unknown[]>(await call('GET', '/ops/invoices', admin)).data.map((r) => opsInvoiceSchema.parse(r));
    expect(queue[0]).toMatchObject({ invoice_id: mine.invoice_id, status: 'SUBMITTED', partner_name: 'Kavya Rao' });
    expect(queue.some((r) => r.status === 'DRAFT')).toBe(false);
    expect((await call('POST', `/ops/invoices/${mine.invoice_id}/reject`, admin, { reason: '' })).statusCode).toBe(400);
    const rejected = body(await call('POST', `/ops/invoices/${mine.invoice_id}/reject`, admin, { reason: 'Address missing the PIN code' }));
    expect(rejected).toMatchObject({ message: `Invoice ${mine.invoice_number} sent back to the partner`, data: { status: 'REJECTED' } });
    expect((await call('POST', `/ops/invoices/${mine.invoice_id}/approve`, admin)).statusCode).toBe(409);

    // The partner's own PDF, through the upload links: a PNG is refused, a PDF taken.
    const upload = async (name: string, bytes: Buffer, type: string) => {
      const signed = await t.services.files.signUpload({ kind: 'worker', id: SAME }, { file_name: name, file_purpose: 'USER_DOCUMENT' });
      await t.app.inject({ method: 'PUT', url: signed.url, payload: bytes, headers: { 'content-type': type } });
      return (
        await t.services.files.add({ kind: 'worker', id: SAME }, { file_key: signed.key, file_name: name, file_purpose: 'USER_DOCUMENT' })
      ).file_id;
    };
    const png = await upload(
      'invoice.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
      'image/png',
    );
    expect((await call('POST', `/partner/invoices/${mine.invoice_id}/upload`, cookies[SAME]!, { file_id: png })).statusCode).toBe(415);
    const pdf = await upload('my-invoice.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    // Another partner cannot send a file for it, nor send their file for it.
    expect((await call('POST', `/partner/invoices/${mine.invoice_id}/upload`, cookies[OTHER]!, { file_id: pdf })).statusCode).toBe(404);
    const sent = invoiceSchema.parse(
      body(await call('POST', `/partner/invoices/${mine.invoice_id}/upload`, cookies[SAME]!, { file_id: pdf })).data,
    );
    expect(sent).toMatchObject({ status: 'SUBMITTED', source: 'UPLOADED', file_id: pdf, reject_reason: null });
    expect(sent.file_url).toBeTruthy();

    const approved = body(await call('POST', `/ops/invoices/${mine.invoice_id}/approve`, admin));
    expect(approved).toMatchObject({
      message: `Invoice ${mine.invoice_number} approved: the next payout run pays it`,
      data: { status: 'APPROVED' },
    });
  });

  it('the run pays the approved invoice: commission and GST, TDS on the commission only; the rest waits', async () => {
    const run = payoutRunDetailSchema.parse(
      body(await call('POST', '/ops/payouts/runs', admin, { request_key: 'inv-run-0002', user_ids: [SAME] })).data,
    );
    // 1,100.50 + 18% GST (99.05 CGST + 99.05 SGST); under the TDS threshold, so no TDS.
    expect(run.items.find((i) => i.user_id === SAME)).toMatchObject({
      state: 'PROCESSING',
      gross_paise: 129_860,
      tds_paise: 0,
      net_paise: 129_860,
    });
    // The later earning (50.00), on the new draft, stays in the wallet.
    expect((await walletOf(t, SAME)).balance).toBe(5_000);
    const ledger = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.user_id, SAME));
    expect(ledger.filter((r) => r.ref_type === 'INVOICE').map((r) => [r.amount_paise, r.reason])).toEqual([
      [19_810, `GST on invoice ${mine.invoice_number}`],
    ]);
    expect((await invoicesOf(SAME)).invoices.find((i) => i.invoice_id === mine.invoice_id)).toMatchObject({
      status: 'PAID',
      payout_run_id: run.payout_run_id,
    });
    // A second run pays nothing more.
    const next = payoutRunDetailSchema.parse(
      body(await call('POST', '/ops/payouts/runs', admin, { request_key: 'inv-run-0003', user_ids: [SAME] })).data,
    );
    expect(next.items.find((i) => i.user_id === SAME)).toMatchObject({ state: 'HELD', reason: expect.stringMatching(/^Awaiting invoice/) });
    const statement = payoutStatementSchema.parse(body(await call('GET', '/partner/payouts/statement', cookies[SAME]!)).data);
    expect(statement).toMatchObject({ gross_paise: 129_860, gst_paise: 19_810, tds_paise: 0, net_paise: 129_860 });
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
    expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
  });

  it('answers the invoice and the statement as PDFs', async () => {
    for (const [url, cookie] of [
      [`/partner/invoices/${mine.invoice_id}/pdf`, cookies[SAME]!],
      [`/ops/invoices/${mine.invoice_id}/pdf`, admin],
    ] as const) {
      const res = await call('GET', url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`pmw-invoice-PMW${SAME}-`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toContain(mine.invoice_number);
      // Set in the embedded Noto Sans Devanagari (which has the rupee sign), not a standard font.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
      expect(res.rawPayload.toString('latin1')).not.toContain('Helvetica');
    }
    const st = await call('GET', '/partner/payouts/statement/pdf', cookies[SAME]!);
    expect(st.statusCode).toBe(200);
    expect(st.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(st.rawPayload.toString('latin1')).toContain('PickMyWork payout statement FY ');
    // In Hindi for a Hindi reader: the same document, its words in Devanagari, from the same embedded font.
    const hindi = await t.app.inject({
      method: 'GET',
      url: '/api/v2/partner/payouts/statement/pdf',
      headers: { cookie: cookies[SAME]!, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    const month = await call('GET', `/partner/payouts/statement/pdf?month=${mine.month}`, cookies[SAME]!);
    expect(month.statusCode).toBe(200);
    expect(month.headers['content-disposition']).toContain(`pmw-payouts-${mine.month}.pdf`);
    expect((await call('GET', '/partner/payouts/statement/pdf?month=2026-13', cookies[SAME]!)).statusCode).toBe(400);
  });
});
