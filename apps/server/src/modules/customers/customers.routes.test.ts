import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callSchema, customerLeadsSchema } from '@pmw/contract/partner';
import { customerCalls } from '../../db/schema/index';
import { SIMULATED_TIMELINE } from '../../providers/calling';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';
import { PARTNER_DEMO } from '../../seed/partner.seed';

let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const get = (url: string, cookie = asha) => t.app.inject({ method: 'GET', url: `/api/v2/partner${url}`, headers: { cookie } });
const post = (url: string, payload: unknown, cookie = asha) =>
  t.app.inject({ method: 'POST', url: `/api/v2/partner${url}`, payload: payload as object, headers: { cookie } });
/** Moves a call's start back, as if that many seconds had passed. */
async function age(callId: number, seconds: number) {
  await t.database.db
    .update(customerCalls)
    .set({ created_on: new Date(Date.now() - seconds * 1000) })
    .where(eq(customerCalls.call_id, callId));
}
const enquire = async (callId: number, cookie = asha) =>
  callSchema.parse(body(await get(`/calling/customer/enquiry?call_id=${callId}`, cookie)).data);

describe('Customer Leads', () => {
  it('lists only the partner\u2019s customers, newest first, with a name search', async () => {
    const all = customerLeadsSchema.parse(body(await get('/customer/leads/users/fetch')).data);
    expect(all.count).toBe(6);
    expect(all.rows[0]).toMatchObject({
      customer_lead_id: PARTNER_DEMO.customers.first,
      CustomerLead: { name: 'Kiran Shetty', mobile: '9812300101' },
    });
    const found = customerLeadsSchema.parse(body(await get(`/customer/leads/users/fetch?search=${encodeURIComponent('सीमा')}`)).data);
    expect(found.rows.map((r) => r.CustomerLead.name)).toEqual(['सीमा यादव']);
    const ravis = customerLeadsSchema.parse(body(await get('/customer/leads/users/fetch', ravi)).data);
    expect(ravis.rows.map((r) => r.customer_lead_id)).toEqual([PARTNER_DEMO.customers.ravi]);
    expect((await get('/customer/leads/users/fetch', '')).statusCode).toBe(401);
  });

  it('assigns imported customers once, skipping repeats and reporting bad mobiles', async () => {
    const res = await t.services.customers.assignToPartner(102, [
      { name: 'New One', mobile: '+91 98123 00999' },
      { name: 'Pooja Bhatt', mobile: '9812300211' },
      { name: 'Bad', mobile: '12345' },
    ]);
    expect(res).toEqual({ added: 1, skipped: 1, invalid: [{ row: 3, mobile: '12345' }] });
  });
});

describe('click-to-call', () => {
  it('connects, then moves through queued, ringing, in-progress and completed with a timer', async () => {
    const res = await post('/calling/customer/connect', { customer_lead_id: PARTNER_DEMO.customers.first, entity_type: 'LEAD' });
    expect(res.statusCode).toBe(200);
    const call = callSchema.parse(body(res).data);
    expect(call).toMatchObject({ status: 'queued', timer: 0, customer_name: 'Kiran Shetty' });
    expect(call.Sid).toMatch(/^SIM-/);
    await age(call.call_id, SIMULATED_TIMELINE.ringingAt + 0.5);
    expect((await enquire(call.call_id)).status).toBe('ringing');
    await age(call.call_id, SIMULATED_TIMELINE.answeredAt + 3.2);
    const talking = await enquire(call.call_id);
    expect(talking.status).toBe('in-progress');
    expect(talking.timer).toBe(3);
    await age(call.call_id, SIMULATED_TIMELINE.endedAt + 5);
    const done = await enquire(call.call_id);
    expect(done.status).toBe('completed');
    expect(done.timer).toBe(SIMULATED_TIMELINE.endedAt - SIMULATED_TIMELINE.answeredAt);
    // A finished call stays as it ended.
    expect((await enquire(call.call_id)).status).toBe('completed');
  });

  it('a customer mobile ending in 0 never answers', async () => {
    const call = callSchema.parse(
      body(await post('/calling/customer/connect', { customer_lead_id: PARTNER_DEMO.customers.noAnswer, entity_type: 'LEAD' })).data,
    );
    await age(call.call_id, SIMULATED_TIMELINE.answeredAt + 1);
    expect((await enquire(call.call_id)).status).toBe('ringing');
    await age(call.call_id, SIMULATED_TIMELINE.giveUpAt + 1);
    expect(await enquire(call.call_id)).toMatchObject({ status: 'no-answer', timer: 0 });
  });

  it('refuses another partner\u2019s customer or call, and bad bodies', async () => {
    expect(
      (await post('/calling/customer/connect', { customer_lead_id: PARTNER_DEMO.customers.ravi, entity_type: 'LEAD' })).statusCode,
    ).toBe(404);
    const mine = callSchema.parse(
      body(await post('/calling/customer/connect', { customer_lead_id: PARTNER_DEMO.customers.ravi, entity_type: 'LEAD' }, ravi)).data,
    );
    expect((await get(`/calling/customer/enquiry?call_id=${mine.call_id}`)).statusCode).toBe(404);
    expect(
      (await post('/calling/customer/connect', { customer_lead_id: PARTNER_DEMO.customers.first, entity_type: 'TICKET' })).statusCode,
    ).toBe(400);
    expect((await get('/calling/customer/enquiry?call_id=abc')).statusCode).toBe(400);
  });
});

describe('click-to-call limits', () => {
  const connect = (customer_lead_id: number, cookie = asha) =>
    post('/calling/customer/connect', { customer_lead_id, entity_type: 'LEAD' }, cookie);
  /** Ends a call as the provider would report it, a while ago. */
  const finish = async (callId: number) => {
    await age(callId, SIMULATED_TIMELINE.endedAt + 5);
    expect((await enquire(callId)).status).toBe('completed');
  };
  let others: { customer_lead_id: number; mobile: string }[];
  beforeAll(async () => {
    const all = customerLeadsSchema.parse(body(await get('/customer/leads/users/fetch')).data).rows;
    others = all
      .filter((r) => ![PARTNER_DEMO.customers.first, PARTNER_DEMO.customers.noAnswer].includes(r.customer_lead_id as never))
      .map((r) => ({ customer_lead_id: r.customer_lead_id, mobile: r.CustomerLead.mobile }));
  });

  it('one live call per partner: a second call waits until the first ends', async () => {
    const [a, b] = others;
    const first = callSchema.parse(body(await connect(a!.customer_lead_id)).data);
    const second = await connect(b!.customer_lead_id);
    expect(second.statusCode).toBe(429);
    expect(body(second).message).toBe('You are already on a call. Please finish it before making another.');
    // The live call is asked about again: once the provider says it ended, the next call goes through.
    await age(first.call_id, SIMULATED_TIMELINE.endedAt + 5);
    const next = await connect(b!.customer_lead_id);
    expect(next.statusCode).toBe(200);
    await finish(callSchema.parse(body(next).data).call_id);
    // Two taps at once ring once.
    const both = await Promise.all([connect(a!.customer_lead_id), connect(b!.customer_lead_id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    await finish(callSchema.parse(body(both.find((r) => r.statusCode === 200)!).data).call_id);
  });

  it('three calls to one customer an hour, by any partner; the fourth is refused', async () => {
    const c = others[2]!;
    for (let i = 0; i < 3; i++) {
      const res = await connect(c.customer_lead_id);
      expect(res.statusCode, body(res).message).toBe(200);
      await finish(callSchema.parse(body(res).data).call_id);
    }
    const fourth = await connect(c.customer_lead_id);
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message).toBe('This customer was already called 3 times in the last hour. Please try again later.');
    // The same mobile assigned to another partner is the same person.
    await t.services.customers.assignToPartner(102, [{ name: 'Same Person', mobile: c.mobile }]);
    const ravis = customerLeadsSchema
      .parse(body(await get('/customer/leads/users/fetch', ravi)).data)
      .rows.find((r) => r.CustomerLead.mobile === c.mobile)!;
    await t.database.db.update(customerCalls).set({ status: 'completed' }).where(eq(customerCalls.partner_user_id, 102));
    const byRavi = await connect(ravis.customer_lead_id, ravi);
    expect(byRavi.statusCode).toBe(429);
    expect(body(byRavi).message).toBe(body(fourth).message);
  });
});
