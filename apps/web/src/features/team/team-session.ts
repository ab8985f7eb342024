import { teamFirstCalls } from '@pmw/contract/first-calls';
import type { Team, TeamMember } from '@pmw/contract/team';
import { firstCall, isUnreachable } from '../../shared/api-client';

/**
 * What the team area's first screen reads before anyone acts, without
 * schemas (so the login loads no zod); every other call is in team-api.ts.
 */
export const teamKeys = {
  team: (code: string) => ['team', 'team', code] as const,
  me: ['team', 'me'] as const,
  projects: ['team', 'projects'] as const,
  projectData: (jobId: number) => ['team', 'project-data', jobId] as const,
  projectInfo: (jobId: number) => ['team', 'project-info', jobId] as const,
  mapConfig: ['team', 'map-config'] as const,
  report: ['team', 'report'] as const,
};

export const fetchTeam = (team_code: string) => firstCall(teamFirstCalls.team, { query: { team_code } });
export const fetchMe = () => firstCall(teamFirstCalls.me);

/**
 * The last team and member this phone saw, so the area opens without a
 * signal (the service worker has the page, these the login's two answers):
 * used only when a call never reached the server, forgotten at logout, on a
 * 401 and when the member is blocked.
 */
const OFFLINE_KEY = 'pmw_team_offline';
interface OfflineCopy {
  team: Team;
  member: TeamMember | null;
}

function readCopy(): OfflineCopy | undefined {
  try {
    const raw = localStorage.getItem(OFFLINE_KEY);
    return raw ? (JSON.parse(raw) as OfflineCopy) : undefined;
  } catch {
    return undefined;
  }
}

function writeCopy(copy: OfflineCopy | undefined): void {
  try {
    if (copy) localStorage.setItem(OFFLINE_KEY, JSON.stringify(copy));
    else localStorage.removeItem(OFFLINE_KEY);
  } catch {
    // Private mode without storage: the area needs a signal to open.
  }
}

/** The team by its code; without a signal, the copy this phone kept of the same team. */
export async function teamOrCopy(code: string): Promise<Team> {
  try {
    return await fetchTeam(code);
  } catch (err) {
    const copy = readCopy();
    if (isUnreachable(err) && copy?.team.team_code === code) return copy.team;
    throw err;
  }
}

/** The signed-in member (null: none); without a signal, the member this phone last saw in the team. */
export async function memberOrCopy(code: string): Promise<TeamMember | null> {
  try {
    return await fetchMe();
  } catch (err) {
    const copy = readCopy();
    if (isUnreachable(err) && copy?.team.team_code === code) return copy.member;
    throw err;
  }
}

/** Keeps the team and its signed-in member (null: none) this phone shows without a signal. */
export function keepForOffline(team: Team, member: TeamMember | null): void {
  writeCopy({ team, member: member && member.team_code === team.team_code ? member : null });
}

/** Forgets the member (a block): the team stays, for its login. */
export function forgetMember(): void {
  const copy = readCopy();
  if (copy) writeCopy({ team: copy.team, member: null });
}
