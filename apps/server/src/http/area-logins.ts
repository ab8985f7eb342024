import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import type { AreaLoginState, PartnerLoginPageData, TeamLoginPageData } from '@pmw/contract/area-pages';
import type { Team } from '@pmw/contract/team';
import { asTyped, say, saidOf } from '@pmw/contract/texts/said';
import { AppError } from '../errors';
import { localize, requestLocale } from '../modules/locale/locale';
import type { PublicPages } from './public-pages';

const TITLE = 'PickMyWork';

/**
 * The team area's login (`/mt/{team_code}`) and the partner portal's
 * (`/partner/`) drawn by the server, so a phone on a slow network shows a
 * form to fill while the area's script is still on its way. Every other
 * address of the two areas, and a team code that does not exist (the area
 * says so itself), gets the area's page as before (`undefined` from `render`).
 * The same pages answer the logins' plain form posts, with the OTP step or a
 * refusal at its field (`partnerPage`, `teamPage`).
 */
export function createAreaLogins(deps: { pages: PublicPages; team: { publicTeam(code: string): Promise<Team> } }) {
  const { pages } = deps;
  const partnerPage = (req: FastifyRequest, login: AreaLoginState | null) =>
    pages.render(req, 'partner', { login } satisfies PartnerLoginPageData, { title: TITLE });
  const teamPage = (req: FastifyRequest, code: string, team: Team, login: AreaLoginState | null) =>
    pages.render(req, 'team', { code, team, login } satisfies TeamLoginPageData, { title: TITLE, robots: 'noindex' });

  async function render(req: FastifyRequest): Promise<string | undefined> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const pathname = req.url.split(/[?#]/)[0] ?? '';
    if (/^\/partner\/?$/.test(pathname)) {
      if (!pages.available('partner')) return undefined;
      return partnerPage(req, null);
    }
    const teamCode = /^\/mt\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (teamCode === undefined || !pages.available('team')) return undefined;
    let code: string;
    try {
      code = decodeURIComponent(teamCode).toUpperCase();
    } catch {
      return undefined;
    }
    let team: Team;
    try {
      team = await deps.team.publicTeam(code);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500)
        req.log.error({ err }, 'team login page data failed; the area fetches it itself');
      return undefined;
    }
    return teamPage(req, code, team, null);
  }
  return {
    render,
    partnerPage,
    teamPage,
    available: (area: 'partner' | 'team') => pages.available(area),
    send: (reply: FastifyReply, html: string, status?: number) => pages.send(reply, html, status),
  };
}
export type AreaLogins = ReturnType<typeof createAreaLogins>;

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 10);

/** A login's plain form as posted, before anything is refused: the number step, or the OTP step when the OTP was sent. */
export function postedLogin(body: unknown): AreaLoginState {
  const raw = (body ?? {}) as Record<string, unknown>;
  const one = (v: unknown) => (typeof v === 'string' ? v.replaceAll('\u0000', '') : '');
  const requestId = one(raw.request_id).slice(0, 100);
  return {
    mobile: digits(one(raw.mobile)),
    ...(raw.first_name !== undefined ? { first_name: one(raw.first_name).slice(0, 200) } : {}),
    request_id: requestId === '' ? null : requestId,
    resend_after: 0,
    already_sent: false,
    errors: {},
  };
}

/** The first refusal of a schema, said by its code in the reader's language. */
export const firstRefusal = (req: FastifyRequest, error: ZodError) => {
  const issue = error.issues[0];
  return localize(issue ? saidOf(issue.message) : say('common.somethingWentWrong'), requestLocale(req));
};

/**
 * A refusal said at the field it is about: the number (or name) on the
 * number step, the OTP on the OTP step; a failure of ours is not the
 * person's to fix and answers as the app does.
 */
export function refusalAtField(req: FastifyRequest, login: AreaLoginState, error: FastifyError | AppError | Error): number {
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 500) throw error;
  const message = localize(
    error instanceof AppError ? error.said : status !== 429 ? asTyped(error.message) : say('common.tooManyRequests'),
    requestLocale(req),
  );
  login.errors = login.request_id ? { otp: message } : { mobile: message };
  return status;
}
