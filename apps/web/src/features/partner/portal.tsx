// The page policy allows no eval: zod is set jitless before this chunk's schemas parse (the area's entry loads no zod).
import '../../zod-config';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pmw/contract/auth';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { logoutPartner, sessionQueryKey } from './partner-api';
import { t } from './messages';
import { withCatalogues } from '../../shared/i18n';
import { ReportPage } from './report-page';
import { PayoutsPage } from './payouts-page';
import { ProfilePage } from './profile-page';
import { CustomersPage } from './customers-page';
import { TeamPage, teamQueryKey } from './team-page';
import { partnerTeamRoutes } from '@pmw/contract/partner-team';
import { api } from '../../shared/api-client';
import { LanguageSwitch } from '../../shared/language-switch';
import { PartnerNotificationBell } from './notification-bell';

// The landing screen is its own chunk: the portal's first load stays small.
const DashboardPage = lazy(withCatalogues(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))));
const NotificationsPage = lazy(withCatalogues(() => import('./notifications-page').then((m) => ({ default: m.NotificationsPage }))));
const TeamDashboardPage = lazy(
  withCatalogues(() => import('./dashboard/team-dashboard-page').then((m) => ({ default: m.TeamDashboardPage }))),
);
const ProjectsPage = lazy(withCatalogues(() => import('./projects/projects-page').then((m) => ({ default: m.ProjectsPage }))));

const NAV = [
  { to: '/partner/dashboard', label: 'navDashboard' },
  { to: '/partner/profile', label: 'navProfile' },
  { to: '/partner/projects', label: 'navProjects' },
  { to: '/partner/earnings', label: 'navPayouts' },
  { to: '/partner/report', label: 'navReport' },
  { to: '/partner/customers', label: 'navCustomers' },
] as const;

/** The signed-in partner's portal: the menu and its pages (Dashboard, Report, Payouts, Profile, Customers, Projects). */
export function Portal({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // A page chosen closes the menu. The landing redirect from /partner/ is not a choice: it lands once
  // the screen's chunk has loaded (the router waits in a transition), and a menu opened meanwhile stays open.
  const lastPath = useRef(location.pathname);
  useEffect(() => {
    const from = lastPath.current;
    lastPath.current = location.pathname;
    if (from !== location.pathname && !/^\/partner\/?$/.test(from)) setMenuOpen(false);
  }, [location.pathname]);
  // Escape closes the open menu and gives the focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    nav.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      hamburger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function logout() {
    try {
      await logoutPartner();
      queryClient.setQueryData(sessionQueryKey, null);
      // Nothing of this partner stays cached for the next person on the device.
      queryClient.removeQueries({ queryKey: ['partner'], predicate: (q) => q.queryKey[1] !== 'session' });
    } catch (err) {
      showError(err);
    }
  }
  // "Team" follows the spec's menu only for a partner who manages a team (the call answers 403 otherwise).
  const managed = useQuery({ queryKey: teamQueryKey, queryFn: () => api(partnerTeamRoutes.team), retry: false, staleTime: 60_000 });
  const menu = managed.data ? [...NAV, { to: '/partner/team', label: 'navTeam' } as const] : NAV;
  const home = user.first_name ? '/partner/dashboard' : '/partner/profile';
  return (
    <div className={`portal ${menuOpen ? 'portal--menu-open' : ''}`}>
      <header className="portal__top">
        <button
          ref={hamburger}
          type="button"
          className="icon-button portal__hamburger"
          aria-label={menuOpen ? t('closeMenu') : t('menu')}
          aria-expanded={menuOpen}
          aria-controls="partner-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          ☰
        </button>
        <span className="portal__brand">PickMyWork</span>
        <span className="portal__name">{user.first_name ? t('hello', { name: user.first_name }) : user.mobile}</span>
        <PartnerNotificationBell />
        <LanguageSwitch className="lang-switch--on-brand" />
      </header>
      <nav ref={nav} id="partner-nav" className="portal__nav" aria-label={t('navLabel')}>
        <ul>
          {menu.map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} className={({ isActive }) => `portal__link ${isActive ? 'portal__link--active' : ''}`}>
                {t(n.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <button type="button" className="portal__link portal__logout" onClick={() => setConfirm(true)}>
              {t('logout')}
            </button>
          </li>
        </ul>
      </nav>
      {menuOpen && <button type="button" className="portal__scrim" aria-label={t('closeMenu')} onClick={() => setMenuOpen(false)} />}
      <main className="portal__main">
        <Suspense fallback={<Loader label={t('loading')} />}>
          <Routes>
            <Route path="profile" element={<ProfilePage tab={0} />} />
            <Route path="profile/doc" element={<ProfilePage tab={1} />} />
            <Route path="profile/bank" element={<ProfilePage tab={2} />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="earnings" element={<PayoutsPage />} />
            <Route path="report" element={<ReportPage key={location.search} />} />
            <Route path="customers" element={<CustomersPage />} />
            <Route path="team" element={<TeamPage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="team/dashboard" element={<TeamDashboardPage />} />
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </Suspense>
      </main>
      <ConfirmDialog
        open={confirm}
        message={t('logoutConfirm')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void logout();
        }}
      />
    </div>
  );
}
