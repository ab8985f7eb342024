import { NavLink, Navigate, Route, Routes } from 'react-router';
import type { OpsAgent } from '@pmw/contract/ops-auth';
import { OpsLoginGate } from '../../shared/ops-login-gate';
import { showError } from '../../shared/message-bar';
import { t } from './messages';
import { DashboardPage } from './dashboard-page';
import { LeadsPage } from './leads-page';
import { PayoutsPage } from './payouts-page';
import { KycPage } from './kyc-page';
import { BanksPage } from './banks-page';
import { InvoicesPage } from './invoices-page';
import { UsersPage } from './users-page';
import { ProjectsPage } from './projects-page';
import { ProjectEditor } from './project-editor';
import { CustomersImportPage } from './customers-import-page';
import { RechargesImportPage } from './recharges-import-page';
import { AuditPage } from './audit-page';
import { NotificationsPage } from './notifications-page';
import { FeedbackPage } from './feedback-page';
import { TeamsPage } from './teams-page';
import { HiringPage } from './hiring-page';
import { CategoriesPage } from './categories-page';
import { EmployersPage } from './employers-page';
import { TranslationsPage } from './translations-page';
import { AgentsPage } from './agents-page';
import './ops.css';

const sections = [
  { to: '/ops/dashboard', label: 'navDashboard' },
  { to: '/ops/leads', label: 'navLeads' },
  { to: '/ops/payouts', label: 'navPayouts' },
  { to: '/ops/kyc', label: 'navKyc' },
  { to: '/ops/banks', label: 'navBanks' },
  { to: '/ops/invoices', label: 'navInvoices' },
  { to: '/ops/users', label: 'navUsers' },
  { to: '/ops/projects', label: 'navProjects' },
  { to: '/ops/hiring', label: 'navHiring' },
  { to: '/ops/categories', label: 'navCategories' },
  { to: '/ops/employers', label: 'navEmployers' },
  { to: '/ops/translations', label: 'navHindi' },
  { to: '/ops/teams', label: 'navTeams' },
  { to: '/ops/customers', label: 'navCustomers' },
  { to: '/ops/recharges', label: 'navRecharges' },
  { to: '/ops/feedback', label: 'navFeedback' },
  { to: '/ops/agents', label: 'navAgents' },
  { to: '/ops/notifications', label: 'navNotifications' },
  { to: '/ops/audit', label: 'navAudit' },
] as const;

/** The ops console at /ops: OTP login, then the sections the agent's role allows. */
export function OpsArea() {
  return <OpsLoginGate>{(agent, logout) => <Console agent={agent} logout={logout} />}</OpsLoginGate>;
}

function Console({ agent, logout }: { agent: OpsAgent; logout: () => Promise<void> }) {
  const isAdmin = agent.role === 'admin';
  return (
    <div className="ops">
      <a className="ops__skip" href="#ops-main">
        {t('skip')}
      </a>
      <header className="ops__top">
        <strong className="ops__brand">{t('title')}</strong>
        <span className="muted">{t('loggedInAs', { name: agent.first_name ?? agent.mobile, role: agent.role })}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => logout().catch(showError)}>
          {t('logout')}
        </button>
      </header>
      <div className="ops__body">
        <nav className="ops__nav" aria-label={t('navLabel')}>
          <ul>
            {isAdmin &&
              sections.map((s) => (
                <li key={s.to}>
                  <NavLink to={s.to}>{t(s.label)}</NavLink>
                </li>
              ))}
            <li>
              {/* The support inbox is its own area: a full page load into its chunk. */}
              <a href="/ops/support">{t('navSupport')}</a>
            </li>
          </ul>
        </nav>
        <main id="ops-main" className="ops__main" tabIndex={-1}>
          {isAdmin ? (
            <Routes>
              <Route index element={<Navigate to="/ops/dashboard" replace />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="leads" element={<LeadsPage />} />
              <Route path="payouts" element={<PayoutsPage />} />
              <Route path="kyc" element={<KycPage />} />
              <Route path="banks" element={<BanksPage />} />
              <Route path="invoices" element={<InvoicesPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="projects" element={<ProjectsPage />} />
              <Route path="projects/new" element={<ProjectEditor />} />
              <Route path="projects/:jobId" element={<ProjectEditor />} />
              <Route path="hiring" element={<HiringPage />} />
              <Route path="categories" element={<CategoriesPage />} />
              <Route path="employers" element={<EmployersPage />} />
              <Route path="translations" element={<TranslationsPage />} />
              <Route path="teams" element={<TeamsPage />} />
              <Route path="customers" element={<CustomersImportPage />} />
              <Route path="recharges" element={<RechargesImportPage />} />
              <Route path="feedback" element={<FeedbackPage />} />
              <Route path="agents" element={<AgentsPage me={agent.user_id} />} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route path="audit" element={<AuditPage />} />
              <Route path="*" element={<Navigate to="/ops/leads" replace />} />
            </Routes>
          ) : (
            <div className="card">
              <p>{t('supportOnly')}</p>
              <a className="button" href="/ops/support">
                {t('openSupport')}
              </a>
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
