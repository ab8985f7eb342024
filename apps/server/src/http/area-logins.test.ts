import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Team } from '@pmw/contract/team';
import { say } from '@pmw/contract/texts/said';
import { AppError } from '../errors';
import { createAreaLogins } from './area-logins';
import type { PublicPages } from './public-pages';

const TEAM: Team = { team_code: 'TEAM01', profile_picture_url: null, User: { first_name: 'Asha' } };

function setup() {
  const render = vi.fn(async (_req: FastifyRequest, page: string, data: unknown) => `${page}:${JSON.stringify(data)}`);
  const pages = { available: () => true, render } as unknown as PublicPages;
  const publicTeam = vi.fn(async (code: string) => {
    if (code !== 'TEAM01') throw new AppError('NOT_FOUND', say('team.invalidUrl'));
    return TEAM;
  });
  const error = vi.fn();
  const req = (url: string, method = 'GET') => ({ url, method, log: { error } }) as unknown as FastifyRequest;
  return { login: createAreaLogins({ pages, team: { publicTeam } }).render, render, publicTeam, error, req };
}

describe('the logins the server draws', () => {
  it('draws the partner portal’s login at /partner and /partner/', async () => {
    const { login, req } = setup();
    expect(await login(req('/partner/'))).toBe('partner:{"login":null}');
    expect(await login(req('/partner?from=sms'))).toBe('partner:{"login":null}');
  });

  it('draws a team’s login with the team, under its code in capitals', async () => {
    const { login, req, publicTeam } = setup();
    expect(await login(req('/mt/team01'))).toBe(`team:${JSON.stringify({ code: 'TEAM01', team: TEAM, login: null })}`);
    expect(publicTeam).toHaveBeenCalledWith('TEAM01');
  });

  it('leaves every other address, an unknown team and a form post to the area’s own page', async () => {
    const { login, req, error } = setup();
    for (const url of ['/mt', '/mt/TEAM01/projects', '/partner/report', '/mt/NOPE99', '/mt/%E0%A4'])
      expect(await login(req(url))).toBeUndefined();
    expect(await login(req('/partner/', 'POST'))).toBeUndefined();
    // An unknown team is the person's address, not the server's failure.
    expect(error).not.toHaveBeenCalled();
  });

  it('lets the area fetch the team itself when the database fails, and says so in the log', async () => {
    const { req, error } = setup();
    const pages = { available: () => true, render: vi.fn() } as unknown as PublicPages;
    const login = createAreaLogins({ pages, team: { publicTeam: async () => Promise.reject(new Error('connection lost')) } }).render;
    expect(await login(req('/mt/TEAM01'))).toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
  });
});
