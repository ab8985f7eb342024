import type { Team } from './team';

/**
 * Where a login the server drew stands after a plain form post (a tap before
 * the page's script had arrived): the number typed, whether the OTP is sent
 * (then the OTP step is drawn), and what was refused, at its field, in the
 * reader's language.
 */
export interface AreaLoginState {
  mobile: string;
  /** The team area asks for the member's name beside the number. */
  first_name?: string;
  /** The OTP send's id once the OTP is sent; null on the number step. */
  request_id: string | null;
  /** Seconds before another OTP may be asked for. */
  resend_after: number;
  /** True when no new code went out: the one sent inside the resend window is still the one to type. */
  already_sent: boolean;
  errors: { first_name?: string; mobile?: string; otp?: string };
}

/**
 * What the server hands the team area's login page it draws (`/mt/{team_code}`):
 * the team as its login shows it, under the code as the address spells it
 * in capitals (the area's key for it), and the login's state after a form post.
 */
export interface TeamLoginPageData {
  code: string;
  team: Team;
  login?: AreaLoginState | null;
}

/** What the server hands the partner portal's login it draws (`/partner/`). */
export interface PartnerLoginPageData {
  login: AreaLoginState | null;
}

/** Where the logins' plain forms post (under the API prefix): named here, free of schemas, for the logins' first bundle. */
export const AREA_LOGIN_FORM_PATHS = { partner: '/partner/user/login/form', team: '/team/login/form' } as const;
