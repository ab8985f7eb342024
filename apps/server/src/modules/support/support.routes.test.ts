import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fileAddedSchema, fileUrlSchema, signedUploadSchema } from '@pmw/contract/files';
import { agentSupportRoutes, supportRoutes, supportTexts, timeline, closingMessage } from '@pmw/contract/support';
import type { RouteDef } from '@pmw/contract/api';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { SUPPORT_DEMO } from '../../seed/support.seed';

let t: TestApp;
let asha: string;
let ravi: string;
/** Someone who logged in for the first time: no leads, no applications. */
let newcomer: string;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, newcomer, ops] = await Promise.all([
    loginWorker(t, '9876500001'),
    loginWorker(t, '9876500002'),
    loginWorker(t, '9876509001'),
    loginOps(t),
  ]);
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Calls a contract route and parses a success with the route's own response schema. */
async function call<T extends RouteDef>(route: T, cookie: string, input: Record<string, unknown> = {}) {
  const isGet = route.method === 'GET';
  const qs = isGet ? '?' + new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString() : '';
  const res = await t.app.inject({
    method: route.method,
    url: `/api/v2${route.path}${qs}`,
    headers: { cookie },
    ...(isGet ? {} : { payload: input }),
  });
  const env = body(res);
  return {
    status: res.statusCode,
    message: env.message,
    data: res.statusCode === 200 ? (route.response.parse(env.data) as z.output<T['response']>) : undefined,
  };
}

const T = SUPPORT_DEMO.tickets;

describe('the worker side', () => {
  it("lists Asha's tickets in every status, newest first, with the project title; Ravi has none", async () => {
    const mine = await call(supportRoutes.tickets, asha, { user_id: 101 });
    expect(mine.status).toBe(200);
    const statuses = new Set(mine.data!.map((x) => x.status));
    expect([...statuses].sort()).toEqual([0, 10, 20, 30, 40]);
    const answered = mine.data!.find((x) => x.ticket_id === T.answered)!;
    expect(answered.jobData?.job_title).toBe('Sahyog Platinum Credit Card');
    expect(answered.agent_name).toBe('Priya');
    const times = mine.data!.map((x) => Date.parse(x.created_on));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call(supportRoutes.tickets, ravi)).data).toEqual([]);
  });

  it("names projects in the worker's language: tickets, the project picker's titles, employers and categories; agents read English", async () => {
    const hindi = `${asha}; pmw_lang=hi`;
    const mine = await call(supportRoutes.tickets, hindi, { user_id: 101 });
    expect(mine.data!.find((x) => x.ticket_id === T.answered)!.jobData?.job_title).toBe('सहयोग प्लैटिनम क्रेडिट कार्ड');
    expect((await call(supportRoutes.ticket, hindi, { ticket_id: T.answered })).data!.jobData?.job_title).toBe('सहयोग प्लैटिनम क्रेडिट कार्ड');
    // A project ticket's title is 'Employer-Project': said in the reader's language whichever it was raised in.
    const raised = await call(supportRoutes.addTicket, `${ravi}; pmw_lang=hi`, {
      ticket_type: 20,
      ticket_title: 'स्विफ़्टकार्ट-डिलीवरी पार्टनर',
      tag_type: 'JOB',
      tag_id: 261,
    });
    expect(raised.status).toBe(200);
    expect(raised.data!.ticket_title).toBe('स्विफ़्टकार्ट-डिलीवरी पार्टनर');
    expect((await call(supportRoutes.ticket, ravi, { ticket_id: raised.data!.ticket_id })).data!.ticket_title).toBe(
      'Swiftcart-Delivery Partner',
    );
    const deskTitle = await call(agentSupportRoutes.ticket, ops, { ticket_id: raised.data!.ticket_id });
    expect(deskTitle.data!.ticket.ticket_title).toBe('Swiftcart-Delivery Partner');
    const offered = (await call(supportRoutes.jobs, hindi, { ticket_type: 30 })).data!.find((j) => j.job_id === 201)!;
    expect(offered).toMatchObject({
      title: 'सहयोग प्लैटिनम क्रेडिट कार्ड',
      Employer: { employer_name: 'सहयोग बैंक' },
      JobCategory: { title: 'क्रेडिट कार्ड' },
    });
    // The English reader and the support desk read the English ops wrote.
    expect((await call(supportRoutes.jobs, asha, { ticket_type: 30 })).data!.find((j) => j.job_id === 201)!.title).toBe(
      'Sahyog Platinum Credit Card',
    );
    const desk = await call(agentSupportRoutes.ticket, `${ops}; pmw_lang=hi`, { ticket_id: T.answered });
    expect(desk.data!.ticket.jobData?.job_title).toBe('Sahyog Platinum Credit Card');
    expect(desk.data!.job?.title).toBe('Sahyog Platinum Credit Card');
  });

  it('refuses a user_id that is not the logged-in worker, and callers without a session', async () => {
    expect((await call(supportRoutes.tickets, ravi, { user_id: 101 })).status).toBe(403);
    expect((await call(supportRoutes.metadata, ravi, { user_id: 101 })).status).toBe(403);
    expect((await call(supportRoutes.recharges, ravi, { user_id: 101 })).status).toBe(403);
    expect((await call(supportRoutes.addChat, ravi, { user_id: 101, ticket_id: T.new, chat_message: 'hi' })).status).toBe(403);
    expect((await call(supportRoutes.callback, ravi, { from_user_id: 101, ticket_id: T.new })).status).toBe(403);
    expect((await call(supportRoutes.tickets, '')).status).toBe(401);
    // An ops session is not a worker session.
    expect((await call(supportRoutes.tickets, ops)).status).toBe(401);
  });

  it("derives is_worked from the worker's leads and attempted applications", async () => {
    expect((await call(supportRoutes.metadata, asha, { user_id: 101 })).data).toEqual([{ user_id: 101, is_worked: true }]);
    expect((await call(supportRoutes.metadata, ravi)).data).toEqual([{ user_id: 102, is_worked: true }]);
    expect((await call(supportRoutes.metadata, newcomer)).data![0]!.is_worked).toBe(false);
  });

  it("another worker's ticket, conversation and attachments are refused; a missing ticket is not found", async () => {
    expect((await call(supportRoutes.ticket, ravi, { ticket_id: T.answered })).status).toBe(403);
    expect((await call(supportRoutes.conversation, ravi, { ticket_id: T.answered })).status).toBe(403);
    expect((await call(supportRoutes.attachment, ravi, { ticket_id: T.answered, file_id: SUPPORT_DEMO.files.agentPdf })).status).toBe(403);
    expect((await call(supportRoutes.ticket, asha, { ticket_id: 999999 })).status).toBe(404);
    expect((await call(supportRoutes.ticket, asha, { ticket_id: 'abc' })).status).toBe(400);
  });

  it("shows the conversation: chats, call logs and the resolved history in the spec's words", async () => {
    const conv = await call(supportRoutes.conversation, asha, { ticket_id: T.resolved });
    const texts = timeline(conv.data!).map((i) => (i.kind === 'chat' ? i.chat.chat_message : i.text));
    expect(texts).toContain('Support team connected with you on phone call');
    expect(texts).toContain('You tried calling the support team but could not get through...');
    expect(texts).toContain('Support team answered and marked resolved this query');
    const waiting = await call(supportRoutes.conversation, asha, { ticket_id: T.waiting });
    expect(
      timeline(waiting.data!).some(
        (i) => i.kind === 'call' && i.text === 'Support team tried to calling you, but got failed due to call status - no-answer',
      ),
    ).toBe(true);
    const detail = await call(supportRoutes.ticket, asha, { ticket_id: T.waiting });
    expect(detail.data!.callback_requested).toBe(true);
  });

  it("opens the agent's attachment on Asha's ticket through a signed URL", async () => {
    const res = await call(supportRoutes.attachment, asha, { ticket_id: T.answered, file_id: SUPPORT_DEMO.files.agentPdf, user_id: 101 });
    expect(res.status).toBe(200);
    expect(res.data![0]).toMatchObject({ file_id: SUPPORT_DEMO.files.agentPdf, file_name: 'payout-schedule.pdf' });
    expect(res.data![0]!.url).toContain('exp=');
    // The file is not of this ticket.
    expect((await call(supportRoutes.attachment, asha, { ticket_id: T.new, file_id: SUPPORT_DEMO.files.agentPdf })).status).toBe(404);
  });

  it("offers projects, leads and recharges by the spec's rules", async () => {
    // Type 20: the applications attempted (Ravi attended the Delivery Partner interview).
    const training = await call(supportRoutes.jobs, ravi, { ticket_type: 20 });
    expect(training.data!.map((j) => j.job_id)).toContain(261);
    expect(training.data!.every((j) => j.Application && j.Application.status >= 7)).toBe(true);
    expect((await call(supportRoutes.jobs, asha, { ticket_type: 20 })).data!.map((j) => j.job_id)).not.toContain(261);
    // Types 30 and 40: projects with leads, not archived, not attempted.
    const pending = await call(supportRoutes.jobs, asha, { ticket_type: 30 });
    expect(pending.data!.map((j) => j.job_id)).toEqual(expect.arrayContaining([201, 221, 231, 241]));
    expect(pending.data!.every((j) => j.archive_status === 0 && j.Application === null)).toBe(true);
    expect((await call(supportRoutes.jobs, ravi, { ticket_type: 30 })).data!.map((j) => j.job_id)).not.toContain(261);
    expect((await call(supportRoutes.jobs, asha, { ticket_type: 50 })).status).toBe(400);
    expect((await call(supportRoutes.jobs, newcomer, { ticket_type: 30 })).data).toEqual([]);

    const leads = await call(supportRoutes.leads, asha, { job_id: 201, status: 0, archive_status: '0,1' });
    expect(leads.data!.every((l) => l.job_id === 201 && l.status === 0)).toBe(true);
    const demoLeads: number[] = Object.values(SUPPORT_DEMO.leads);
    expect(leads.data!.filter((l) => demoLeads.includes(l.form_response_id)).map((l) => [l.name, l.number, l.archive_status])).toEqual([
      ['Rohit Sharma', '9812300001', 0],
      ['Pooja Nair', '9812300002', 1],
    ]);
    const rejected = await call(supportRoutes.leads, asha, { job_id: 221, status: 2 });
    expect(rejected.data!.map((l) => l.form_response_id)).toContain(SUPPORT_DEMO.leads.rejected);
    expect(rejected.data!.every((l) => l.status === 2)).toBe(true);
    expect((await call(supportRoutes.leads, newcomer, { job_id: 201, status: 0 })).data).toEqual([]);
    expect((await call(supportRoutes.leads, asha, { job_id: 201 })).status).toBe(400);

    const recharges = await call(supportRoutes.recharges, asha);
    expect(recharges.data!.map((r) => r.amount)).toEqual([23_900, 35_000, 19_900]);
    expect((await call(supportRoutes.recharges, ravi)).data).toEqual([]);
  });

  it('raises a ticket of each kind, with PIKU answering at once', async () => {
    const payment = await call(supportRoutes.addTicket, asha, { user_id: 101, ticket_type: 50, ticket_title: 'Payment Query' });
    expect(payment.status).toBe(200);
    expect(payment.data!.status).toBe(0);
    const conv = await call(supportRoutes.conversation, asha, { ticket_id: payment.data!.ticket_id });
    expect(conv.data!.chats).toHaveLength(1);
    expect(conv.data!.chats[0]).toMatchObject({ created_by: 'PIKU', direction: 2 });

    const lead = await call(supportRoutes.addTicket, asha, {
      ticket_type: 30,
      ticket_title: 'Rohit Sharma-9812300001',
      tag_type: 'JOB',
      tag_id: 201,
      ref_type: 'FORM_RESPONSE',
      ref_id: SUPPORT_DEMO.leads.pending,
    });
    expect(lead.data).toMatchObject({
      tag_type: 'JOB',
      tag_id: 201,
      ref_type: 'FORM_RESPONSE',
      ref_id: SUPPORT_DEMO.leads.pending,
      jobData: { job_title: 'Sahyog Platinum Credit Card' },
    });
    const training = await call(supportRoutes.addTicket, ravi, {
      ticket_type: 20,
      ticket_title: 'Swiftcart-Delivery Partner',
      tag_type: 'JOB',
      tag_id: 261,
    });
    expect(training.data).toMatchObject({ tag_type: 'JOB', tag_id: 261, jobData: { job_title: 'Delivery Partner' } });
    const recharge = await call(supportRoutes.addTicket, asha, {
      ticket_type: 60,
      ticket_title: '9876500001-239',
      tag_type: 'SERVICE_PURCHASE',
      tag_id: 1,
      ref_type: 'ID',
      ref_id: 94101,
    });
    expect(recharge.data).toMatchObject({ tag_type: 'SERVICE_PURCHASE', tag_id: 1, ref_type: 'ID', ref_id: 94101 });

    // A newcomer: How to Start. No introduction video is configured here, so PIKU does not point at one.
    const start = await call(supportRoutes.addTicket, newcomer, { ticket_type: 10, ticket_title: 'How to Start' });
    const greeting = (await call(supportRoutes.conversation, newcomer, { ticket_id: start.data!.ticket_id })).data!.chats[0]!;
    expect(greeting.chat_message).toMatch(/^Hi! I am PIKU/);
    expect(greeting.chat_message).not.toMatch(/video/i);
    expect((await call(supportRoutes.ticket, newcomer, { ticket_id: start.data!.ticket_id })).data!.intro_video_url).toBeNull();
    expect((await call(supportRoutes.addTicket, newcomer, { ticket_type: 0, ticket_title: 'Others' })).status).toBe(200);
  });

  it('opens the same open, empty ticket of a type again instead of a second one (fetch or create)', async () => {
    const first = await call(supportRoutes.addTicket, ravi, { ticket_type: 0, ticket_title: 'Others' });
    const again = await call(supportRoutes.addTicket, ravi, { ticket_type: 0, ticket_title: 'Others' });
    expect(again.data!.ticket_id).toBe(first.data!.ticket_id);
    expect((await call(supportRoutes.conversation, ravi, { ticket_id: first.data!.ticket_id })).data!.chats).toHaveLength(1);
    // Two taps at once still make one ticket.
    const both = await Promise.all([0, 1].map(() => call(supportRoutes.addTicket, newcomer, { ticket_type: 0, ticket_title: 'Others' })));
    expect(both[0]!.data!.ticket_id).toBe(both[1]!.data!.ticket_id);
    // Once the worker has written in it, the next tap raises a new ticket.
    expect(
      (await call(supportRoutes.addChat, ravi, { ticket_id: first.data!.ticket_id, chat_message: 'My payout is late', direction: 1 }))
        .status,
    ).toBe(200);
    const next = await call(supportRoutes.addTicket, ravi, { ticket_type: 0, ticket_title: 'Others' });
    expect(next.data!.ticket_id).not.toBe(first.data!.ticket_id);
    // Another project is another ticket.
    const training = await call(supportRoutes.addTicket, ravi, {
      ticket_type: 20,
      ticket_title: 'Swiftcart-Delivery Partner',
      tag_type: 'JOB',
      tag_id: 261,
    });
    expect(training.data!.ticket_id).not.toBe(next.data!.ticket_id);
  });

  it("refuses types, projects, leads and recharges that are not the worker's", async () => {
    expect((await call(supportRoutes.addTicket, newcomer, { ticket_type: 50, ticket_title: 'Payment Query' })).status).toBe(403);
    expect(
      (await call(supportRoutes.addTicket, newcomer, { ticket_type: 20, ticket_title: 'x', tag_type: 'JOB', tag_id: 261 })).status,
    ).toBe(403);
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 10, ticket_title: 'How to Start' })).status).toBe(403);
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 35, ticket_title: 'x' })).status).toBe(400);
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: '' })).status).toBe(400);
    const noProject = await call(supportRoutes.addTicket, asha, { ticket_type: 20, ticket_title: 'x' });
    expect(noProject).toMatchObject({ status: 400, message: 'Please select a project' });
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'x', tag_type: 'JOB', tag_id: 201 })).status).toBe(
      400,
    );
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 30, ticket_title: 'x', tag_type: 'JOB', tag_id: 201 })).message).toBe(
      'Please select a lead',
    );
    // A project she has no leads in, a lead of another project, another worker's lead and recharge.
    expect((await call(supportRoutes.addTicket, asha, { ticket_type: 20, ticket_title: 'x', tag_type: 'JOB', tag_id: 261 })).status).toBe(
      403,
    );
    expect(
      (
        await call(supportRoutes.addTicket, asha, {
          ticket_type: 30,
          ticket_title: 'x',
          tag_type: 'JOB',
          tag_id: 201,
          ref_type: 'FORM_RESPONSE',
          ref_id: SUPPORT_DEMO.leads.rejected,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(supportRoutes.addTicket, asha, {
          ticket_type: 30,
          ticket_title: 'x',
          tag_type: 'JOB',
          tag_id: 201,
          ref_type: 'FORM_RESPONSE',
          ref_id: 7101,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(supportRoutes.addTicket, asha, {
          ticket_type: 60,
          ticket_title: 'x',
          tag_type: 'SERVICE_PURCHASE',
          tag_id: 1,
          ref_type: 'ID',
          ref_id: 555,
        })
      ).status,
    ).toBe(403);
    expect((await call(supportRoutes.addTicket, ravi, { user_id: 101, ticket_type: 0, ticket_title: 'Others' })).status).toBe(403);
  });

  it('validates chat text: required and at most 750 characters', async () => {
    const empty = await call(supportRoutes.addChat, asha, { ticket_id: T.new, chat_message: '   ', direction: 1 });
    expect(empty.status).toBe(400);
    expect(empty.message).toContain(supportTexts.chatRequired);
    expect((await call(supportRoutes.addChat, asha, { ticket_id: T.new, chat_message: 'x'.repeat(751) })).status).toBe(400);
    expect((await call(supportRoutes.addChat, asha, { ticket_id: T.new, chat_message: 'x'.repeat(750) })).status).toBe(200);
    expect((await call(supportRoutes.addChat, asha, { ticket_id: T.new, chat_message: 'hi', direction: 2 })).status).toBe(400);
  });

  it('closes with a rating (1 to 5), keeps the comment as a message, and reopens by replying', async () => {
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 0, ticket_title: 'Others' });
    const id = created.data!.ticket_id;
    expect((await call(supportRoutes.close, asha, { ticket_id: id, rating: 0 })).status).toBe(400);
    expect((await call(supportRoutes.close, asha, { ticket_id: id, rating: 6 })).status).toBe(400);
    expect((await call(supportRoutes.close, asha, { ticket_id: id, rating: 2, rating_comment: 'y'.repeat(751) })).status).toBe(400);
    expect((await call(supportRoutes.close, ravi, { ticket_id: id, rating: 2 })).status).toBe(403);
    // Not answered yet: no rating, and the ticket stays open.
    const early = await call(supportRoutes.close, asha, { ticket_id: id, rating: 5 });
    expect(early).toMatchObject({ status: 409, message: supportTexts.rateOnlyAnswered });
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data).toMatchObject({ status: 0, rating: null });
    await call(agentSupportRoutes.addChat, ops, { ticket_id: id, chat_message: 'Which payment?' });
    expect((await call(supportRoutes.close, asha, { ticket_id: id, rating: 5 })).status).toBe(409);
    await call(agentSupportRoutes.resolve, ops, { ticket_id: id, chat_message: 'Sorted.' });
    const closed = await call(supportRoutes.close, asha, { ticket_id: id, rating: 2, rating_comment: 'Took too long' });
    expect(closed.data).toMatchObject({ status: 40, rating: 2, rating_comment: 'Took too long' });
    expect(closingMessage(closed.data!.rating)).toBe("Ticket closed! We're sorry for any inconvenience. We're working to improve.");
    const chats = (await call(supportRoutes.conversation, asha, { ticket_id: id })).data!.chats;
    expect(chats.at(-1)).toMatchObject({ chat_message: 'Took too long', direction: 1 });
    expect((await call(supportRoutes.close, asha, { ticket_id: id, rating: 4 })).status).toBe(409);

    const reply = await call(supportRoutes.addChat, asha, {
      ticket_id: id,
      chat_message: 'Still not solved',
      direction: 1,
      isReopen: true,
    });
    expect(reply.status).toBe(200);
    const reopened = await call(supportRoutes.ticket, asha, { ticket_id: id });
    expect(reopened.data).toMatchObject({ status: 20, rating: null });
  });

  it('a message on a resolved or answered ticket sets it to 20', async () => {
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'Payment Query' });
    const id = created.data!.ticket_id;
    await call(agentSupportRoutes.addChat, ops, { ticket_id: id, chat_message: 'Which payment?' });
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data!.status).toBe(10);
    await call(supportRoutes.addChat, asha, { ticket_id: id, chat_message: 'The one of 12 Nov' });
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data!.status).toBe(20);
    await call(agentSupportRoutes.resolve, ops, { ticket_id: id, chat_message: 'Paid today.' });
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data!.status).toBe(30);
    await call(supportRoutes.addChat, asha, { ticket_id: id, chat_message: 'Not received' });
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data!.status).toBe(20);
  });

  it("keeps PIKU's greeting, the call-back line and a title that is the type's name by code, beside their English", async () => {
    const created = await call(supportRoutes.addTicket, ravi, { ticket_type: 0, ticket_title: 'Others' });
    expect(created.data).toMatchObject({ ticket_title: 'Others', title_code: 'support.typeOthers' });
    const id = created.data!.ticket_id;
    await call(supportRoutes.addChat, ravi, {
      ticket_id: id,
      chat_message: supportTexts.callbackRequested,
      message_code: 'support.callbackRequested',
    });
    await call(supportRoutes.addChat, ravi, { ticket_id: id, chat_message: 'My payout is late' });
    const chats = (await call(supportRoutes.conversation, ravi, { ticket_id: id })).data!.chats;
    expect(chats.map((c) => [c.chat_message, c.message_code])).toEqual([
      [expect.stringMatching(/^Hi Ravi! I am PIKU.*Please describe your query/), 'support.hello'],
      [supportTexts.callbackRequested, 'support.callbackRequested'],
      ['My payout is late', null],
    ]);
    expect(chats[0]!.message_vars).toEqual({ name: 'Ravi', rest: { code: 'support.greet0', vars: {} } });
    // A project's ticket is titled by its project, not by a code.
    const project = await call(supportRoutes.addTicket, ravi, {
      ticket_type: 20,
      ticket_title: 'Swiftcart-Delivery Partner',
      tag_type: 'JOB',
      tag_id: 261,
    });
    expect(project.data!.title_code).toBeNull();
    // Only the page's own lines have a code.
    expect(
      (await call(supportRoutes.addChat, ravi, { ticket_id: id, chat_message: 'Hello', message_code: 'support.ticketClosed' })).status,
    ).toBe(400);
  });

  it('asks for a call-back once; a closed ticket cannot ask', async () => {
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'Payment Query' });
    const id = created.data!.ticket_id;
    const first = await call(supportRoutes.callback, asha, { from_user_id: 101, ticket_id: id });
    expect(first).toMatchObject({ status: 200, message: supportTexts.callbackAccepted, data: { message: supportTexts.callbackAccepted } });
    expect((await call(supportRoutes.callback, asha, { ticket_id: id })).data!.message).toBe(supportTexts.callbackAlreadyRequested);
    expect((await call(supportRoutes.ticket, asha, { ticket_id: id })).data!.callback_requested).toBe(true);
    expect((await call(supportRoutes.callback, asha, { ticket_id: T.closedOthers })).status).toBe(409);
    expect((await call(supportRoutes.callback, ravi, { ticket_id: id })).status).toBe(403);
  });

  it('answers a call-back request in the language the worker reads', async () => {
    const hindi = `${asha}; pmw_lang=hi`;
    // A query with nothing written yet is opened again for the same type: write in it so the next one is new.
    const empty = await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'Payment Query' });
    expect((await call(supportRoutes.addChat, asha, { ticket_id: empty.data!.ticket_id, chat_message: 'Hello' })).status).toBe(200);
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'Payment Query' });
    const id = created.data!.ticket_id;
    expect(id).not.toBe(empty.data!.ticket_id);
    expect(await call(supportRoutes.callback, hindi, { ticket_id: id })).toMatchObject({
      status: 200,
      message: 'धन्यवाद! हमारी सपोर्ट टीम जल्द ही आपको कॉल करेगी।',
    });
    expect(await call(supportRoutes.callback, hindi, { ticket_id: id })).toMatchObject({
      status: 200,
      message: 'आप पहले ही कॉल बैक माँग चुके हैं। हमारी सपोर्ट टीम जल्द ही आपको कॉल करेगी।',
    });
  });

  it("uploads a chat attachment for the worker's own ticket only, and sends it in a message", async () => {
    const signedRes = await call(supportRoutes.signUpload, asha, {
      file_name: 'proof.png',
      file_purpose: 'TICKET',
      ticket_id: T.new,
      user_id: 101,
    });
    const signed = signedUploadSchema.parse(signedRes.data);
    expect(
      (await t.app.inject({ method: 'PUT', url: signed.url, payload: PNG, headers: { 'content-type': 'image/png' } })).statusCode,
    ).toBe(200);
    // Ravi cannot add Asha's upload, nor add it to another ticket.
    expect(
      (
        await call(supportRoutes.addAttachment, ravi, {
          file_key: signed.key,
          file_name: 'proof.png',
          file_purpose: 'TICKET',
          ticket_id: T.new,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(supportRoutes.addAttachment, asha, {
          file_key: signed.key,
          file_name: 'proof.png',
          file_purpose: 'TICKET',
          ticket_id: T.answered,
        })
      ).status,
    ).toBe(400);
    const added = fileAddedSchema.parse(
      (
        await call(supportRoutes.addAttachment, asha, {
          file_key: signed.key,
          file_name: 'proof.png',
          file_purpose: 'TICKET',
          ticket_id: T.new,
        })
      ).data,
    );
    const chat = await call(supportRoutes.addChat, asha, { ticket_id: T.new, chat_message: 'Proof attached', file_id: added.file_id });
    expect(chat.data).toMatchObject({ file_id: added.file_id, file_name: 'proof.png' });
    // The file is not of that ticket.
    expect((await call(supportRoutes.addChat, asha, { ticket_id: T.answered, chat_message: 'x', file_id: added.file_id })).status).toBe(
      400,
    );

    // The agent opens it.
    const url = fileUrlSchema.parse((await call(agentSupportRoutes.attachment, ops, { ticket_id: T.new, file_id: added.file_id })).data);
    expect((await t.app.inject({ method: 'GET', url: url[0]!.url })).statusCode).toBe(200);

    expect((await call(supportRoutes.signUpload, asha, { file_name: 'x.exe', file_purpose: 'TICKET', ticket_id: T.new })).status).toBe(415);
    expect((await call(supportRoutes.signUpload, asha, { file_name: 'x.docx', file_purpose: 'TICKET', ticket_id: T.new })).status).toBe(
      415,
    );
    expect((await call(supportRoutes.signUpload, ravi, { file_name: 'x.png', file_purpose: 'TICKET', ticket_id: T.new })).status).toBe(403);
    // The server enforces 15 MB whatever the client says.
    const big = signedUploadSchema.parse(
      (await call(supportRoutes.signUpload, asha, { file_name: 'big.pdf', file_purpose: 'TICKET', ticket_id: T.new })).data,
    );
    const tooBig = await t.app.inject({
      method: 'PUT',
      url: big.url,
      payload: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(15 * 1024 * 1024 + 10, 32)]),
    });
    expect(tooBig.statusCode).toBe(413);
  });
});

describe("the agents' side", () => {
  it('needs an ops session with the support or admin role', async () => {
    expect((await call(agentSupportRoutes.inbox, asha)).status).toBe(401);
    expect((await call(agentSupportRoutes.inbox, '')).status).toBe(401);
    expect((await call(agentSupportRoutes.inbox, ops)).status).toBe(200);
  });

  it('lists the inbox oldest waiting first, with filters', async () => {
    const all = await call(agentSupportRoutes.inbox, ops, { limit: 100 });
    const waiting = all.data!.rows.filter((r) => r.waiting_since);
    const since = waiting.map((r) => Date.parse(r.waiting_since!));
    expect([...since].sort((a, b) => a - b)).toEqual(since);
    expect(all.data!.rows.slice(0, waiting.length).every((r) => r.waiting_since)).toBe(true);

    const onlyWaiting = await call(agentSupportRoutes.inbox, ops, { waiting: true, limit: 100 });
    expect(onlyWaiting.data!.rows.every((r) => r.status === 0 || r.status === 20)).toBe(true);
    const callbacks = await call(agentSupportRoutes.inbox, ops, { callback: true });
    expect(callbacks.data!.rows.map((r) => r.ticket_id)).toContain(T.waiting);
    expect(callbacks.data!.rows.every((r) => r.callback_requested)).toBe(true);
    const closed = await call(agentSupportRoutes.inbox, ops, { status: '40', ticket_type: 60 });
    expect(closed.data!.rows.map((r) => r.ticket_id)).toEqual([T.closedRecharge]);
    const row = closed.data!.rows[0]!;
    expect(row).toMatchObject({ worker_name: 'Asha', worker_mobile: '9876500001' });
    expect((await call(agentSupportRoutes.inbox, ops, { limit: 0 })).status).toBe(400);
  });

  it("shows a ticket with the worker's context: project, lead, recharge", async () => {
    const lead = await call(agentSupportRoutes.ticket, ops, { ticket_id: T.waiting });
    expect(lead.data!.worker).toMatchObject({ user_id: 101, pmw_id: 'PMW101', is_worked: true });
    expect(lead.data!.job?.title).toBe('Sahyog Zero Balance Savings Account');
    expect(lead.data!.lead).toMatchObject({
      name: 'Imran Khan',
      status: 2,
      status_comment: 'Customer already has an account with the bank',
    });
    expect(lead.data!.callbacks[0]).toMatchObject({ status: 'PENDING' });
    const recharge = await call(agentSupportRoutes.ticket, ops, { ticket_id: T.closedRecharge });
    expect(recharge.data!.recharge).toMatchObject({ service_purchase_id: 94102, amount: 35_000 });
    expect((await call(agentSupportRoutes.ticket, ops, { ticket_id: 999999 })).status).toBe(404);
  });

  it('replies, resolves and closes; a closed ticket takes no reply', async () => {
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 0, ticket_title: 'Others' });
    const id = created.data!.ticket_id;
    expect((await call(agentSupportRoutes.addChat, ops, { ticket_id: id, chat_message: '' })).status).toBe(400);
    const reply = await call(agentSupportRoutes.addChat, ops, { ticket_id: id, chat_message: 'Hello Asha, how can I help?' });
    expect(reply.data).toMatchObject({ direction: 2, created_by: 'Priya' });
    const detail = await call(agentSupportRoutes.ticket, ops, { ticket_id: id });
    expect(detail.data!.ticket).toMatchObject({ status: 10, agent_user_id: 100, agent_name: 'Priya' });
    const resolved = await call(agentSupportRoutes.resolve, ops, { ticket_id: id });
    expect(resolved).toMatchObject({ status: 200, message: 'Marked resolved', data: { status: 30 } });
    expect((await call(agentSupportRoutes.resolve, ops, { ticket_id: id })).status).toBe(409);
    expect((await call(agentSupportRoutes.close, ops, { ticket_id: id })).data!.status).toBe(40);
    expect((await call(agentSupportRoutes.addChat, ops, { ticket_id: id, chat_message: 'late' })).status).toBe(409);
    expect((await call(agentSupportRoutes.close, ops, { ticket_id: id })).status).toBe(409);
    expect((await call(agentSupportRoutes.addChat, asha, { ticket_id: id, chat_message: 'x' })).status).toBe(401);
  });

  it('lists call-backs and settles one with a completed call log entry', async () => {
    const created = await call(supportRoutes.addTicket, asha, { ticket_type: 50, ticket_title: 'Payment Query' });
    const id = created.data!.ticket_id;
    await call(supportRoutes.callback, asha, { ticket_id: id });
    const pending = await call(agentSupportRoutes.callbacks, ops, { status: 'PENDING' });
    expect(pending.data!.map((c) => c.ticket_id)).toContain(id);
    expect((await call(agentSupportRoutes.logCall, ops, { ticket_id: id, status: 'ringing' })).status).toBe(400);
    const failed = await call(agentSupportRoutes.logCall, ops, { ticket_id: id, status: 'busy' });
    expect(failed.data).toMatchObject({ direction: 2, status: 'busy' });
    expect((await call(agentSupportRoutes.callbacks, ops, { status: 'PENDING' })).data!.map((c) => c.ticket_id)).toContain(id);
    await call(agentSupportRoutes.logCall, ops, { ticket_id: id, status: 'completed' });
    expect((await call(agentSupportRoutes.callbacks, ops, { status: 'PENDING' })).data!.map((c) => c.ticket_id)).not.toContain(id);
    expect((await call(agentSupportRoutes.callbacks, ops, { status: 'DONE' })).data!.map((c) => c.ticket_id)).toContain(id);
    const conv = await call(supportRoutes.conversation, asha, { ticket_id: id });
    expect(
      timeline(conv.data!)
        .filter((i) => i.kind === 'call')
        .map((i) => (i.kind === 'call' ? i.text : '')),
    ).toEqual([
      'Support team tried to calling you, but got failed due to call status - busy',
      'Support team connected with you on phone call',
    ]);
  });

  it('agents upload attachments to a ticket, and the worker opens them', async () => {
    const signed = signedUploadSchema.parse(
      (await call(agentSupportRoutes.signUpload, ops, { file_name: 'steps.png', file_purpose: 'TICKET', ticket_id: T.new })).data,
    );
    await t.app.inject({ method: 'PUT', url: signed.url, payload: PNG, headers: { 'content-type': 'image/png' } });
    const added = fileAddedSchema.parse(
      (
        await call(agentSupportRoutes.addAttachment, ops, {
          file_key: signed.key,
          file_name: 'steps.png',
          file_purpose: 'TICKET',
          ticket_id: T.new,
        })
      ).data,
    );
    await call(agentSupportRoutes.addChat, ops, { ticket_id: T.new, chat_message: 'See the steps', file_id: added.file_id });
    expect((await call(supportRoutes.attachment, asha, { ticket_id: T.new, file_id: added.file_id })).status).toBe(200);
    expect((await call(supportRoutes.attachment, ravi, { ticket_id: T.new, file_id: added.file_id })).status).toBe(403);
    // Through the generic file route, too: Ravi may not see it.
    const generic = await t.app.inject({
      method: 'GET',
      url: `/api/v2/user/file/fetch/with/url?file_id=${added.file_id}`,
      headers: { cookie: ravi },
    });
    expect(generic.statusCode).toBe(403);
  });
});
