import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { botGreeting, botGreetingSaid, supportTexts, type ChatEntry, type Conversation, type TicketDetail } from '@pmw/contract/support';
import { toStored } from '@pmw/contract/texts/stored';
import { loadCatalogues, setLocale } from '../../shared/i18n';

const greeting = botGreetingSaid(0, 'Asha', false);
const chat = (id: number, line: Partial<ChatEntry>): ChatEntry => ({
  ticket_chat_id: id,
  ticket_id: 5,
  chat_message: '',
  direction: 2,
  created_by: 'PIKU',
  translated_message: null,
  file_id: null,
  file_name: null,
  created_on: `2026-11-20T10:0${id}:00.000Z`,
  ...line,
});
const conversation: Conversation = {
  chats: [
    chat(1, { chat_message: botGreeting(0, 'Asha', false), message_code: greeting.code, message_vars: toStored(greeting).vars }),
    chat(2, { chat_message: supportTexts.callbackRequested, message_code: 'support.callbackRequested', direction: 1, created_by: '101' }),
    // Written before PIKU's lines kept their code: shown as stored.
    chat(3, { chat_message: botGreeting(50, 'Asha') }),
    chat(4, { chat_message: 'Payment Query', direction: 1, created_by: '101' }),
  ],
  older_cursor: null,
  call_logs: [{ call_log_id: 1, ticket_id: 5, direction: 2, status: 'busy', created_on: '2026-11-20T10:05:00.000Z' }],
  history: [],
};
const ticket: TicketDetail = {
  ticket_id: 5,
  user_id: 101,
  ticket_type: 0,
  ticket_title: 'Others',
  title_code: 'support.typeOthers',
  ticket_source: 1,
  status: 40,
  agent_user_id: null,
  agent_name: null,
  rating: 5,
  rating_comment: null,
  tag_type: null,
  tag_id: null,
  ref_type: null,
  ref_id: null,
  created_on: '2026-11-20T10:00:00.000Z',
  modified_on: '2026-11-20T10:00:00.000Z',
  jobData: null,
  callback_requested: false,
  intro_video_url: null,
};

vi.mock('../../shared/support-socket', () => ({ useSupportSocket: () => undefined }));
vi.mock('./support-api', () => ({
  keys: { ticket: (id: number) => ['ticket', id], conversation: (id: number) => ['conversation', id], tickets: ['tickets'] },
  fetchTicket: async () => ticket,
  fetchConversation: async () => conversation,
}));

const { TicketPage } = await import('./ticket-page');

afterEach(cleanup);

describe('a ticket in Hindi', () => {
  beforeAll(async () => {
    setLocale('hi');
    await loadCatalogues('hi');
  });
  afterAll(() => setLocale('en'));

  it('says PIKU’s lines, the call-back line, a call, the title and the closing line by their codes; what was stored without one as it is', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/support/ticket?user_id=101&ticket_id=5']}>
          <TicketPage user={{ user_id: 101, first_name: 'Asha', mobile: '9876500001' } as never} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/^नमस्ते Asha! मैं PIKU हूँ/)).toBeTruthy();
    expect(screen.getByText('कॉल बैक का अनुरोध हो गया। कृपया इंतज़ार करें..')).toBeTruthy();
    expect(screen.getByText('सपोर्ट टीम ने आपको कॉल किया, पर कॉल नहीं लगी - कॉल स्टेटस: नंबर व्यस्त था')).toBeTruthy();
    expect(screen.getByText(botGreeting(50, 'Asha'))).toBeTruthy();
    // What the worker typed stays as typed, even when it reads like a text of ours.
    expect(screen.getByText('Payment Query')).toBeTruthy();
    expect(screen.getByText('अन्य')).toBeTruthy();
    expect(screen.getByText('टिकट बंद हुआ! धन्यवाद! हमें खुशी है कि आपका सवाल हल हो गया।')).toBeTruthy();
  });
});
