import { teamFirstCalls } from '@pmw/contract/first-calls';
import { firstCall } from '../../shared/api-client';

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
