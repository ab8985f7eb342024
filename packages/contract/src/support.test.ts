import { describe, expect, it } from 'vitest';
import {
  attachmentProblem,
  botGreeting,
  canRate,
  callLogText,
  closingMessage,
  eligibleTicketTypes,
  isPendingStatus,
  mentionsIntroVideo,
  stepAfterJob,
  stepAfterType,
  ticketTargetProblem,
  timeline,
  withNewerShown,
  withOlderPage,
} from './support';

describe('support rules', () => {
  it('offers types by whether the worker has worked, Others always last', () => {
    expect(eligibleTicketTypes(false)).toEqual([10, 20, 0]);
    expect(eligibleTicketTypes(true)).toEqual([20, 30, 40, 50, 60, 0]);
  });

  it('leads each type to its next step', () => {
    expect([10, 20, 30, 40, 50, 60, 0].map(stepAfterType)).toEqual([
      'OPEN',
      'SELECT_JOB',
      'SELECT_JOB',
      'SELECT_JOB',
      'OPEN',
      'SELECT_RECHARGE',
      'OPEN',
    ]);
    expect([20, 30, 40].map(stepAfterJob)).toEqual(['OPEN', 'SELECT_FORM_RESPONSE', 'SELECT_FORM_RESPONSE']);
  });

  it('marks 0, 10 and 30 as pending', () => {
    expect([0, 10, 20, 30, 40].filter(isPendingStatus)).toEqual([0, 10, 30]);
  });

  it('words closings, call logs and attachments as the spec does', () => {
    expect([0, 4, 5].map(closingMessage)).toEqual(Array(3).fill("Ticket closed! Thanks! We're glad your query is resolved."));
    expect(closingMessage(3)).toBe("Ticket closed! Thanks for your feedback. We're here if you need anything else.");
    expect([1, 2].map(closingMessage)).toEqual(
      Array(2).fill("Ticket closed! We're sorry for any inconvenience. We're working to improve."),
    );
    expect(callLogText({ direction: 2, status: 'completed' })).toBe('Support team connected with you on phone call');
    expect(callLogText({ direction: 1, status: 'busy' })).toBe('You tried calling the support team but could not get through...');
    expect(callLogText({ direction: 2, status: 'no-answer' })).toBe(
      'Support team tried to calling you, but got failed due to call status - no-answer',
    );
    expect(attachmentProblem({ name: 'a.PDF', size: 16 * 1024 * 1024 })).toBe('File size is 16.00MB, It should be less than 15MB');
    expect(attachmentProblem({ name: 'a.mp4', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'a.docx', size: 1000 })).toMatch(/Please choose/);
    expect(mentionsIntroVideo('Learn HOW TO EARN here')).toBe(true);
    expect(mentionsIntroVideo('Thanks')).toBe(false);
  });

  it('points How to Start at the introduction video only when there is one, and lets only an answered query be rated', () => {
    expect(mentionsIntroVideo(botGreeting(10, 'Asha', true))).toBe(true);
    expect(botGreeting(10, 'Asha', false)).not.toMatch(/video|how to earn/i);
    expect(botGreeting(50, null, false)).toBe(botGreeting(50, null, true));
    expect([0, 10, 20, 30, 40].map(canRate)).toEqual([false, false, false, true, false]);
  });

  it('asks each type for what it must point at', () => {
    expect(ticketTargetProblem({ ticket_type: 50 })).toBeNull();
    expect(ticketTargetProblem({ ticket_type: 20 })).toBe('Please select a project');
    expect(ticketTargetProblem({ ticket_type: 40, tag_type: 'JOB', tag_id: 1 })).toBe('Please select a lead');
    expect(ticketTargetProblem({ ticket_type: 60, tag_type: 'SERVICE_PURCHASE', tag_id: 1, ref_type: 'ID', ref_id: 5 })).toBeNull();
    expect(ticketTargetProblem({ ticket_type: 0, tag_type: 'JOB', tag_id: 1 })).not.toBeNull();
  });

  it('merges chats, calls and the resolved history oldest first, leaving out other history', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
    const items = timeline({
      chats: [
        {
          ticket_chat_id: 1,
          ticket_id: 9,
          chat_message: 'hi',
          direction: 1,
          created_by: '101',
          translated_message: null,
          file_id: null,
          file_name: null,
          created_on: at(3),
        },
      ],
      older_cursor: null,
      call_logs: [{ call_log_id: 1, ticket_id: 9, direction: 2, status: 'completed', created_on: at(1) }],
      history: [
        { ticket_history_id: 1, ticket_id: 9, field_type: 'status', field_value: '0', created_on: at(0) },
        { ticket_history_id: 2, ticket_id: 9, field_type: 'status', field_value: '30', created_on: at(5) },
      ],
    });
    expect(items.map((i) => i.kind)).toEqual(['call', 'chat', 'history']);
  });
});

describe('an older conversation page', () => {
  it('joins in front, without listing anything twice, and carries the older cursor', () => {
    const chat = (id: number) => ({
      ticket_chat_id: id,
      ticket_id: 9,
      chat_message: `m${id}`,
      direction: 1,
      created_by: '101',
      translated_message: null,
      file_id: null,
      file_name: null,
      created_on: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
    });
    const shown = {
      chats: [chat(3), chat(4)],
      older_cursor: 3,
      call_logs: [],
      history: [{ ticket_history_id: 2, ticket_id: 9, field_type: 'status', field_value: '10', created_on: chat(3).created_on }],
    };
    const older = {
      chats: [chat(1), chat(2)],
      older_cursor: null,
      call_logs: [],
      history: [
        { ticket_history_id: 1, ticket_id: 9, field_type: 'status', field_value: '0', created_on: chat(1).created_on },
        shown.history[0]!,
      ],
    };
    const joined = withOlderPage(shown, older);
    expect(joined.chats.map((c) => c.ticket_chat_id)).toEqual([1, 2, 3, 4]);
    expect(joined.history.map((h) => h.ticket_history_id)).toEqual([1, 2]);
    expect(joined.older_cursor).toBeNull();
  });
});

describe('a conversation read again', () => {
  const chat = (id: number) => ({
    ticket_chat_id: id,
    ticket_id: 9,
    chat_message: `m${id}`,
    direction: 1,
    created_by: '101',
    translated_message: null,
    file_id: null,
    file_name: null,
    created_on: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  });
  it('keeps a message the screen added while the read was on its way, and nothing twice', () => {
    const fetched = { chats: [chat(1), chat(2)], older_cursor: null, call_logs: [], history: [] };
    const shown = { chats: [chat(1), chat(2), chat(3)], older_cursor: null, call_logs: [], history: [] };
    expect(withNewerShown(fetched, shown).chats.map((c) => c.ticket_chat_id)).toEqual([1, 2, 3]);
    expect(withNewerShown({ ...fetched, chats: [chat(1), chat(2), chat(3)] }, shown).chats.map((c) => c.ticket_chat_id)).toEqual([1, 2, 3]);
    expect(withNewerShown(fetched, undefined)).toBe(fetched);
  });
});
