import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Team, TeamLead, TeamMember, TeamProject } from '@pmw/contract/team';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { logoutTeam, submitLead, teamKeys } from './team-api';
import { flushQueue, resetInterrupted, useQueuedLeads } from './offline-queue';
import { noteBlocked } from './blocked';
import { TeamLabel } from './team-label';
import { ProjectsPage } from './projects-page';
import { ReportPage } from './report-page';
import { LeadFormPage } from './lead-form-page';
import { QueuedLeads } from './queued-leads';
import { InstallPrompt } from './install-prompt';
import { useOnline } from './use-online';
import { t } from './messages';
import { LanguageSwitch } from '../../shared/language-switch';

/** A moment after the signal returns (it often flickers), then every 20 s while leads wait. */
const QUEUE_FIRST_TRY_MS = 1_500;
const QUEUE_RETRY_MS = 20_000;

type View = { tab: 'projects' | 'report' } | { tab: 'lead'; project: Pick<TeamProject, 'job_id' | 'job_title'>; lead?: TeamLead; back: 'projects' | 'report' };

/** What a logged-in member sees: projects, My Lead's Report, the lead form, leads waiting to send. */
export function MemberHome({ team, member }: { team: Team; member: TeamMember }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ tab: 'projects' });
  const [confirmLogout, setConfirmLogout] = useState(false);
  const online = useOnline();

  // Leads kept on the device go out when the network returns, and are retried while any wait.
  const waiting = useQueuedLeads(member.user_id).filter((q) => q.state === 'waiting').length;
  useEffect(() => {
    resetInterrupted();
  }, []);
  useEffect(() => {
    if (!online || waiting === 0) return;
    const send = () =>
      flushQueue(member.user_id, async (body) => {
        try {
          return await submitLead(body);
        } catch (err) {
          noteBlocked(err);
          throw err;
        }
      })
        .then((sent) => {
          if (sent === 0) return;
          showSuccess(t('queueSent', { count: sent }));
          void queryClient.invalidateQueries({ queryKey: teamKeys.report });
        })
        .catch(showError);
    const first = setTimeout(send, QUEUE_FIRST_TRY_MS);
    const again = setInterval(send, QUEUE_RETRY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(again);
    };
  }, [online, waiting, member.user_id, queryClient]);

  async function logout() {
    try {
      await logoutTeam();
      queryClient.setQueryData(teamKeys.me, null);
      queryClient.removeQueries({ queryKey: teamKeys.report });
    } catch (err) {
      showError(err);
    }
  }

  return (
    <div className="team-home">
      <div className="page-lang">
        <LanguageSwitch />
      </div>
      <header className="team-header">
        <TeamLabel team={team} />
        <div className="team-header__me">
          <span>{t('hello', { name: member.first_name ?? member.mobile })}</span>
          <button type="button" className="button button--ghost button--small" onClick={() => setConfirmLogout(true)}>
            {t('logout')}
          </button>
        </div>
      </header>
      {!online && (
        <p className="team-offline" role="status">
          {t('offlineBanner')}
        </p>
      )}
      <QueuedLeads userId={member.user_id} />
      {view.tab === 'lead' ? (
        <LeadFormPage
          project={view.project}
          lead={view.lead}
          member={member}
          onDone={() => {
            setView({ tab: view.back });
            void queryClient.invalidateQueries({ queryKey: teamKeys.report });
          }}
          onBack={() => setView({ tab: view.back })}
        />
      ) : (
        <>
          <nav className="team-tabs" aria-label={t('tabProjects')}>
            <button type="button" className="team-tabs__tab" aria-current={view.tab === 'projects' ? 'page' : undefined} onClick={() => setView({ tab: 'projects' })}>
              {t('tabProjects')}
            </button>
            <button type="button" className="team-tabs__tab" aria-current={view.tab === 'report' ? 'page' : undefined} onClick={() => setView({ tab: 'report' })}>
              {t('tabReport')}
            </button>
          </nav>
          {view.tab === 'projects' ? (
            <ProjectsPage onAdd={(project) => setView({ tab: 'lead', project, back: 'projects' })} />
          ) : (
            <ReportPage onAddDetails={(project, lead) => setView({ tab: 'lead', project, lead, back: 'report' })} />
          )}
        </>
      )}
      <InstallPrompt />
      <ConfirmDialog
        open={confirmLogout}
        message={t('logoutConfirm')}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          void logout();
        }}
      />
    </div>
  );
}
