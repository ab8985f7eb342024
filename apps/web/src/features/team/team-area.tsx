import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, isRefusal, onUnauthorized } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { forgetMember, keepForOffline, memberOrCopy, teamKeys, teamOrCopy } from './team-session';
import { rememberTeamCode, rememberedTeamCode } from './team-code';
import { LoginPage, loadLoginActions } from './login-page';
import { usePwa } from './pwa';
import { clearBlocked, noteBlocked, useBlocked } from './blocked';
import { t } from './messages';
import './team.css';
import { LanguageSwitch } from '../../shared/language-switch';
import { allQueries, QueryView } from '../../shared/query-view';
import { withCatalogues } from '../../shared/i18n';
import { IdlePrefetch } from '../../shared/when-idle';
import { fromServerHtml } from '../../shared/public-page/before-hydration';

/**
 * A member's screens (projects, report, lead form) and their schemas load
 * once the session is known, or when the browser is idle on the login: the
 * first screen a link opens is the login, without zod.
 */
const loadMemberHome = () => import('./member-home');
const MemberHome = lazy(withCatalogues(() => loadMemberHome().then((m) => ({ default: m.MemberHome }))));
/** On the login, the person presses Send OTP next, then opens a project: both are fetched while nothing else is. */
const afterLogin = () => Promise.all([loadLoginActions(), loadMemberHome()]);
const logoutTeam = () => import('./team-api').then((m) => m.logoutTeam());

/** /mt and /mt/{team_code}: the team's login, or the member's projects and report. */
export function TeamArea() {
  const params = useParams();
  const code = (params.teamCode ?? rememberedTeamCode() ?? '').toUpperCase();
  const queryClient = useQueryClient();
  usePwa();

  const team = useQuery({
    queryKey: teamKeys.team(code),
    queryFn: () => teamOrCopy(code),
    enabled: code !== '',
    retry: (n, err) => !isRefusal(err) && n < 2,
    staleTime: 5 * 60_000,
  });
  const me = useQuery({
    queryKey: teamKeys.me,
    queryFn: async () => {
      try {
        return await memberOrCopy(code);
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus === 401) return null;
        throw err;
      }
    },
    // Asked beside the team (not after it): one round trip less on a slow link.
    enabled: code !== '',
    retry: (n, err) => !isRefusal(err) && n < 2,
  });

  useEffect(() => {
    if (team.data) rememberTeamCode(team.data.team_code);
  }, [team.data]);
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(teamKeys.me, null)), [queryClient]);
  // Blocking takes effect on the next request: any call answering BLOCKED ends the session's screens.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.state.error) noteBlocked(event.query.state.error);
      }),
    [queryClient],
  );

  const blockedNow = useBlocked();
  const blocked = blockedNow || (me.error instanceof ApiError && me.error.code === 'BLOCKED');
  // The member this phone shows without a signal: kept while signed in, forgotten at logout, a 401 or a block.
  useEffect(() => {
    if (blocked) forgetMember();
    else if (team.data && me.data !== undefined) keepForOffline(team.data, me.data);
  }, [team.data, me.data, blocked]);
  // /mt opens the team this phone used last, at its own address, so the area's screens have one.
  if (!params.teamCode && code) return <Navigate to={`/mt/${encodeURIComponent(code)}`} replace />;
  if (blocked) {
    return (
      <Blocked
        onAnotherNumber={() => {
          // A session that was blocked mid-way ends too; the login starts empty.
          void logoutTeam().catch(() => undefined);
          queryClient.setQueryData(teamKeys.me, null);
          clearBlocked();
        }}
      />
    );
  }
  // A call that never reached the server (no signal) says nothing about the code: it waits for the network (or fails with Try again).
  if (code === '' || isRefusal(team.error)) {
    return (
      <main className="center-page">
        <LanguageSwitch />
        <h1>{t('invalidUrl')}</h1>
        <p className="muted">{t('invalidUrlHint')}</p>
      </main>
    );
  }
  const waiting = allQueries(team, me);
  if (team.isError || me.isError || waiting.fetchStatus === 'paused') {
    return (
      <main className="center-page">
        <LanguageSwitch />
        <QueryView query={waiting} failed={t('teamLoadFailed')} retry={t('tryAgain')}>
          {() => null}
        </QueryView>
      </main>
    );
  }
  // The login the server drew stays while the session is asked: a member already signed in is taken home when it answers.
  const loginWhileAsking = fromServerHtml();
  if (!team.data || (me.isPending && !loginWhileAsking)) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  // A session from another team is not this team's: log in again under this one.
  if (me.isPending || !me.data || me.data.team_code !== team.data.team_code) {
    return (
      <>
        <IdlePrefetch load={afterLogin} />
        <LoginPage team={team.data} onLoggedIn={(member) => queryClient.setQueryData(teamKeys.me, member)} />
      </>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="page-loader">
          <Loader label={t('loading')} />
        </div>
      }
    >
      <MemberHome team={team.data} member={me.data} />
    </Suspense>
  );
}

export function Blocked({ onAnotherNumber }: { onAnotherNumber?: () => void }) {
  return (
    <main className="center-page">
      <LanguageSwitch />
      <p className="team-blocked" role="alert">
        {t('blocked')}
      </p>
      {onAnotherNumber && (
        <button type="button" className="button button--ghost" onClick={onAnotherNumber}>
          {t('useAnotherNumber')}
        </button>
      )}
    </main>
  );
}
