import { z } from 'zod';
import { defineRoute } from './api';
import { int, queryInt, text, webUrl } from './base';
import type { Locale } from './locale';
import { partnerCatalogue } from './texts/partner';
import { renderStored, type StoredVars } from './texts/stored';
import { formatDateTime } from './time';

/**
 * What the product tells people, and in which words. Every text a person is
 * sent (by SMS and in the app's notification list) is rendered here from a
 * template per event, in English and Hindi side by side; the SMS gateway in
 * India accepts only texts registered on the DLT platform, so each template
 * (and its Hindi twin, and its merged form) has a DLT template id in the
 * server's configuration under the key `smsTemplateKey` gives it.
 */

/** The events that notify someone; the value is the notification's `kind`. */
export const NOTIFY_EVENT = {
  leadApproved: 'lead_approved',
  leadRejected: 'lead_rejected',
  leadNeedsDetails: 'lead_needs_details',
  payoutSent: 'payout_sent',
  payoutFailed: 'payout_failed',
  kycVerified: 'kyc_verified',
  kycRejected: 'kyc_rejected',
  bankVerified: 'bank_verified',
  bankRejected: 'bank_rejected',
  candidateJoined: 'candidate_joined',
  supportAnswered: 'support_answered',
  supportResolved: 'support_resolved',
  interviewBooked: 'interview_booked',
  interviewReminder: 'interview_reminder',
  interviewRescheduled: 'interview_rescheduled',
  /** The /fb link texted to a merchant when a lead on a project that asks for feedback is approved. */
  merchantFeedbackLink: 'merchant_feedback_link',
  invoiceApproved: 'invoice_approved',
  invoiceRejected: 'invoice_rejected',
} as const;
export type NotifyEvent = (typeof NOTIFY_EVENT)[keyof typeof NOTIFY_EVENT];
export const NOTIFY_EVENTS = Object.values(NOTIFY_EVENT) as NotifyEvent[];
export const isNotifyEvent = (v: string): v is NotifyEvent => (NOTIFY_EVENTS as string[]).includes(v);

/**
 * Whose list a notification is in: the partner portal, the team area, or the
 * worker's support list; a merchant has no account, so theirs is a text only.
 */
export const NOTIFY_AUDIENCE = { partner: 'partner', team: 'team', worker: 'worker', merchant: 'merchant' } as const;
export type NotifyAudience = (typeof NOTIFY_AUDIENCE)[keyof typeof NOTIFY_AUDIENCE];

/** The states of an SMS in the outbox. */
/** `skipped`: the person turned the kind off, or has no browser left to push to. */
export const OUTBOX_STATE = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed', skipped: 'skipped' } as const;
export type OutboxState = (typeof OUTBOX_STATE)[keyof typeof OUTBOX_STATE];

/** Texts the product sends that are not notifications (they go straight to the gateway) but need a DLT template too. */
export const DIRECT_SMS = {
  /** Every login and lead OTP. */
  otp: 'otp',
  /** The OTP a customer gives to consent to a credit profile check (its own words). */
  otpCreditConsent: 'otp_credit_consent',
} as const;
export type DirectSms = (typeof DIRECT_SMS)[keyof typeof DIRECT_SMS];

/**
 * Kinds a person cannot turn off: news of their own money (a payout sent or
 * failed). Security texts (OTPs) are not notifications and always go.
 */
export const NOTIFY_ALWAYS: readonly NotifyEvent[] = [NOTIFY_EVENT.payoutSent, NOTIFY_EVENT.payoutFailed];
export const mayOptOut = (event: NotifyEvent) => !NOTIFY_ALWAYS.includes(event);

/** The kinds each area's people can receive, as their settings list them. */
export const NOTIFY_KINDS_OF: Record<NotifyAudience, readonly NotifyEvent[]> = {
  partner: [
    NOTIFY_EVENT.leadApproved,
    NOTIFY_EVENT.leadRejected,
    NOTIFY_EVENT.leadNeedsDetails,
    NOTIFY_EVENT.candidateJoined,
    NOTIFY_EVENT.kycVerified,
    NOTIFY_EVENT.kycRejected,
    NOTIFY_EVENT.bankVerified,
    NOTIFY_EVENT.bankRejected,
    NOTIFY_EVENT.payoutSent,
    NOTIFY_EVENT.payoutFailed,
    NOTIFY_EVENT.invoiceApproved,
    NOTIFY_EVENT.invoiceRejected,
  ],
  team: [NOTIFY_EVENT.leadApproved, NOTIFY_EVENT.leadRejected, NOTIFY_EVENT.leadNeedsDetails],
  worker: [
    NOTIFY_EVENT.supportAnswered,
    NOTIFY_EVENT.supportResolved,
    NOTIFY_EVENT.interviewBooked,
    NOTIFY_EVENT.interviewReminder,
    NOTIFY_EVENT.interviewRescheduled,
  ],
  merchant: [NOTIFY_EVENT.merchantFeedbackLink],
};

/**
 * How a notification reaches a person besides the bell: a text message, a
 * WhatsApp message instead of it (for a person who chose WhatsApp, when the
 * server has it), or a web push to a browser they allowed.
 */
export const NOTIFY_CHANNEL = { sms: 'sms', whatsapp: 'whatsapp', push: 'push' } as const;
export type NotifyChannel = (typeof NOTIFY_CHANNEL)[keyof typeof NOTIFY_CHANNEL];

/** The variables an event's text is filled with (all strings or numbers; money in paise). */
export interface NotifyData {
  lead_approved: { lead_id: number; project: string; project_hi?: string | undefined; customer: string; amount_paise: number };
  lead_rejected: { lead_id: number; project: string; project_hi?: string | undefined; customer: string; reason: string };
  lead_needs_details: { lead_id: number; project: string; project_hi?: string | undefined; customer: string; reason: string };
  /** `to` is where the money went: a bank account or a UPI ID, named by its last characters; `reference` the bank's (UTR). */
  payout_sent: { payout_run_id: number; amount_paise: number; to: 'bank' | 'upi'; ending: string; reference: string };
  /** `reason` in English; `reason_code` and `reason_vars` say it by code when the words are ours (not the bank's own). */
  payout_failed: { payout_run_id: number; amount_paise: number } & StoredReason;
  kyc_verified: { document: string };
  kyc_rejected: { document: string; reason: string };
  bank_verified: { bank_ending: string };
  /** As `payout_failed`'s reason: the words ops typed have no code. */
  bank_rejected: { bank_ending: string } & StoredReason;
  candidate_joined: { application_id: number; project: string; candidate: string; amount_paise: number };
  support_answered: { ticket_id: number; user_id: number };
  support_resolved: { ticket_id: number; user_id: number };
  /** `when` is the interview's start (ISO), written in the reader's language; `place` the address. */
  interview_booked: { booking_id: number; project: string; when: string; place: string };
  interview_reminder: { booking_id: number; project: string; when: string; place: string };
  interview_rescheduled: { booking_id: number; project: string; when: string; place: string };
  /** `partner` is the partner's first name, `job` the project, `link` the whole /fb address. */
  merchant_feedback_link: { job_task_id: number; partner: string; job: string; link: string };
  /** A GST partner's invoice: approved (its total, GST included, is paid in the next payout run) or sent back with ops' reason. */
  invoice_approved: { invoice_id: number; invoice_number: string; amount_paise: number };
  invoice_rejected: { invoice_id: number; invoice_number: string; reason: string };
}

/** A reason as its row stores it: the English, and beside it the code and varying parts when the words are ours. */
export interface StoredReason {
  reason: string;
  reason_code?: string | null | undefined;
  reason_vars?: StoredVars | null | undefined;
}

/** A stored reason in the reader's language by its code; words without one (typed, or kept before codes) as they are. */
const reasonIn = (d: StoredReason, locale: Locale) =>
  renderStored(d.reason_code, d.reason_vars, partnerCatalogue[locale], partnerCatalogue.en) ?? d.reason;

type Words = Record<Locale, string>;
interface Template<E extends NotifyEvent> {
  text: Words;
  /** The one text for several of a person's notifications of this kind sent together; without it each is sent alone. */
  merged?: { text: Words; vars: (all: NotifyData[E][]) => Record<string, string | number> };
  vars: (data: NotifyData[E], locale: Locale) => Record<string, string | number>;
}

/** Whole rupees without decimals when there are none: 2500000 paise → '₹25,000'. */
export function rupees(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** A customer's first name only: an SMS says no more about a third person than it must. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

const DOCUMENT_WORDS: Record<string, Words> = {
  PAN: { en: 'PAN card', hi: 'पैन कार्ड' },
  AADHAAR: { en: 'Aadhaar card', hi: 'आधार कार्ड' },
};
const documentWords = (type: string, locale: Locale) => DOCUMENT_WORDS[type.toUpperCase()]?.[locale] ?? type;

const PAYOUT_TO_WORDS: Record<'bank' | 'upi', Words> = {
  bank: { en: 'bank account', hi: 'बैंक खाते' },
  upi: { en: 'UPI ID', hi: 'UPI ID' },
};

function interviewVars(d: { project: string; when: string; place: string }, locale: Locale) {
  return { job: d.project, when: formatDateTime(d.when, locale), place: d.place };
}

const sum = (all: { amount_paise: number }[]) => all.reduce((s, d) => s + d.amount_paise, 0);
/** The project as ops named it in the reader's language (the Hindi title where they wrote one). */
const leadVars = (d: { project: string; project_hi?: string | undefined; customer: string }, locale: Locale) => ({
  project: locale === 'hi' && d.project_hi ? d.project_hi : d.project,
  customer: firstName(d.customer),
});

export const NOTIFY_TEMPLATES: { [E in NotifyEvent]: Template<E> } = {
  lead_approved: {
    text: {
      en: 'Lead approved: {customer} for {project}. {amount} added to your wallet. - PickMyWork',
      hi: 'लीड स्वीकृत: {project} के लिए {customer}। {amount} आपके वॉलेट में जोड़े गए। - PickMyWork',
    },
    vars: (d, locale) => ({ ...leadVars(d, locale), amount: rupees(d.amount_paise) }),
    merged: {
      text: { en: '{count} leads approved, {amount}. - PickMyWork', hi: '{count} लीड स्वीकृत, {amount}। - PickMyWork' },
      vars: (all) => ({ count: all.length, amount: rupees(sum(all)) }),
    },
  },
  lead_rejected: {
    text: {
      en: 'Lead rejected: {customer} for {project}. Reason: {reason} - PickMyWork',
      hi: 'लीड अस्वीकृत: {project} के लिए {customer}। कारण: {reason} - PickMyWork',
    },
    vars: (d, locale) => ({ ...leadVars(d, locale), reason: d.reason }),
    merged: {
      text: {
        en: '{count} leads rejected. Open the app to see why. - PickMyWork',
        hi: '{count} लीड अस्वीकृत। कारण देखने के लिए ऐप खोलें। - PickMyWork',
      },
      vars: (all) => ({ count: all.length }),
    },
  },
  lead_needs_details: {
    text: {
      en: 'Lead needs details: {customer} for {project}. {reason} - PickMyWork',
      hi: 'लीड में जानकारी चाहिए: {project} के लिए {customer}। {reason} - PickMyWork',
    },
    vars: (d, locale) => ({ ...leadVars(d, locale), reason: d.reason }),
    merged: {
      text: {
        en: '{count} leads need details. Open the app to add them. - PickMyWork',
        hi: '{count} लीड में जानकारी चाहिए। जोड़ने के लिए ऐप खोलें। - PickMyWork',
      },
      vars: (all) => ({ count: all.length }),
    },
  },
  payout_sent: {
    text: {
      en: 'Payout of {amount} sent to your {to} ending {ending}. Reference {reference}. - PickMyWork',
      hi: '{amount} का भुगतान आपके {to} (अंतिम अंक {ending}) में भेजा गया। रेफ़रेंस {reference}। - PickMyWork',
    },
    vars: (d, locale) => ({
      amount: rupees(d.amount_paise),
      to: PAYOUT_TO_WORDS[d.to][locale],
      ending: d.ending,
      reference: d.reference || '-',
    }),
  },
  payout_failed: {
    text: {
      en: 'Payout of {amount} failed: {reason}. The money is back in your wallet. - PickMyWork',
      hi: '{amount} का भुगतान नहीं हो सका: {reason}। पैसे आपके वॉलेट में वापस आ गए। - PickMyWork',
    },
    vars: (d, locale) => ({ amount: rupees(d.amount_paise), reason: reasonIn(d, locale) }),
  },
  kyc_verified: {
    text: { en: 'Your {document} is verified. - PickMyWork', hi: 'आपका {document} सत्यापित हो गया। - PickMyWork' },
    vars: (d, locale) => ({ document: documentWords(d.document, locale) }),
  },
  kyc_rejected: {
    text: {
      en: 'Your {document} was rejected: {reason}. Upload it again in your profile. - PickMyWork',
      hi: 'आपका {document} अस्वीकार हुआ: {reason}। प्रोफ़ाइल में फिर से अपलोड करें। - PickMyWork',
    },
    vars: (d, locale) => ({ document: documentWords(d.document, locale), reason: d.reason }),
  },
  bank_verified: {
    text: {
      en: 'Your bank account ending {bank_ending} is verified. - PickMyWork',
      hi: 'आपका बैंक खाता (अंतिम अंक {bank_ending}) सत्यापित हो गया। - PickMyWork',
    },
    vars: (d) => ({ bank_ending: d.bank_ending }),
  },
  bank_rejected: {
    text: {
      en: 'Your bank account ending {bank_ending} was rejected: {reason}. Add it again in your profile. - PickMyWork',
      hi: 'आपका बैंक खाता (अंतिम अंक {bank_ending}) अस्वीकार हुआ: {reason}। प्रोफ़ाइल में फिर से जोड़ें। - PickMyWork',
    },
    vars: (d, locale) => ({ bank_ending: d.bank_ending, reason: reasonIn(d, locale) }),
  },
  candidate_joined: {
    text: {
      en: 'Candidate joined: {candidate} for {project}. {amount} added to your wallet. - PickMyWork',
      hi: 'उम्मीदवार ने जॉइन किया: {project} के लिए {candidate}। {amount} आपके वॉलेट में जोड़े गए। - PickMyWork',
    },
    vars: (d) => ({ candidate: firstName(d.candidate), project: d.project, amount: rupees(d.amount_paise) }),
    merged: {
      text: {
        en: '{count} candidates joined, {amount}. - PickMyWork',
        hi: '{count} उम्मीदवारों ने जॉइन किया, {amount}। - PickMyWork',
      },
      vars: (all) => ({ count: all.length, amount: rupees(sum(all)) }),
    },
  },
  support_answered: {
    text: {
      en: 'Support answered your query #{ticket}. Open the app to read it. - PickMyWork',
      hi: 'सपोर्ट ने आपकी क्वेरी #{ticket} का जवाब दिया। पढ़ने के लिए ऐप खोलें। - PickMyWork',
    },
    vars: (d) => ({ ticket: d.ticket_id }),
    merged: {
      text: {
        en: 'Support sent you {count} answers. Open the app to read them. - PickMyWork',
        hi: 'सपोर्ट ने आपको {count} जवाब भेजे। पढ़ने के लिए ऐप खोलें। - PickMyWork',
      },
      vars: (all) => ({ count: all.length }),
    },
  },
  support_resolved: {
    text: {
      en: 'Support marked your query #{ticket} resolved. Open the app to rate the answer. - PickMyWork',
      hi: 'सपोर्ट ने आपकी क्वेरी #{ticket} हल कर दी। जवाब को रेटिंग देने के लिए ऐप खोलें। - PickMyWork',
    },
    vars: (d) => ({ ticket: d.ticket_id }),
  },
  interview_booked: {
    text: {
      en: 'Interview booked for {job} on {when} at {place}. - PickMyWork',
      hi: '{job} के लिए इंटरव्यू {when} को {place} पर बुक हो गया। - PickMyWork',
    },
    vars: interviewVars,
  },
  interview_reminder: {
    text: {
      en: 'Reminder: your interview for {job} is tomorrow, {when}, at {place}. - PickMyWork',
      hi: 'रिमाइंडर: {job} के लिए आपका इंटरव्यू कल, {when} को {place} पर है। - PickMyWork',
    },
    vars: interviewVars,
  },
  interview_rescheduled: {
    text: {
      en: 'Your interview for {job} is now on {when} at {place}. - PickMyWork',
      hi: '{job} के लिए आपका इंटरव्यू अब {when} को {place} पर है। - PickMyWork',
    },
    vars: interviewVars,
  },
  merchant_feedback_link: {
    text: {
      en: '{partner} from PickMyWork served you for {job}. Please rate their work: {link} - PickMyWork',
      hi: 'PickMyWork के {partner} ने {job} के लिए आपकी सेवा की। कृपया उनके काम को रेटिंग दें: {link} - PickMyWork',
    },
    vars: (d) => ({ partner: firstName(d.partner), job: d.job, link: d.link }),
  },
  invoice_approved: {
    text: {
      en: 'Your invoice {number} for {amount} is approved. It is paid in the next payout. - PickMyWork',
      hi: 'आपका इनवॉइस {number} ({amount}) स्वीकृत हो गया। इसका भुगतान अगले पेआउट में होगा। - PickMyWork',
    },
    vars: (d) => ({ number: d.invoice_number, amount: rupees(d.amount_paise) }),
  },
  invoice_rejected: {
    text: {
      en: 'Your invoice {number} was sent back: {reason}. Correct it and send it again on the Payouts page. - PickMyWork',
      hi: 'आपका इनवॉइस {number} वापस भेजा गया: {reason}। इसे ठीक करके पेआउट पेज से फिर से भेजें। - PickMyWork',
    },
    vars: (d) => ({ number: d.invoice_number, reason: d.reason }),
  },
};

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

/** One notification's text in a language. */
export function renderNotification<E extends NotifyEvent>(event: E, data: NotifyData[E], locale: Locale): string {
  const t = NOTIFY_TEMPLATES[event] as Template<E>;
  return fill(t.text[locale], t.vars(data, locale));
}

/** Whether several notifications of this kind to one person may go as one text. */
export const mergeable = (event: NotifyEvent) => !!NOTIFY_TEMPLATES[event].merged;

/** The one text for several notifications of a kind (one alone is its own text). */
export function renderMerged<E extends NotifyEvent>(event: E, all: NotifyData[E][], locale: Locale): string {
  const t = NOTIFY_TEMPLATES[event] as Template<E>;
  if (all.length === 1 || !t.merged) return renderNotification(event, all[0]!, locale);
  return fill(t.merged.text[locale], t.merged.vars(all));
}

/**
 * The configuration key of an SMS template's DLT id: the event (or direct
 * text), `.merged` for the merged form, `.hi` for the Hindi text.
 */
export function smsTemplateKey(name: NotifyEvent | DirectSms, locale: Locale, merged = false): string {
  return `${name}${merged ? '.merged' : ''}${locale === 'hi' ? '.hi' : ''}`;
}

/** Every key an operator must give a DLT template id for (production refuses to start without one). */
export function allSmsTemplateKeys(): string[] {
  const locales: Locale[] = ['en', 'hi'];
  const keys: string[] = [];
  for (const name of [...Object.values(DIRECT_SMS), ...NOTIFY_EVENTS]) {
    for (const locale of locales) {
      keys.push(smsTemplateKey(name, locale));
      if (isNotifyEvent(name) && mergeable(name)) keys.push(smsTemplateKey(name, locale, true));
    }
  }
  return keys;
}

// ---------------------------------------------------------------- WhatsApp

/**
 * The configuration key of a WhatsApp template's approved name: the event, and
 * `.merged` for its merged text. One WhatsApp template holds both languages
 * (the message names the language code), so there is no `.hi` key.
 */
export function whatsappTemplateKey(event: NotifyEvent, merged = false): string {
  return `${event}${merged ? '.merged' : ''}`;
}

/** Kinds that can go by WhatsApp: everyone's but the merchant's (who has no account to choose it in). */
export const whatsappKinds = (): NotifyEvent[] => NOTIFY_EVENTS.filter((e) => e !== NOTIFY_EVENT.merchantFeedbackLink);

/** Every key an operator must give an approved WhatsApp template name for (production with WhatsApp refuses to start without one). */
export function allWhatsAppTemplateKeys(): string[] {
  return whatsappKinds().flatMap((e) => (mergeable(e) ? [whatsappTemplateKey(e), whatsappTemplateKey(e, true)] : [whatsappTemplateKey(e)]));
}

const varNames = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * A notification as a WhatsApp template message: the template's key, and its
 * body parameters in the order their places appear in the English text
 * ({{1}}, {{2}}, … when registered; the Hindi translation numbers its places
 * as the English does), filled in the reader's language.
 */
export function whatsappMessage<E extends NotifyEvent>(event: E, all: NotifyData[E][], locale: Locale): { key: string; params: string[] } {
  const t = NOTIFY_TEMPLATES[event] as Template<E>;
  const merged = all.length > 1 && !!t.merged;
  const words = merged ? t.merged!.text.en : t.text.en;
  const vars = merged ? t.merged!.vars(all) : t.vars(all[0]!, locale);
  return { key: whatsappTemplateKey(event, merged), params: varNames(words).map((name) => String(vars[name] ?? '')) };
}

// ---------------------------------------------------------------- API

export const NOTIFICATIONS_PAGE_MAX = 100;

export const notificationSchema = z.object({
  notification_id: int(),
  kind: text(),
  text: text(),
  /** Where in the app the notification is about (the lead in the Leads Report, the payouts, a profile tab). */
  link: text().nullable(),
  read: z.boolean(),
  created_on: text(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ unread: int(), rows: z.array(notificationSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  limit: queryInt.min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
  offset: queryInt.min(0).default(0),
});

export const notificationReadBodySchema = z.object({
  notification_ids: z.array(int().min(1)).min(1).max(NOTIFICATIONS_PAGE_MAX),
});
export const notificationReadSchema = z.object({ unread: int() });

const listRoute = <P extends string, A extends 'worker' | 'team'>(path: P, auth: A, whose: string) =>
  defineRoute({
    method: 'GET',
    path,
    summary: `${whose} notifications, newest first, with the unread count`,
    auth,
    query: notificationListQuerySchema,
    response: notificationListSchema,
  });
const readRoute = <P extends string, A extends 'worker' | 'team'>(path: P, auth: A, whose: string) =>
  defineRoute({
    method: 'POST',
    path,
    summary: `Marks some of ${whose} notifications read (another person's are left alone)`,
    auth,
    body: notificationReadBodySchema,
    response: notificationReadSchema,
  });

export const notificationRoutes = {
  partnerList: listRoute('/partner/notifications', 'worker', "The partner's"),
  partnerRead: readRoute('/partner/notifications/read', 'worker', "the partner's"),
  teamList: listRoute('/team/notifications', 'team', "The team member's"),
  teamRead: readRoute('/team/notifications/read', 'team', "the team member's"),
  workerList: listRoute('/support/user/notifications', 'worker', "The worker's"),
  workerRead: readRoute('/support/user/notifications/read', 'worker', "the worker's"),
};

// ---------------------------------------------------------------- settings and web push

/** One kind in a person's settings: whether it reaches them by text and push, and whether they may turn it off. */
export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFY_EVENTS as [NotifyEvent, ...NotifyEvent[]]),
  on: z.boolean(),
  locked: z.boolean(),
});
export const notificationSettingsSchema = z.object({
  kinds: z.array(notificationSettingSchema),
  /** Texts by WhatsApp instead of SMS: `available` when the server has WhatsApp, `on` when the person chose it (off until then). */
  whatsapp: z.object({ available: z.boolean(), on: z.boolean() }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** One change: a kind on or off, or WhatsApp instead of SMS on or off. */
export const notificationSettingBodySchema = z.union([
  z.object({ kind: z.enum(NOTIFY_EVENTS as [NotifyEvent, ...NotifyEvent[]]), on: z.boolean() }).strict(),
  z.object({ whatsapp: z.boolean() }).strict(),
]);
export type NotificationSettingBody = z.infer<typeof notificationSettingBodySchema>;

/** A browser's push subscription as `PushSubscription.toJSON()` gives it; the endpoint is the push service's https address. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: webUrl(),
  keys: z.object({ p256dh: text().min(1).max(200), auth: text().min(1).max(100) }),
});
export const pushUnsubscribeBodySchema = z.object({ endpoint: text().min(1).max(2000) });
/** The server's VAPID public key, or null when web push is not configured. */
export const pushKeySchema = z.object({ public_key: text().nullable() });

const areaRoutes = <P extends string, A extends 'worker' | 'team'>(base: P, auth: A) => ({
  settings: defineRoute({
    method: 'GET',
    path: `${base}/notifications/settings`,
    summary: 'Which kinds of notification reach the caller by SMS and push (the bell lists them all)',
    auth,
    response: notificationSettingsSchema,
  }),
  setting: defineRoute({
    method: 'POST',
    path: `${base}/notifications/settings`,
    summary: 'Turns one kind on or off for the caller (money kinds stay on), or WhatsApp instead of SMS',
    auth,
    body: notificationSettingBodySchema,
    response: notificationSettingsSchema,
  }),
  pushKey: defineRoute({
    method: 'GET',
    path: `${base}/notifications/push/key`,
    summary: "The server's web push (VAPID) public key, null when push is off",
    auth,
    response: pushKeySchema,
  }),
  subscribe: defineRoute({
    method: 'POST',
    path: `${base}/notifications/push/subscribe`,
    summary: "Keeps this browser's push subscription for the caller",
    auth,
    body: pushSubscriptionBodySchema,
    response: z.object({ subscribed: z.boolean() }),
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: `${base}/notifications/push/unsubscribe`,
    summary: "Forgets this browser's push subscription",
    auth,
    body: pushUnsubscribeBodySchema,
    response: z.object({ subscribed: z.boolean() }),
  }),
});

export const notificationSettingsRoutes = {
  partner: areaRoutes('/partner', 'worker'),
  team: areaRoutes('/team', 'team'),
};

/**
 * Where a notification takes its reader: the lead in the Leads Report, the
 * payouts, the profile tab; in the team area, whose address starts with the
 * team's code, a path inside it (My Lead's Report).
 */
export function notificationLink<E extends NotifyEvent>(event: E, audience: NotifyAudience, data: NotifyData[E]): string | null {
  if (audience === NOTIFY_AUDIENCE.merchant) return null;
  if (audience === NOTIFY_AUDIENCE.team) return 'report';
  if (audience === NOTIFY_AUDIENCE.worker) {
    return 'ticket_id' in data ? `/support/ticket?user_id=${data.user_id}&ticket_id=${data.ticket_id}` : null;
  }
  if ('lead_id' in data) return `/partner/report?search=${data.lead_id}`;
  if ('invoice_id' in data) return `/partner/earnings#invoice-${data.invoice_id}`;
  if (event === NOTIFY_EVENT.payoutSent || event === NOTIFY_EVENT.payoutFailed) return '/partner/earnings';
  if (event === NOTIFY_EVENT.candidateJoined) return '/partner/projects';
  if (event === NOTIFY_EVENT.bankVerified || event === NOTIFY_EVENT.bankRejected) return '/partner/profile/bank';
  if ('document' in data) return '/partner/profile/doc';
  return null;
}

// ---------------------------------------------------------------- WhatsApp status webhooks

/**
 * The WhatsApp Business platform's webhook: a GET to verify the address (it
 * answers `hub.challenge` when `hub.verify_token` is ours), and POSTs of
 * message statuses (sent, delivered, read, failed), signed in
 * X-Hub-Signature-256 with the app secret.
 */
export const whatsappWebhookRoutes = {
  verify: defineRoute({
    method: 'GET',
    path: '/notifications/whatsapp/webhook',
    summary: "The WhatsApp platform's check of the webhook address: answers hub.challenge when hub.verify_token is ours",
    auth: 'public',
    query: z.object({
      'hub.mode': text().max(40).optional(),
      'hub.verify_token': text().max(200).optional(),
      'hub.challenge': text().max(200).optional(),
    }),
    response: text(),
  }),
  status: defineRoute({
    method: 'POST',
    path: '/notifications/whatsapp/webhook',
    summary: 'WhatsApp message statuses (sent, delivered, read, failed; signed); a failed one goes by SMS instead, once',
    auth: 'public',
    body: z.object({ object: text().max(100) }).passthrough(),
    response: z.object({ applied: int() }),
  }),
};

// ---------------------------------------------------------------- ops console

export const opsOutboxRowSchema = z.object({
  outbox_id: int(),
  /** sms, whatsapp or push. */
  channel: text(),
  user_id: int().nullable(),
  mobile: text(),
  kind: text(),
  state: z.enum(Object.values(OUTBOX_STATE) as [OutboxState, ...OutboxState[]]),
  attempts: int(),
  text: text(),
  /** The text the gateway got (the merged one when merged). */
  sent_text: text().nullable(),
  /** What the gateway answered last: its reference when sent, its error when not. */
  gateway_answer: text().nullable(),
  created_on: text(),
  sent_on: text().nullable(),
});
export type OpsOutboxRow = z.infer<typeof opsOutboxRowSchema>;

export const opsOutboxQuerySchema = z.object({
  user_id: queryInt.positive().optional(),
  kind: z.enum(NOTIFY_EVENTS as [NotifyEvent, ...NotifyEvent[]]).optional(),
  state: z.enum(Object.values(OUTBOX_STATE) as [OutboxState, ...OutboxState[]]).optional(),
  page: queryInt.min(1).default(1),
  limit: queryInt.min(1).max(NOTIFICATIONS_PAGE_MAX).default(50),
});

export const opsNotificationRoutes = {
  outbox: defineRoute({
    method: 'GET',
    path: '/ops/notifications',
    summary: 'Notifications sent by SMS, by person, kind and state (queued, sent, failed with the gateway answer)',
    auth: 'ops',
    query: opsOutboxQuerySchema,
    response: z.object({ count: int(), rows: z.array(opsOutboxRowSchema) }),
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/ops/notifications/:outbox_id/resend',
    summary: 'Queues a failed SMS notification to be sent again',
    auth: 'ops',
    params: z.object({ outbox_id: queryInt.positive() }),
    response: opsOutboxRowSchema,
  }),
};
