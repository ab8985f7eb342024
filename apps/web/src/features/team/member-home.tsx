// The page policy allows no eval: zod is set jitless before this chunk's schemas parse (the area's entry loads no zod).
import '../../zod-config';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLeadStatusIndex, leadStatusFilter, type Team, type TeamMember } from '@pmw/contract/team';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { fetchReportData, logoutTeam, submitLead, teamKeys, teamUpload } from './team-api';
import { uploadFile } from '../../shared/lead-form/upload';
import { teamPaths, useAreaNav, useSeedHistory } from './area-nav';
import { Loader } from '../../shared/loader';
import { flushQueue, resetInterrupted, useQueuedLeads } from './offline-queue';
import { noteBlocked } from './blocked';
import { TeamLabel } from './team-label';
import { ProjectsPage } from './projects-page';
import { ReportPage } from './report-page';
import { LeadFormPage } from './lead-form-page';
import { QueuedLeads } from './queued-leads';
import { InstallPrompt } from './install-prompt';
import { noteLeadSent, PushOffer, TEAM_SERVICE_WORKER } from './push-offer';
import { useOnline } from './use-online';
import { t } from './messages';
import { PageLanguageSwitch } from '../../shared/language-switch';
import { TeamNotificationBell } from './notification-bell';
import { NotificationSettingsPanel } from '../../shared/notification-settings';
import { notificationSettingsRoutes } from '@pmw/contract/notifications';

/** A moment after the signal returns (it often flickers), then every 20 s while leads wait. */
const QUEUE_FIRST_TRY_MS = 1_500;
const QUEUE_RETRY_MS = 20_000;

/** What a logged-in member sees: projects, My Lead's Report, the lead form, leads waiting to send. */
export function MemberHome({ team, member }: { team: Team; member: TeamMember }) {
  const queryClient = useQueryClient();
  const nav = useAreaNav();
  useSeedHistory();
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
      flushQueue(
        member.user_id,
        async (body) => {
          try {
            return await submitLead(body);
          } catch (err) {
            noteBlocked(err);
            throw err;
          }
        },
        // The same upload call and limits as a file picked online.
        (blob, fileName) => uploadFile(teamUpload, blob, fileName),
      )
        .then((sent) => {
          if (sent === 0) return;
          noteLeadSent(member.user_id);
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
      // The next person on the device sees none of this member's notifications.
      queryClient.removeQueries({ queryKey: ['team', 'notifications'] });
    } catch (err) {
      showError(err);
    }
  }

  return (
    <div className="team-home">
      <PageLanguageSwitch />
      <header className="team-header">
        <TeamLabel team={team} />
        <div className="team-header__me">
          <span>{t('hello', { name: member.first_name ?? member.mobile })}</span>
          <TeamNotificationBell go={nav.go} />
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
      <QueuedLeads userId={member.user_id} onFix={(jobId) => nav.go(teamPaths.lead(jobId))} />
      <PushOffer userId={member.user_id} />
      <main className="team-main">
        <Routes>
          <Route
            index
            element={
              <Tabs report={false} go={nav.go}>
                <ProjectsRoute />
              </Tabs>
            }
          />
          <Route
            path="project/:jobId"
            element={
              <Tabs report={false} go={nav.go}>
                <ProjectsRoute />
              </Tabs>
            }
          />
          <Route path="project/:jobId/lead" element={<LeadRoute member={member} />} />
          <Route
            path="report"
            element={
              <Tabs report go={nav.go}>
                <ReportPage />
              </Tabs>
            }
          />
          <Route
            path="report/:formId/:status"
            element={
              <Tabs report go={nav.go}>
                <ReportPage />
              </Tabs>
            }
          />
          <Route path="report/:formId/:status/:leadId" element={<AddDetailsRoute member={member} />} />
          <Route
            path={teamPaths.notifications}
            element={
              <section className="team-settings">
                <button type="button" className="button button--ghost button--small" onClick={() => nav.back(teamPaths.projects)}>
                  {t('notificationSettingsBack')}
                </button>
                <NotificationSettingsPanel
                  routes={notificationSettingsRoutes.team}
                  queryKey={['team', 'notification-settings']}
                  serviceWorker={TEAM_SERVICE_WORKER}
                />
              </section>
            }
          />
          <Route path="*" element={<Navigate to={nav.base} replace />} />
        </Routes>
      </main>
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

/** The two tabs over the projects and the report; each is its own history entry. */
function Tabs({ report, go, children }: { report: boolean; go: (path: string) => void; children: ReactNode }) {
  return (
    <>
      <nav className="team-tabs" aria-label={t('tabsLabel')}>
        <button
          type="button"
          className="team-tabs__tab"
          aria-current={!report ? 'page' : undefined}
          onClick={() => !report || go(teamPaths.projects)}
        >
          {t('tabProjects')}
        </button>
        <button
          type="button"
          className="team-tabs__tab"
          aria-current={report ? 'page' : undefined}
          onClick={() => report || go(teamPaths.report)}
        >
          {t('tabReport')}
        </button>
      </nav>
      {children}
    </>
  );
}

const idParam = (raw: string | undefined) => (raw && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined);

/** The projects, with a project's More Details open when the address names one. */
function ProjectsRoute() {
  const nav = useAreaNav();
  const jobId = idParam(useParams().jobId);
  return (
    <ProjectsPage
      detailsJobId={jobId}
      onAdd={(p) => nav.go(teamPaths.lead(p.job_id))}
      onDetails={(p) => nav.go(teamPaths.project(p.job_id))}
      onCloseDetails={() => nav.back(teamPaths.projects)}
    />
  );
}

/** A project's lead form; Back and a sent lead return to where the form was opened from. */
function LeadRoute({ member }: { member: TeamMember }) {
  const nav = useAreaNav();
  const queryClient = useQueryClient();
  const jobId = idParam(useParams().jobId);
  if (jobId === undefined) return <Navigate to={nav.base} replace />;
  return (
    <LeadFormPage
      key={jobId}
      jobId={jobId}
      member={member}
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.report });
        nav.back(teamPaths.projects);
      }}
      onBack={() => nav.back(teamPaths.projects)}
    />
  );
}

/** 'Add Details' of a lead in a report list, found in that list's answer. */
function AddDetailsRoute({ member }: { member: TeamMember }) {
  const nav = useAreaNav();
  const queryClient = useQueryClient();
  const params = useParams();
  const formId = idParam(params.formId);
  const status = idParam(params.status);
  const leadId = idParam(params.leadId);
  const valid = formId !== undefined && status !== undefined && isLeadStatusIndex(status) && leadId !== undefined;
  const filter = valid ? leadStatusFilter(status) : undefined;
  const leads = useQuery({
    queryKey: [...teamKeys.report, 'data', formId, filter],
    queryFn: () => fetchReportData({ form_id: formId!, ...filter! }),
    enabled: valid,
  });
  if (!valid) return <Navigate to={`${nav.base}/${teamPaths.report}`} replace />;
  const parent = teamPaths.reportList(formId, status);
  if (leads.isPending) return <Loader label={t('loading')} />;
  const lead = leads.data?.find((l) => l.form_response_id === leadId);
  if (!lead) return <Navigate to={`${nav.base}/${parent}`} replace />;
  return (
    <LeadFormPage
      key={lead.form_response_id}
      jobId={lead.job_id}
      lead={lead}
      member={member}
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.report });
        nav.back(parent);
      }}
      onBack={() => nav.back(parent)}
    />
  );
}
