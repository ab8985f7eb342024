import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { bookingSchema, slotsSchema } from '@pmw/contract/hiring';
import { interviewSlots, slotBookings, smsOutbox } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let seq = 0;
async function candidate(): Promise<{ cookie: string; user_id: number; mobile: string }> {
  const mobile = `71000${String(process.pid % 100).padStart(2, '0')}${String(++seq).padStart(3, '0')}`;
  await t.app.inject({ method: 'POST', url: '/api/v2/user/otp/send', payload: { mobile } });
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/user/login/otp', payload: { mobile, otp: await latestOtp(t, mobile) } });
  return { cookie: cookieHeader(res), user_id: body<{ user_id: number }>(res).data.user_id, mobile };
}
const post = (url: string, cookie: string, payload: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie, ...extra }, payload });
const slotsOf = async (cookie: string) =>
  slotsSchema.parse(body(await t.app.inject({ method: 'GET', url: '/api/v2/user/job/slot/fetch?job_id=261', headers: { cookie } })).data);
const seats = async (slotId: number) =>
  (await t.database.db.select().from(interviewSlots).where(eq(interviewSlots.slot_id, slotId)))[0]!.booked;
/** The newest text to a mobile, once the outbox has sent what is queued (its merge window skipped). */
const lastSms = async (mobile: string) => {
  await t.services.outbox.runOnce(new Date(Date.now() + 60_000));
  return (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.outbox_id)).limit(1))[0];
};

describe('rescheduling a booked interview', () => {
  it('frees the old slot, takes the new one, keeps one booking and texts the candidate in their language', async () => {
    const c = await candidate();
    expect(
      (
        await post('/user/job/application/add', c.cookie, {
          user_id: c.user_id,
          recruiter_id: 101,
          job_id: 261,
          job_location_id: 2611,
          answers: [],
        })
      ).statusCode,
    ).toBe(200);
    const days = await slotsOf(c.cookie);
    const first = { slot_id: days[0]!.slots[0]!.slot_id, date: days[0]!.date };
    const second = { slot_id: days[1]!.slots[0]!.slot_id, date: days[1]!.date };
    expect(
      (await post('/user/job/slot/book', c.cookie, { user_id: c.user_id, slot_id: first.slot_id, job_id: 261, booking_date: first.date }))
        .statusCode,
    ).toBe(200);
    const before = { first: await seats(first.slot_id), second: await seats(second.slot_id) };

    // The candidate reads the site in Hindi: the text comes in Hindi.
    const moved = await post(
      '/user/job/slot/reschedule',
      c.cookie,
      { user_id: c.user_id, slot_id: second.slot_id, job_id: 261, booking_date: second.date },
      { cookie: `${c.cookie}; pmw_lang=hi` },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(body(moved).message).toBe('इंटरव्यू नए समय पर कर दिया गया');
    const booking = bookingSchema.parse(body(moved).data);
    expect(booking.slot_id).toBe(second.slot_id);
    expect(await seats(first.slot_id)).toBe(before.first - 1);
    expect(await seats(second.slot_id)).toBe(before.second + 1);
    expect(await t.database.db.select().from(slotBookings).where(eq(slotBookings.user_id, c.user_id))).toHaveLength(1);
    const sms = await lastSms(c.mobile);
    expect(sms?.text).toMatch(/^Delivery Partner के लिए आपका इंटरव्यू अब .+ को .*Bengaluru पर है। - PickMyWork$/);

    // Asking for the slot already held changes nothing and texts nobody.
    const same = await post('/user/job/slot/reschedule', c.cookie, {
      user_id: c.user_id,
      slot_id: second.slot_id,
      job_id: 261,
      booking_date: second.date,
    });
    expect(bookingSchema.parse(body(same).data).slot_id).toBe(second.slot_id);
    expect((await lastSms(c.mobile))?.outbox_id).toBe(sms?.outbox_id);
    expect(await seats(second.slot_id)).toBe(before.second + 1);

    // Back to the first, in English this time.
    const back = await post(
      '/user/job/slot/reschedule',
      c.cookie,
      { user_id: c.user_id, slot_id: first.slot_id, job_id: 261, booking_date: first.date },
      { cookie: `${c.cookie}; pmw_lang=en` },
    );
    expect(body(back).message).toBe('Interview moved to the new time');
    expect((await lastSms(c.mobile))?.text).toMatch(
      /^Your interview for Delivery Partner is now on \d{2} \w{3} \d{4}, \d{2}:\d{2} [AP]M at .*Bengaluru\. - PickMyWork$/,
    );
  });

  it('refuses a candidate without a booking, someone else and a full slot, keeping the old seat', async () => {
    const c = await candidate();
    await post('/user/job/application/add', c.cookie, {
      user_id: c.user_id,
      recruiter_id: 101,
      job_id: 261,
      job_location_id: 2611,
      answers: [],
    });
    const days = await slotsOf(c.cookie);
    const a = { slot_id: days[0]!.slots[0]!.slot_id, date: days[0]!.date };
    const b = days[2]!.slots[0]!;
    const none = await post('/user/job/slot/reschedule', c.cookie, {
      user_id: c.user_id,
      slot_id: a.slot_id,
      job_id: 261,
      booking_date: a.date,
    });
    expect(none.statusCode).toBe(404);
    expect(body(none).message).toBe('You have not booked an interview for this job');
    await post('/user/job/slot/book', c.cookie, { user_id: c.user_id, slot_id: a.slot_id, job_id: 261, booking_date: a.date });
    expect(
      (await post('/user/job/slot/reschedule', c.cookie, { user_id: 101, slot_id: b.slot_id, job_id: 261, booking_date: days[2]!.date }))
        .statusCode,
    ).toBe(403);
    await t.database.db.update(interviewSlots).set({ booked: b.capacity }).where(eq(interviewSlots.slot_id, b.slot_id));
    const full = await post('/user/job/slot/reschedule', c.cookie, {
      user_id: c.user_id,
      slot_id: b.slot_id,
      job_id: 261,
      booking_date: days[2]!.date,
    });
    expect(full.statusCode).toBe(409);
    // The old seat is still held: nothing moved.
    const kept = (await t.database.db.select().from(slotBookings).where(eq(slotBookings.user_id, c.user_id)))[0];
    expect(kept?.slot_id).toBe(a.slot_id);
    expect(
      (await post('/user/job/slot/reschedule', '', { user_id: c.user_id, slot_id: b.slot_id, job_id: 261, booking_date: days[2]!.date }))
        .statusCode,
    ).toBe(401);
  });
});
