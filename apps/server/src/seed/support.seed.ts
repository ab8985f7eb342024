import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { botGreetingSaid } from '@pmw/contract/support';
import { say, type Said } from '@pmw/contract/texts/said';
import { toStored } from '@pmw/contract/texts/stored';
import { englishOf } from '../modules/locale/locale';
import type { Services } from '../app';
import {
  files,
  formResponseData,
  formResponses,
  servicePurchases,
  ticketCallLogs,
  ticketCallbackRequests,
  ticketChats,
  ticketHistory,
  tickets,
} from '../db/schema/index';
import { DEMO } from './demo-ids';

/**
 * Asha's support history: tickets in every status (0, 10, 20, 30, 40) with
 * chats, attachments, call logs and status history; the leads and recharges
 * they point at. Ravi has none, so he sees the empty greeting.
 */
export const SUPPORT_DEMO = {
  tickets: { new: 401, answered: 402, waiting: 403, resolved: 404, closedRecharge: 405, closedLowRating: 406, closedOthers: 407 },
  leads: { pending: 94001, expired: 94002, rejected: 94003, pendingDemat: 94004, rejectedInsurance: 94005 },
  recharges: [94101, 94102, 94103],
  files: { agentPdf: 4401, workerPng: 4402 },
} as const;

const asha = DEMO.asha.user_id;
const agent = DEMO.opsAgent.user_id;
const agentName = DEMO.opsAgent.first_name;
const ago = (days: number, minutes = 0) => new Date(Date.now() - days * 86_400_000 - minutes * 60_000);

/** A small valid PNG (a blue card), so the demo attachment opens as an image. */
function demoPng(): Buffer {
  const width = 160;
  const height = 100;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const edge = y < 14 || x < 4 || x >= width - 4 || y >= height - 4;
      row.set(edge ? [11, 92, 173] : [232, 241, 251], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function demoPdf(): Buffer {
  const text = 'Payout schedule: approved leads are paid every Tuesday.';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 35} >>\nstream\nBT /F1 12 Tf 20 120 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function seedSupport(services: Services): Promise<void> {
  const { db, providers, config } = services;
  const T = SUPPORT_DEMO.tickets;
  const L = SUPPORT_DEMO.leads;

  const attachments = [
    {
      file_id: SUPPORT_DEMO.files.agentPdf,
      key: 'ticket/demo/payout-schedule.pdf',
      name: 'payout-schedule.pdf',
      type: 'application/pdf',
      owner_kind: 'ops',
      owner_id: agent,
      ticket_id: T.answered,
      bytes: demoPdf(),
    },
    {
      file_id: SUPPORT_DEMO.files.workerPng,
      key: 'ticket/demo/rejection-screenshot.png',
      name: 'rejection-screenshot.png',
      type: 'image/png',
      owner_kind: 'worker',
      owner_id: asha,
      ticket_id: T.waiting,
      bytes: demoPng(),
    },
  ];
  for (const a of attachments) {
    if (!(await providers.storage.head(a.key))) await providers.storage.write(a.key, Readable.from(a.bytes), a.type);
  }

  await db.transaction(async (tx) => {
    const leads = [
      { id: L.pending, job: 201, days: 6, status: 0, archive: 0, name: 'Rohit Sharma', mobile: '9812300001', comment: null },
      { id: L.expired, job: 201, days: 45, status: 0, archive: 1, name: 'Pooja Nair', mobile: '9812300002', comment: null },
      {
        id: L.rejected,
        job: 221,
        days: 12,
        status: 2,
        archive: 0,
        name: 'Imran Khan',
        mobile: '9812300003',
        comment: 'Customer already has an account with the bank',
      },
      { id: L.pendingDemat, job: 241, days: 3, status: 0, archive: 0, name: 'Kavita Joshi', mobile: '9812300004', comment: null },
      {
        id: L.rejectedInsurance,
        job: 231,
        days: 20,
        status: 2,
        archive: 0,
        name: 'Sanjay Patel',
        mobile: '9812300005',
        comment: 'Medical details incomplete',
      },
    ];
    await tx
      .insert(formResponses)
      .values(
        leads.map((l) => ({
          form_response_id: l.id,
          form_id: l.job,
          job_id: l.job,
          partner_user_id: asha,
          customer_name: l.name,
          customer_mobile: l.mobile,
          status: l.status,
          archive_status: l.archive,
          status_comment: l.comment,
          created_on: ago(l.days),
          modified_on: ago(l.days),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(formResponseData)
      .values(
        leads.flatMap((l) => [
          { form_response_id: l.id, input_id: 1, value: l.mobile },
          { form_response_id: l.id, input_id: 2, value: l.name },
        ]),
      )
      .onConflictDoNothing();

    await tx
      .insert(servicePurchases)
      .values([
        {
          service_purchase_id: 94101,
          user_id: asha,
          account_number: '9876500001',
          operator: 'Jio Prepaid',
          amount: 23_900,
          status: 'SUCCESS',
          created_on: ago(4),
        },
        {
          service_purchase_id: 94102,
          user_id: asha,
          account_number: '3012345678',
          operator: 'Tata Play DTH',
          amount: 35_000,
          status: 'PENDING',
          created_on: ago(9),
        },
        {
          service_purchase_id: 94103,
          user_id: asha,
          account_number: '9876512345',
          operator: 'Airtel Prepaid',
          amount: 19_900,
          status: 'FAILED',
          created_on: ago(16),
        },
      ])
      .onConflictDoNothing();

    await tx
      .insert(files)
      .values(
        attachments.map((a) => ({
          file_id: a.file_id,
          file_key: a.key,
          file_name: a.name,
          file_purpose: 'TICKET',
          content_type: a.type,
          size_bytes: a.bytes.length,
          owner_kind: a.owner_kind,
          owner_id: a.owner_id,
          ticket_id: a.ticket_id,
          status: 'UPLOADED',
        })),
      )
      .onConflictDoNothing();

    const base = { user_id: asha, ticket_source: 0 };
    await tx
      .insert(tickets)
      .values([
        {
          ...base,
          ticket_id: T.new,
          ticket_type: 50,
          ticket_title: 'Payment Query',
          title_code: 'support.typePayment',
          status: 0,
          waiting_since: ago(0, 90),
          created_on: ago(0, 95),
          modified_on: ago(0, 90),
        },
        {
          ...base,
          ticket_id: T.answered,
          ticket_type: 30,
          ticket_title: `Rohit Sharma-9812300001`,
          status: 10,
          agent_user_id: agent,
          tag_type: 'JOB',
          tag_id: 201,
          ref_type: 'FORM_RESPONSE',
          ref_id: L.pending,
          created_on: ago(2),
          modified_on: ago(1, 600),
        },
        {
          ...base,
          ticket_id: T.waiting,
          ticket_type: 40,
          ticket_title: `Imran Khan-9812300003`,
          status: 20,
          agent_user_id: agent,
          tag_type: 'JOB',
          tag_id: 221,
          ref_type: 'FORM_RESPONSE',
          ref_id: L.rejected,
          waiting_since: ago(1, 120),
          created_on: ago(3),
          modified_on: ago(1, 120),
        },
        {
          ...base,
          ticket_id: T.resolved,
          ticket_type: 20,
          ticket_title: 'Tijori Securities-Tijori Demat Account',
          status: 30,
          agent_user_id: agent,
          tag_type: 'JOB',
          tag_id: 241,
          created_on: ago(5),
          modified_on: ago(4),
        },
        {
          ...base,
          ticket_id: T.closedRecharge,
          ticket_type: 60,
          ticket_title: '3012345678-350',
          status: 40,
          agent_user_id: agent,
          rating: 5,
          tag_type: 'SERVICE_PURCHASE',
          tag_id: 1,
          ref_type: 'ID',
          ref_id: 94102,
          created_on: ago(8),
          modified_on: ago(7),
        },
        {
          ...base,
          ticket_id: T.closedLowRating,
          ticket_type: 10,
          ticket_title: 'How to Start',
          title_code: 'support.typeHowToStart',
          status: 40,
          agent_user_id: agent,
          rating: 2,
          rating_comment: 'The reply took two days',
          created_on: ago(30),
          modified_on: ago(28),
        },
        {
          ...base,
          ticket_id: T.closedOthers,
          ticket_type: 0,
          ticket_title: 'Others',
          title_code: 'support.typeOthers',
          status: 40,
          agent_user_id: agent,
          rating: 3,
          created_on: ago(20),
          modified_on: ago(19),
        },
      ])
      .onConflictDoNothing();

    type Chat = { id: number; t: number; dir: 1 | 2; by: string; msg: string | Said; at: Date; file?: number; translated?: string };
    const me = String(asha);
    const chats: Chat[] = [
      { id: 4001, t: T.new, dir: 2, by: 'PIKU', msg: botGreetingSaid(50, 'Asha'), at: ago(0, 95) },
      { id: 4002, t: T.new, dir: 1, by: me, msg: 'My payout for last week has not reached my bank account yet.', at: ago(0, 90) },

      { id: 4011, t: T.answered, dir: 2, by: 'PIKU', msg: botGreetingSaid(30, 'Asha'), at: ago(2) },
      {
        id: 4012,
        t: T.answered,
        dir: 1,
        by: me,
        msg: 'This lead is pending for 6 days. The customer got the card already.',
        at: ago(2, -5),
      },
      {
        id: 4013,
        t: T.answered,
        dir: 2,
        by: agentName,
        msg: 'The bank confirms approvals every Friday. This lead will be verified in the next batch; the schedule is attached.',
        translated: 'बैंक हर शुक्रवार को स्वीकृति की पुष्टि करता है। यह लीड अगले बैच में सत्यापित होगी; समय-सारिणी संलग्न है।',
        file: SUPPORT_DEMO.files.agentPdf,
        at: ago(1, 600),
      },

      { id: 4021, t: T.waiting, dir: 2, by: 'PIKU', msg: botGreetingSaid(40, 'Asha'), at: ago(3) },
      { id: 4022, t: T.waiting, dir: 1, by: me, msg: 'Why was this lead rejected? The customer had no account.', at: ago(3, -3) },
      {
        id: 4023,
        t: T.waiting,
        dir: 2,
        by: agentName,
        msg: 'The bank found an existing account on the same PAN. Could you share a screenshot of the customer app?',
        at: ago(2, 100),
      },
      {
        id: 4024,
        t: T.waiting,
        dir: 1,
        by: me,
        msg: 'Here is the screenshot from the customer app.',
        file: SUPPORT_DEMO.files.workerPng,
        at: ago(1, 120),
      },
      { id: 4025, t: T.waiting, dir: 1, by: me, msg: say('support.callbackRequested'), at: ago(1, 110) },

      { id: 4031, t: T.resolved, dir: 2, by: 'PIKU', msg: botGreetingSaid(20, 'Asha'), at: ago(5) },
      { id: 4032, t: T.resolved, dir: 1, by: me, msg: 'I cannot open the training module for Tijori Demat.', at: ago(5, -4) },
      {
        id: 4033,
        t: T.resolved,
        dir: 2,
        by: agentName,
        msg: 'We have unlocked the training for you. Please update the app and open Projects > Tijori Demat Account > Training.',
        at: ago(4, 30),
      },

      { id: 4041, t: T.closedRecharge, dir: 2, by: 'PIKU', msg: botGreetingSaid(60, 'Asha'), at: ago(8) },
      { id: 4042, t: T.closedRecharge, dir: 1, by: me, msg: 'DTH recharge of ₹350 is still pending.', at: ago(8, -2) },
      {
        id: 4043,
        t: T.closedRecharge,
        dir: 2,
        by: agentName,
        msg: 'The operator has confirmed the recharge. Your DTH is active now.',
        at: ago(7, 60),
      },

      { id: 4051, t: T.closedLowRating, dir: 2, by: 'PIKU', msg: botGreetingSaid(10, 'Asha', !!config.supportIntroVideoUrl), at: ago(30) },
      {
        id: 4052,
        t: T.closedLowRating,
        dir: 1,
        by: me,
        msg: 'How do I add my first lead?',
        translated: 'मैं अपनी पहली लीड कैसे जोड़ूँ?',
        at: ago(30, -10),
      },
      {
        id: 4053,
        t: T.closedLowRating,
        dir: 2,
        by: agentName,
        msg: 'Open a project, tap Add Lead and fill the customer details. The customer gets an OTP to confirm.',
        at: ago(28, 60),
      },
      { id: 4054, t: T.closedLowRating, dir: 1, by: me, msg: 'The reply took two days', at: ago(28) },

      { id: 4061, t: T.closedOthers, dir: 2, by: 'PIKU', msg: botGreetingSaid(0, 'Asha'), at: ago(20) },
      { id: 4062, t: T.closedOthers, dir: 1, by: me, msg: 'Can I change my registered mobile number?', at: ago(20, -5) },
      {
        id: 4063,
        t: T.closedOthers,
        dir: 2,
        by: agentName,
        msg: 'Yes: send us your new number from the old one and we will update it within a day.',
        at: ago(19, 60),
      },
    ];
    await tx
      .insert(ticketChats)
      .values(
        chats.map((c) => ({
          ticket_chat_id: c.id,
          ticket_id: c.t,
          direction: c.dir,
          created_by: c.by,
          sender_user_id: c.dir === 1 ? asha : c.by === 'PIKU' ? null : agent,
          // PIKU's lines and the call-back request by code, as the server writes them.
          chat_message: typeof c.msg === 'string' ? c.msg : englishOf(c.msg),
          message_code: typeof c.msg === 'string' ? null : c.msg.code,
          message_vars: typeof c.msg === 'string' ? null : toStored(c.msg).vars,
          translated_message: c.translated ?? null,
          file_id: c.file ?? null,
          created_on: c.at,
        })),
      )
      .onConflictDoNothing();

    type History = { id: number; t: number; v: number; at: Date; kind: 'worker' | 'ops' };
    const history: History[] = [
      { id: 4101, t: T.new, v: 0, at: ago(0, 95), kind: 'worker' },
      { id: 4111, t: T.answered, v: 0, at: ago(2), kind: 'worker' },
      { id: 4112, t: T.answered, v: 10, at: ago(1, 600), kind: 'ops' },
      { id: 4121, t: T.waiting, v: 0, at: ago(3), kind: 'worker' },
      { id: 4122, t: T.waiting, v: 10, at: ago(2, 100), kind: 'ops' },
      { id: 4123, t: T.waiting, v: 20, at: ago(1, 120), kind: 'worker' },
      { id: 4131, t: T.resolved, v: 0, at: ago(5), kind: 'worker' },
      { id: 4132, t: T.resolved, v: 30, at: ago(4), kind: 'ops' },
      { id: 4141, t: T.closedRecharge, v: 0, at: ago(8), kind: 'worker' },
      { id: 4142, t: T.closedRecharge, v: 30, at: ago(7, 30), kind: 'ops' },
      { id: 4143, t: T.closedRecharge, v: 40, at: ago(7), kind: 'worker' },
      { id: 4151, t: T.closedLowRating, v: 0, at: ago(30), kind: 'worker' },
      { id: 4152, t: T.closedLowRating, v: 30, at: ago(28, 30), kind: 'ops' },
      { id: 4153, t: T.closedLowRating, v: 40, at: ago(28), kind: 'worker' },
      { id: 4161, t: T.closedOthers, v: 0, at: ago(20), kind: 'worker' },
      { id: 4162, t: T.closedOthers, v: 40, at: ago(19), kind: 'ops' },
    ];
    await tx
      .insert(ticketHistory)
      .values(
        history.map((h) => ({
          ticket_history_id: h.id,
          ticket_id: h.t,
          field_type: 'status',
          field_value: String(h.v),
          changed_by_kind: h.kind,
          changed_by_id: h.kind === 'ops' ? agent : asha,
          created_on: h.at,
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(ticketCallLogs)
      .values([
        { call_log_id: 4201, ticket_id: T.waiting, direction: 2, status: 'no-answer', agent_user_id: agent, created_on: ago(1, 60) },
        { call_log_id: 4202, ticket_id: T.resolved, direction: 1, status: 'busy', agent_user_id: agent, created_on: ago(4, 200) },
        { call_log_id: 4203, ticket_id: T.resolved, direction: 2, status: 'completed', agent_user_id: agent, created_on: ago(4, 60) },
      ])
      .onConflictDoNothing();

    await tx
      .insert(ticketCallbackRequests)
      .values({ callback_request_id: 4301, ticket_id: T.waiting, user_id: asha, status: 'PENDING', requested_on: ago(1, 110) })
      .onConflictDoNothing();
  });
}
