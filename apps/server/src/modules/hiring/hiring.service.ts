import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  APPLICATION_STATUS,
  HIRING_CATEGORY_ID,
  PARTNER_LEVELS,
  applicationPath,
  isListedForPartners,
  parseCriteria,
  partnerLevel,
  payoutSaid,
  type Booking,
  type MyProject,
  type PartnerJob,
  type PublicJob,
  type SlotDay,
} from '@pmw/contract/hiring';
import { istDateString, istDayStart, istParts } from '@pmw/contract/time';
import { nameIn, projectIn, textIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import type { Db, Tx } from '../../db/client';
import { applications, interviewSlots, slotBookings } from '../../db/schema/hiring';
import {
  jobLocationById,
  jobsWithEmployerByTitle,
  jobTitles,
  jobWithEmployer,
  liveJobsOfCategory,
  locationsOfJobs,
  type JobLocationRow,
  type JobRow,
} from '../projects/job-reads';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors';
import type { DocumentsService } from '../documents/documents.service';
import type { FilesService } from '../files/files.service';
import type { UsersService } from '../users/users.service';
import { createPartnerStats } from './partner-stats';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SmsLocale } from '../locale/sms-locale';
import { localize } from '../locale/locale';
import { asTyped, Said, say } from '@pmw/contract/texts/said';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';

/** A said text in the reader's language; ops' own words as they wrote them. */
const inLocale = (text: Said | string, locale: Locale) => (text instanceof Said ? localize(text, locale) : text);

type ApplicationRow = typeof applications.$inferSelect;

const DAY_MS = 86_400_000;
/** The hours (IST, from inclusive, to exclusive) the day-before interview reminder may be sent in. */
export const REMINDER_HOURS_IST = { from: 10, to: 20 } as const;
type SlotRow = typeof interviewSlots.$inferSelect;

/**
 * Takes one seat of a slot by a conditional update (booked < capacity), so
 * parallel bookings never pass the capacity; a full slot is a conflict.
 */
async function takeSeat(tx: Tx, slotId: number): Promise<void> {
  const taken = await tx
    .update(interviewSlots)
    .set({ booked: sql`${interviewSlots.booked} + 1` })
    .where(and(eq(interviewSlots.slot_id, slotId), sql`${interviewSlots.booked} < ${interviewSlots.capacity}`))
    .returning({ slot_id: interviewSlots.slot_id });
  if (!taken.length) throw conflict(say('hiring.slotFull'));
}

export interface ApplyInput {
  user_id: number;
  recruiter_id: number;
  job_id: number;
  job_location_id: number;
  answers: { input_id: number; value: string }[];
  tracking_id?: string | undefined;
}

/**
 * Hiring projects: the partner's Available Projects and referral links, the
 * public job page, candidates' applications and interview slot bookings.
 */
export function createHiringService(deps: {
  db: Db;
  users: UsersService;
  documents: DocumentsService;
  files: FilesService;
  /** Origin put before referral links (PUBLIC_URL); empty means the web app adds its own. */
  publicUrl?: string | undefined;
  /** Tells the candidate of a booking, a move and the day-before reminder. */
  notifications?: NotificationsService | undefined;
}) {
  const { db, users, documents, files } = deps;
  const stats = createPartnerStats(db);
  const origin = (deps.publicUrl ?? '').replace(/\/$/, '');

  const fileUrl = async (key: string | null) => (key ? files.signedUrlForKey(key) : null);

  async function locationsOf(jobIds: number[]) {
    if (!jobIds.length) return new Map<number, JobLocationRow[]>();
    const rows = await locationsOfJobs(db, jobIds);
    const map = new Map<number, JobLocationRow[]>();
    for (const r of rows) map.set(r.job_id, [...(map.get(r.job_id) ?? []), r]);
    return map;
  }

  /** A hiring job anyone may see: in category 6, listed to partners, not archived. */
  async function openJob(jobId: number) {
    const row = await jobWithEmployer(db, jobId);
    if (
      !row ||
      row.job.job_category_id !== HIRING_CATEGORY_ID ||
      row.job.archive_status !== PROJECT_ARCHIVE_STATUS.live ||
      !isListedForPartners(row.job)
    )
      return undefined;
    return row;
  }

  /** Whether a link's recruiter may refer candidates: a known, unblocked person whose KYC is done. */
  async function mayRefer(recruiterId: number): Promise<boolean> {
    const user = await users.byId(recruiterId);
    return !!user && !user.blocked && (await documents.kycComplete(recruiterId));
  }

  const toApplication = (r: ApplicationRow) => ({
    application_id: r.application_id,
    user_id: r.user_id,
    recruiter_id: r.recruiter_id,
    job_id: r.job_id,
    job_location_id: r.job_location_id,
    answers: r.answers,
    tracking_id: r.tracking_id,
    status: r.status,
    created_on: r.created_on.toISOString(),
  });

  async function bookingView(bookingId: number): Promise<Booking> {
    const [row] = await db
      .select({ booking: slotBookings, slot: interviewSlots })
      .from(slotBookings)
      .innerJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id))
      .where(eq(slotBookings.booking_id, bookingId))
      .limit(1);
    const location = row && (await jobLocationById(db, row.slot.job_location_id));
    if (!row || !location) throw notFound();
    return {
      booking_id: row.booking.booking_id,
      user_id: row.booking.user_id,
      slot_id: row.booking.slot_id,
      job_id: row.booking.job_id,
      booking_date: row.booking.booking_date,
      start_time: row.slot.start_time.toISOString(),
      end_time: row.slot.end_time.toISOString(),
      location: { city: location.city, address: location.address },
    };
  }

  async function bookingOf(userId: number, jobId: number) {
    const [row] = await db
      .select()
      .from(slotBookings)
      .where(and(eq(slotBookings.user_id, userId), eq(slotBookings.job_id, jobId)))
      .limit(1);
    return row;
  }

  /** A future slot of the job, on the day given, at a location the candidate applied for; with that application. */
  async function bookableSlot(callerId: number, input: { slot_id: number; job_id: number; booking_date: string }) {
    const [slot] = await db.select().from(interviewSlots).where(eq(interviewSlots.slot_id, input.slot_id)).limit(1);
    if (!slot) throw notFound(say('hiring.slotNotFound'));
    if (slot.job_id !== input.job_id) throw badRequest(say('hiring.slotNotOfJob'));
    if (istDateString(slot.start_time) !== input.booking_date) throw badRequest(say('hiring.bookingDateMismatch'));
    if (slot.start_time.getTime() <= Date.now()) throw conflict(say('hiring.slotPast'));
    const [application] = await db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.user_id, callerId),
          eq(applications.job_id, input.job_id),
          eq(applications.job_location_id, slot.job_location_id),
        ),
      )
      .limit(1);
    if (!application) {
      const [anyApp] = await db
        .select({ id: applications.application_id })
        .from(applications)
        .where(and(eq(applications.user_id, callerId), eq(applications.job_id, input.job_id)))
        .limit(1);
      throw forbidden(say(anyApp ? 'hiring.slotNotOfLocation' : 'hiring.notApplied'));
    }
    return { slot, application };
  }

  /**
   * Tells the candidate, in the booking's transaction, when and where the
   * interview is: booked, moved, or tomorrow (the reminder job, whose key
   * keeps one reminder per booking and slot however often it runs).
   */
  async function tellBooking(
    tx: Tx,
    event: typeof NOTIFY_EVENT.interviewBooked | typeof NOTIFY_EVENT.interviewRescheduled | typeof NOTIFY_EVENT.interviewReminder,
    b: { booking_id: number; user_id: number; job_id: number; slot_id: number },
    locale?: SmsLocale,
  ) {
    if (!deps.notifications) return false;
    const [row] = await tx
      .select({ start: interviewSlots.start_time, job_id: interviewSlots.job_id, job_location_id: interviewSlots.job_location_id })
      .from(interviewSlots)
      .where(eq(interviewSlots.slot_id, b.slot_id))
      .limit(1);
    const location = row && (await jobLocationById(tx, row.job_location_id));
    const title = row && (await jobTitles(tx, [row.job_id])).get(row.job_id);
    if (!row || !location || title === undefined) return false;
    const { created } = await deps.notifications.notify(tx, {
      event,
      audience: NOTIFY_AUDIENCE.worker,
      user_id: b.user_id,
      data: {
        booking_id: b.booking_id,
        project: title,
        when: row.start.toISOString(),
        place: [location.address, location.city].filter(Boolean).join(', '),
      },
      // A booking and a move are each made once by their own transaction; the reminder job may run many times.
      dedupe_key: event === NOTIFY_EVENT.interviewReminder ? `${event}:${b.booking_id}:${b.slot_id}` : undefined,
      locale,
    });
    return created;
  }

  const service = {
    /** Available Projects: hiring jobs listed to partners, with this partner's link and payout. */
    async partnerJobs(
      userId: number,
      q: { job_category_id: number; featuresLimit: number; appendUserLevelPayout: boolean },
      locale: Locale = 'en',
    ) {
      const rows = await liveJobsOfCategory(db, q.job_category_id);
      const listed = rows.filter((r) => isListedForPartners(r.job));
      const [kycDone, approved, locations] = await Promise.all([
        documents.kycComplete(userId),
        stats.approvedCount(userId),
        locationsOf(listed.map((r) => r.job.job_id)),
      ]);
      const level = partnerLevel(approved);
      const next = PARTNER_LEVELS.find((l) => l.min_approved > approved);
      const data: PartnerJob[] = [];
      for (const { job: stored, employer } of listed) {
        const job = projectIn(stored, stored.translations, locale);
        const locs = locations.get(job.job_id) ?? [];
        const first = locs[0];
        data.push({
          job_id: job.job_id,
          job_title: job.job_title,
          logo_url: job.logo_url ?? (await fileUrl(job.logo_key ?? employer.logo_key)),
          Employer: { employer_name: nameIn(employer.employer_name, employer.translations, locale), theme_color: employer.theme_color },
          rewards: job.rewards,
          Criteria: parseCriteria(job.criteria),
          Features: job.features.slice(0, q.featuresLimit),
          payout_text: inLocale(payoutSaid(job, q.appendUserLevelPayout ? level : null), locale),
          JobLocations: locs.map((l) => ({ job_location_id: l.job_location_id, city: l.city, address: l.address, pincode: l.pincode })),
          // The link exists only for a partner whose KYC is done.
          referral_link:
            kycDone && first
              ? origin + applicationPath({ job_id: job.job_id, job_location_id: first.job_location_id, recruiter_id: userId })
              : null,
        });
      }
      return {
        data,
        count: data.length,
        kyc_done: kycDone,
        level: { level: level.level, name: level.name, approved, bonus_percent: level.bonus_percent, next_at: next?.min_approved ?? null },
      };
    },

    /** The projects a partner works on: those with their leads or their referred applications. */
    async myProjects(userId: number, locale: Locale = 'en'): Promise<MyProject[]> {
      const leadCounts = await stats.leadCountsByJob(userId);
      const appRows = await db
        .select({
          job_id: applications.job_id,
          applications: sql<number>`count(*)::int`,
          slots_booked: sql<number>`count(${slotBookings.booking_id})::int`,
        })
        .from(applications)
        .leftJoin(slotBookings, and(eq(slotBookings.application_id, applications.application_id)))
        .where(eq(applications.recruiter_id, userId))
        .groupBy(applications.job_id);
      const jobIds = [...new Set([...leadCounts.keys(), ...appRows.map((r) => r.job_id)])];
      if (!jobIds.length) return [];
      const jobRows = await jobsWithEmployerByTitle(db, jobIds);
      const apps = new Map(appRows.map((r) => [r.job_id, r]));
      const out: MyProject[] = [];
      for (const { job, employer, category } of jobRows) {
        out.push({
          job_id: job.job_id,
          job_title: textIn(job.job_title, job.translations.hi?.job_title, locale),
          employer_name: nameIn(employer.employer_name, employer.translations, locale),
          category_title: nameIn(category.title, category.translations, locale),
          logo_url: job.logo_url ?? (await fileUrl(job.logo_key ?? employer.logo_key)),
          counts: leadCounts.get(job.job_id) ?? { pending: 0, verified: 0, rejected: 0, archived: 0 },
          applications: apps.get(job.job_id)?.applications ?? 0,
          slots_booked: apps.get(job.job_id)?.slots_booked ?? 0,
        });
      }
      return out;
    },

    /** The public job page's data; undefined when the job is not open to candidates. */
    async publicJob(jobId: number, recruiterId?: number, locale: Locale = 'en'): Promise<PublicJob | undefined> {
      const row = await openJob(jobId);
      if (!row) return undefined;
      // A link whose recruiter could not have made it (unknown, or a partner without KYC) opens nothing.
      if (recruiterId !== undefined && !(await mayRefer(recruiterId))) return undefined;
      const { employer, category } = row;
      const job = projectIn(row.job, row.job.translations, locale);
      const locs = (await locationsOf([jobId])).get(jobId) ?? [];
      return {
        job_id: job.job_id,
        job_title: job.job_title,
        Employer: { employer_name: nameIn(employer.employer_name, employer.translations, locale), theme_color: employer.theme_color },
        logo_url: job.logo_url ?? (await fileUrl(job.logo_key ?? employer.logo_key)),
        banner_url: await fileUrl(job.banner_key),
        type: job.type,
        domain: job.domain,
        tag_line: job.tag_line,
        duration: job.duration,
        min_salary: job.min_salary,
        max_salary: job.max_salary,
        perks: job.perks,
        description: job.description,
        JobCategory: { job_category_id: category.job_category_id, title: nameIn(category.title, category.translations, locale) },
        JobLocations: locs.map((l) => ({ job_location_id: l.job_location_id, city: l.city, address: l.address, pincode: l.pincode })),
        application_archive_status: job.application_archive_status,
        application_archive_message: job.application_archive_message,
      };
    },

    /** One application per candidate, job and location; a retry answers the same one. */
    async apply(callerId: number, input: ApplyInput) {
      if (input.user_id !== callerId) throw forbidden(say('hiring.ownDataOnly'));
      if (input.recruiter_id === callerId) throw badRequest(say('hiring.ownLink'));
      const row = await openJob(input.job_id);
      if (!row) throw notFound(say('hiring.jobNotFound'));
      if (row.job.application_archive_status !== PROJECT_ARCHIVE_STATUS.live)
        // The closing words ops typed for this job are theirs, shown as written.
        throw new AppError(
          'CONFLICT',
          row.job.application_archive_message != null ? asTyped(row.job.application_archive_message) : say('hiring.applicationsClosed'),
        );
      const loc = await jobLocationById(db, input.job_location_id);
      if (!loc || loc.job_id !== input.job_id) throw badRequest(say('hiring.locationNotOfJob'));
      // Never attributed to a recruiter who could not have shared the link.
      if (!(await mayRefer(input.recruiter_id))) throw badRequest(say('hiring.recruiterNotFound'));
      const [created] = await db
        .insert(applications)
        .values({
          user_id: input.user_id,
          recruiter_id: input.recruiter_id,
          job_id: input.job_id,
          job_location_id: input.job_location_id,
          answers: input.answers,
          tracking_id: input.tracking_id ?? null,
          status: APPLICATION_STATUS.APPLIED,
        })
        .onConflictDoNothing({ target: [applications.user_id, applications.job_id, applications.job_location_id] })
        .returning();
      if (created) return { application: toApplication(created), created: true };
      const [existing] = await db
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.user_id, input.user_id),
            eq(applications.job_id, input.job_id),
            eq(applications.job_location_id, input.job_location_id),
          ),
        )
        .limit(1);
      return { application: toApplication(existing!), created: false };
    },

    /** Upcoming slots of the job at the location the candidate applied for, grouped by day at +05:30. */
    async slots(callerId: number, q: { job_id: number; job_location_id?: number | undefined }): Promise<SlotDay[]> {
      const apps = await db
        .select()
        .from(applications)
        .where(and(eq(applications.user_id, callerId), eq(applications.job_id, q.job_id)))
        .orderBy(asc(applications.application_id));
      if (!apps.length) throw forbidden(say('hiring.notApplied'));
      const locationIds = q.job_location_id
        ? apps.filter((a) => a.job_location_id === q.job_location_id).map((a) => a.job_location_id)
        : apps.map((a) => a.job_location_id);
      if (!locationIds.length) throw forbidden(say('hiring.notApplied'));
      const rows = await db
        .select()
        .from(interviewSlots)
        .where(
          and(
            eq(interviewSlots.job_id, q.job_id),
            inArray(interviewSlots.job_location_id, locationIds),
            gt(interviewSlots.start_time, new Date()),
          ),
        )
        .orderBy(asc(interviewSlots.start_time), asc(interviewSlots.slot_id));
      const days = new Map<string, SlotDay>();
      for (const s of rows) {
        const date = istDateString(s.start_time);
        const day = days.get(date) ?? { date, slots: [] };
        day.slots.push({
          slot_id: s.slot_id,
          start_time: s.start_time.toISOString(),
          end_time: s.end_time.toISOString(),
          capacity: s.capacity,
          available: s.capacity - s.booked,
        });
        days.set(date, day);
      }
      return [...days.values()];
    },

    async bookedSlot(callerId: number, jobId: number): Promise<Booking | null> {
      const row = await bookingOf(callerId, jobId);
      return row ? bookingView(row.booking_id) : null;
    },

    /**
     * Books a slot. The seat is taken by a conditional update (booked < capacity),
     * so parallel requests never pass the capacity; the unique (user, job) index
     * keeps one booking per candidate and job. A retry of the same booking answers it.
     */
    async bookSlot(callerId: number, input: { user_id: number; slot_id: number; job_id: number; booking_date: string }): Promise<Booking> {
      if (input.user_id !== callerId) throw forbidden(say('hiring.ownDataOnly'));
      const existing = await bookingOf(callerId, input.job_id);
      if (existing) {
        if (existing.slot_id === input.slot_id) return bookingView(existing.booking_id);
        throw conflict(say('hiring.alreadyBooked'));
      }
      const { slot, application } = await bookableSlot(callerId, input);
      let bookingId: number;
      try {
        bookingId = await db.transaction(async (tx) => {
          await takeSeat(tx, slot.slot_id);
          const [booking] = await tx
            .insert(slotBookings)
            .values({
              slot_id: slot.slot_id,
              user_id: callerId,
              job_id: input.job_id,
              application_id: application.application_id,
              booking_date: input.booking_date,
            })
            .returning({ booking_id: slotBookings.booking_id });
          await tellBooking(tx, NOTIFY_EVENT.interviewBooked, { ...input, user_id: callerId, booking_id: booking!.booking_id });
          if (application.status < APPLICATION_STATUS.SLOT_BOOKED) {
            await tx
              .update(applications)
              .set({ status: APPLICATION_STATUS.SLOT_BOOKED, modified_on: new Date() })
              .where(eq(applications.application_id, application.application_id));
          }
          return booking!.booking_id;
        });
      } catch (err) {
        // A parallel request of the same candidate booked first; the seat taken here was rolled back.
        if (isUniqueViolation(err)) {
          const other = await bookingOf(callerId, input.job_id);
          if (other?.slot_id === input.slot_id) return bookingView(other.booking_id);
          throw conflict(say('hiring.alreadyBooked'));
        }
        throw err;
      }
      return bookingView(bookingId);
    },

    /**
     * Moves the candidate's interview to another slot: the new seat is taken
     * (never past capacity) and the old one freed in one transaction, so the
     * candidate keeps exactly one booking for the job. The candidate is told
     * through the notification outbox, committed with the move.
     */
    async rescheduleSlot(
      callerId: number,
      input: { user_id: number; slot_id: number; job_id: number; booking_date: string },
      smsLocale?: SmsLocale,
    ): Promise<{ booking: Booking; moved: boolean }> {
      if (input.user_id !== callerId) throw forbidden(say('hiring.ownDataOnly'));
      const existing = await bookingOf(callerId, input.job_id);
      if (!existing) throw notFound(say('hiring.noBooking'));
      if (existing.slot_id === input.slot_id) return { booking: await bookingView(existing.booking_id), moved: false };
      const [old] = await db.select().from(interviewSlots).where(eq(interviewSlots.slot_id, existing.slot_id)).limit(1);
      if (old && old.start_time.getTime() <= Date.now()) throw conflict(say('hiring.interviewStarted'));
      const { slot, application } = await bookableSlot(callerId, input);
      await db.transaction(async (tx) => {
        // The booking row is locked first, so two moves of the same booking run one after the other.
        const [current] = await tx.select().from(slotBookings).where(eq(slotBookings.booking_id, existing.booking_id)).for('update');
        if (!current) throw notFound(say('hiring.noBooking'));
        if (current.slot_id === slot.slot_id) return;
        await takeSeat(tx, slot.slot_id);
        await tx
          .update(interviewSlots)
          .set({ booked: sql`greatest(${interviewSlots.booked} - 1, 0)` })
          .where(eq(interviewSlots.slot_id, current.slot_id));
        await tx
          .update(slotBookings)
          .set({ slot_id: slot.slot_id, booking_date: input.booking_date, application_id: application.application_id })
          .where(eq(slotBookings.booking_id, current.booking_id));
        await tellBooking(
          tx,
          NOTIFY_EVENT.interviewRescheduled,
          { booking_id: current.booking_id, user_id: callerId, job_id: input.job_id, slot_id: slot.slot_id },
          smsLocale,
        );
      });
      return { booking: await bookingView(existing.booking_id), moved: true };
    },

    /**
     * The day-before reminder: each booking whose interview is tomorrow (IST)
     * gets one, once (its notification key), sent only between
     * REMINDER_HOURS_IST so nobody is texted at night. Any process may run it,
     * as often as it likes: a second run finds every reminder made.
     */
    async remindTomorrow(now: Date = new Date()): Promise<{ reminded: number }> {
      const hour = istParts(now).hour;
      if (!deps.notifications || hour < REMINDER_HOURS_IST.from || hour >= REMINDER_HOURS_IST.to) return { reminded: 0 };
      const tomorrow = istDayStart(istDateString(now.getTime() + DAY_MS));
      const dayAfter = new Date(tomorrow.getTime() + DAY_MS);
      const due = await db
        .select({
          booking_id: slotBookings.booking_id,
          user_id: slotBookings.user_id,
          job_id: slotBookings.job_id,
          slot_id: slotBookings.slot_id,
        })
        .from(slotBookings)
        .innerJoin(interviewSlots, eq(interviewSlots.slot_id, slotBookings.slot_id))
        .where(and(gte(interviewSlots.start_time, tomorrow), lt(interviewSlots.start_time, dayAfter)))
        .orderBy(asc(slotBookings.booking_id));
      let reminded = 0;
      for (const b of due) {
        await db.transaction(async (tx) => {
          if (await tellBooking(tx, NOTIFY_EVENT.interviewReminder, b)) reminded++;
        });
      }
      return { reminded };
    },

    /** Update user (user_id, first_name), the candidate's own name only. */
    async updateName(callerId: number, input: { user_id: number; first_name: string }) {
      if (input.user_id !== callerId) throw forbidden(say('hiring.ownDataOnly'));
      await users.updateName(callerId, input.first_name);
      return { user_id: callerId, first_name: input.first_name };
    },

    /** Ops console: a project's slots with their bookings. */
    async opsSlots(jobId: number) {
      const slots = await db.select().from(interviewSlots).where(eq(interviewSlots.job_id, jobId)).orderBy(asc(interviewSlots.start_time));
      const bookings = slots.length
        ? await db
            .select()
            .from(slotBookings)
            .where(
              inArray(
                slotBookings.slot_id,
                slots.map((x) => x.slot_id),
              ),
            )
            .orderBy(asc(slotBookings.created_on))
        : [];
      return slots.map((x) => ({
        slot_id: x.slot_id,
        job_location_id: x.job_location_id,
        date: istDateString(x.start_time),
        start_time: x.start_time.toISOString(),
        end_time: x.end_time.toISOString(),
        capacity: x.capacity,
        booked: x.booked,
        bookings: bookings
          .filter((b) => b.slot_id === x.slot_id)
          .map((b) => ({
            booking_id: b.booking_id,
            user_id: b.user_id,
            booking_date: b.booking_date,
            created_on: b.created_on.toISOString(),
          })),
      }));
    },
    /** Ops console: adds slots at a location; a start time that exists already is skipped. */
    async opsAddSlots(input: { job_id: number; job_location_id: number; slots: { start_time: Date; end_time: Date; capacity: number }[] }) {
      const loc = await jobLocationById(db, input.job_location_id);
      if (!loc || loc.job_id !== input.job_id) throw notFound(say('hiring.locationNotFound'));
      const rows = await db
        .insert(interviewSlots)
        .values(input.slots.map((x) => ({ job_id: input.job_id, job_location_id: input.job_location_id, ...x })))
        .onConflictDoNothing()
        .returning({ slot_id: interviewSlots.slot_id });
      return { added: rows.length, skipped: input.slots.length - rows.length };
    },
  };
  return service;
}
export type HiringService = ReturnType<typeof createHiringService>;
export type { JobRow, SlotRow };
