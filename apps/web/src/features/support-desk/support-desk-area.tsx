import { NavLink, Route, Routes } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { OpsLoginGate } from '../../shared/ops-login-gate';
import { showError } from '../../shared/message-bar';
import { useSupportSocket } from '../../shared/support-socket';
import { InboxPage } from './inbox-page';
import { AgentTicketPage } from './agent-ticket-page';
import { CallbacksPage } from './callbacks-page';
import { deskKeys } from './desk-api';
import { t } from './messages';
import './desk.css';

/** /ops/support/*: the agents' inbox, a ticket, and the call-back list, behind the ops login. */
export function SupportDeskArea() {
  return (
    <OpsLoginGate>
      {(agent, logout) => (
        <div className="desk">
          <header className="desk__header">
            <h1>{t('title')}</h1>
            <nav aria-label={t('navLabel')} className="desk__nav">
              <NavLink to="/ops/support" end>
                {t('inbox')}
              </NavLink>
              <NavLink to="/ops/support/callbacks">{t('callbacks')}</NavLink>
            </nav>
            <p className="desk__agent">{t('signedInAs', { name: agent.first_name ?? agent.mobile, role: agent.role })}</p>
            <button type="button" className="button button--ghost button--small" onClick={() => logout().catch(showError)}>
              {t('logout')}
            </button>
          </header>
          <LiveUpdates />
          <Routes>
            <Route index element={<InboxPage />} />
            <Route path="ticket/:ticketId" element={<AgentTicketPage agent={agent} />} />
            <Route path="callbacks" element={<CallbacksPage />} />
            <Route path="*" element={<InboxPage />} />
          </Routes>
        </div>
      )}
    </OpsLoginGate>
  );
}

/** Every ticket change anywhere refreshes what the agent sees (the agents' room hears them all). */
function LiveUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deskKeys.all });
  useSupportSocket('ops', null, { onChatAdd: refresh, onResolved: refresh, onUpdated: refresh, onReconnect: refresh });
  return null;
}
