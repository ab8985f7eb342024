import type { Team } from './team';

/**
 * What the server hands the team area's login page it draws (`/mt/{team_code}`):
 * the team as its login shows it, under the code as the address spells it
 * in capitals (the area's key for it).
 */
export interface TeamLoginPageData {
  code: string;
  team: Team;
}
