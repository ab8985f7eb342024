import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntrySchema, leadActionResultSchema, opsLeadSchema } from '@pmw/contract/ops';
import { otpSentSchema } from '@pmw/contract/auth';
import { teamLeadSchema, teamOtpSentSchema, teamSubmittedSchema } from '@pmw/contract/team';
import { formResponses } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, type TestApp } from '../../../test/test-app';

let t: TestApp;
let meena: string;
let ops: string;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  const mobile = '9876500011';
  const sent = await post('/team/otp/send', { mobile, feature: 'MT', team_code: 'TEAM01' });
  const { request_id } = teamOtpSentSchema.parse(body(sent).data);
  const res = await post('/team/login/otp', {
    request_id,
    team_code: 'TEAM01',
    first_name: 'Meena',
    mobile,
    otp: await latestOtp(t, mobile),
  });
  meena = cookieHeader(res);
  ops = await loginOps(t);
});
afterAll(async () => t.close());

/** Form 202 (Sahyog Rewards Credit Card) asks the customer's OTP; 203 does not. */
const card = (mobile: string) => [
  { input_id: 1, value: mobile },
  { input_id: 2, value: 'Farah Khan' },
  { input_id: 3, value: 'FRKPK1234F' },
  { input_id: 4, value: 'Pune' },
];
const leadRow = async (mobile: string) =>
  (await t.database.db.select().from(formResponses).where(eq(formResponses.customer_mobile, mobile)))[0];

describe("a team lead on a form with the customer's OTP", () => {
  it('needs the OTP sent to the customer while online, and marks the lead verified by it', async () => {
    const mobile = '9811200001';
    const without = await post(
      '/team/task/response/submit',
      { form_id: 202, input: card(mobile), idempotency_key: 'otp-lead-0001' },
      meena,
    );
    expect(without.statusCode).toBe(400);
    expect(body(without).message).toBe('Please verify your mobile number with the OTP');

    const sent = await post('/team/lead/otp/send', { form_id: 202, mobile }, meena);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(otpSentSchema.parse(body(sent).data).mobile).toBe(mobile);
    const wrong = await post(
      '/team/task/response/submit',
      {
        form_id: 202,
        input: card(mobile),
        idempotency_key: 'otp-lead-0001',
        otp: '0000' === (await latestOtp(t, mobile)) ? '1111' : '0000',
      },
      meena,
    );
    expect(wrong.statusCode).toBe(400);
    const otp = await latestOtp(t, mobile);
    const ok = await post(
      '/team/task/response/submit',
      { form_id: 202, input: card(mobile), idempotency_key: 'otp-lead-0001', otp },
      meena,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const { form_response_id } = teamSubmittedSchema.parse(body(ok).data);
    // A retry of the same submit (its answer lost) answers the same lead though the code is used.
    const retry = await post(
      '/team/task/response/submit',
      { form_id: 202, input: card(mobile), idempotency_key: 'otp-lead-0001', otp },
      meena,
    );
    expect(teamSubmittedSchema.parse(body(retry).data).form_response_id).toBe(form_response_id);
    expect((await leadRow(mobile))?.mobile_check).toBe('otp');
  });

  it('refuses to send an OTP for a form that asks none, or without a team session', async () => {
    const res = await post('/team/lead/otp/send', { form_id: 203, mobile: '9811200002' }, meena);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('This project does not ask for an OTP');
    expect((await post('/team/lead/otp/send', { form_id: 202, mobile: '9811200002' })).statusCode).toBe(401);
    // A form without OTP takes the lead as before, with nothing to mark.
    const lead = await post(
      '/team/task/response/submit',
      { form_id: 203, input: card('9811200002'), idempotency_key: 'no-otp-0001' },
      meena,
    );
    expect(lead.statusCode, lead.body).toBe(200);
    expect((await leadRow('9811200002'))?.mobile_check).toBeNull();
  });

  it('takes a lead queued offline as unverified, shows it so to the member and ops, and ops verify it by a call (audited) or reject it', async () => {
    const mobile = '9811200003';
    const queued = await post(
      '/team/task/response/submit',
      { form_id: 202, input: card(mobile), idempotency_key: 'queued-0001', offline_unverified: true },
      meena,
    );
    expect(queued.statusCode, queued.body).toBe(200);
    const { form_response_id: id } = teamSubmittedSchema.parse(body(queued).data);

    const mine = teamLeadSchema
      .array()
      .parse(body(await get('/team/project/report/data?form_id=202&status=0&archive_status=0', meena)).data);
    expect(mine.find((l) => l.form_response_id === id)?.mobile_check).toBe('unverified');

    const queue = body<{ rows: unknown[] }>(await get('/ops/leads?mobile_check=unverified', ops)).data.rows.map((r) =>
      opsLeadSchema.parse(r),
    );
    expect(queue.map((l) => l.form_response_id)).toContain(id);
    expect(queue.every((l) => l.mobile_check === 'unverified')).toBe(true);

    const verified = await post('/ops/leads/verify-by-call', { form_response_ids: [id] }, ops);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(leadActionResultSchema.parse(body(verified).data).results[0]).toMatchObject({
      ok: true,
      changed: true,
      message: 'Verified by call',
    });
    expect((await leadRow(mobile))?.mobile_check).toBe('call');
    const audit = body<{ rows: unknown[] }>(await get(`/ops/audit?entity_type=lead&entity_id=${id}`, ops)).data.rows.map((r) =>
      auditEntrySchema.parse(r),
    );
    expect(audit.some((a) => a.action === 'lead.verified_by_call')).toBe(true);
    // A lead verified by its OTP has nothing to verify by call.
    const otpLead = await leadRow('9811200001');
    const refused = leadActionResultSchema.parse(
      body(await post('/ops/leads/verify-by-call', { form_response_ids: [otpLead!.form_response_id] }, ops)).data,
    );
    expect(refused.results[0]).toMatchObject({ ok: false, changed: false });

    // Another unverified lead is rejected instead.
    const other = await post(
      '/team/task/response/submit',
      { form_id: 202, input: card('9811200004'), idempotency_key: 'queued-0002', offline_unverified: true },
      meena,
    );
    const otherId = teamSubmittedSchema.parse(body(other).data).form_response_id;
    const rejected = await post(
      '/ops/leads/reject',
      { form_response_ids: [otherId], comment: 'Customer did not confirm on the call' },
      ops,
    );
    expect(leadActionResultSchema.parse(body(rejected).data).results[0]).toMatchObject({ ok: true });
    expect((await leadRow('9811200004'))?.status).toBe(2);
  });
});
