import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** Marks a history entry the area pushed itself, so its Back may go one step back inside the area. */
interface AreaState {
  inArea?: true;
}

/** The screens of the team area, under /mt/{team_code}. */
export const teamPaths = {
  projects: '',
  project: (jobId: number) => `project/${jobId}`,
  lead: (jobId: number) => `project/${jobId}/lead`,
  report: 'report',
  reportList: (formId: number, status: number) => `report/${formId}/${status}`,
  addDetails: (formId: number, status: number, leadId: number) => `report/${formId}/${status}/${leadId}`,
  notifications: 'notifications',
};

/**
 * Moves between the area's screens as real history entries, so the phone's
 * Back goes to the screen before inside the area. A screen opened directly
 * (a reload, a shared link) gets its parent put behind it, so Back from it
 * still lands in the area rather than outside.
 */
export function useAreaNav() {
  const navigate = useNavigate();
  const location = useLocation();
  const { teamCode = '' } = useParams();
  const base = `/mt/${encodeURIComponent(teamCode)}`;
  const to = useCallback((path: string) => (path ? `${base}/${path}` : base), [base]);

  const go = useCallback((path: string) => void navigate(to(path), { state: { inArea: true } satisfies AreaState }), [navigate, to]);
  /** Back to the parent screen: one step back when the area pushed this one, else the parent in its place. */
  const back = useCallback(
    (parent: string) => {
      if ((location.state as AreaState | null)?.inArea) void navigate(-1);
      else void navigate(to(parent), { replace: true });
    },
    [location.state, navigate, to],
  );
  return { go, back, to, base };
}

/** The parents of a screen, nearest last: what Back walks through from it. */
export function parentsOf(rest: string): string[] {
  const parts = rest.split('/').filter(Boolean);
  if (parts[0] === 'project' && parts[1]) return [teamPaths.projects];
  if (parts[0] === teamPaths.notifications) return [teamPaths.projects];
  if (parts[0] === 'report') {
    if (parts.length >= 4) return [teamPaths.projects, teamPaths.report, teamPaths.reportList(Number(parts[1]), Number(parts[2]))];
    if (parts.length >= 3) return [teamPaths.projects, teamPaths.report];
    return [teamPaths.projects];
  }
  return [];
}

/**
 * Once per page load: a screen opened directly gets its parents put behind it
 * in the history (the first replacing this entry), so the phone's Back walks up
 * through the area.
 */
export function useSeedHistory() {
  const location = useLocation();
  const navigate = useNavigate();
  const { teamCode = '', '*': rest = '' } = useParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if ((location.state as AreaState | null)?.inArea) return;
    const parents = parentsOf(rest);
    if (!parents.length) return;
    const base = `/mt/${encodeURIComponent(teamCode)}`;
    const url = (p: string) => (p ? `${base}/${p}` : base);
    const here = location.pathname + location.search;
    // One after the other: a navigation started before the last one ended would cut it short.
    void (async () => {
      await navigate(url(parents[0]!), { replace: true });
      for (const p of parents.slice(1)) await navigate(url(p), { state: { inArea: true } satisfies AreaState });
      await navigate(here, { state: { inArea: true } satisfies AreaState });
    })();
  }, [location, navigate, rest, teamCode]);
}
