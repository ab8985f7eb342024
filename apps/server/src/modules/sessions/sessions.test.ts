import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { joinAckSchema, SUPPORT_EVENTS } from '@pmw/contract/support';
import { teamOtpSentSchema } from '@pmw/contract/team';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { loginSupportAgent } from '../ops/ops-fixtures.test-helper';
import { SUPPORT_DEMO } from '../../seed/support.seed';
import { sessions } from '../../db/schema/index';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Who-am-I for a session that has ended: the ops console's answers 401; the public who-am-I routes answer 200 with null. */
async function nobody(me: string, cookie: string) {
  const res = await get(me, cookie);
  if (me.startsWith('/ops/')) return res.statusCode === 401;
  return res.statusCode === 200 && body(res).data === null;
}
const somebody = async (me: string, cookie: string) => {
  const res = await get(me, cookie);
  return res.statusCode === 200 && body(res).data !== null;
};

async function otpLogin(sendUrl: string, loginUrl: string, mobile: string, cookie: string, extra: Record<string, unknown> = {}) {
  const sent = await post(sendUrl, '', { mobile, ...extra });
  expect(sent.statusCode, sent.body).toBe(200);
  const requestId = extra.team_code ? { request_id: teamOtpSentSchema.parse(body(sent).data).request_id } : {};
  const res = await post(loginUrl, cookie, { mobile, otp: await latestOtp(t, mobile), ...extra, ...requestId });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

function open(cookie: string, kind: 'worker' | 'ops', origin?: string): Promise<Socket> {
  const socket = connect(`${base}/support`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
    auth: { kind },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const closed = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('a new session token on every login', () => {
  const kinds = [
    {
      kind: 'partner',
      cookie: 'pmw_worker',
      send: '/partner/otp/send',
      login: '/partner/user/login/otp',
      me: '/partner/user/get',
      mobile: '9876500003',
      extra: {},
    },
    {
      kind: 'worker',
      cookie: 'pmw_worker',
      send: '/user/otp/send',
      login: '/user/login/otp',
      me: '/user/get',
      mobile: '9876500003',
      extra: {},
    },
    {
      kind: 'ops',
      cookie: 'pmw_ops',
      send: '/ops/otp/send',
      login: '/ops/login/otp',
      me: '/ops/user/get',
      mobile: '9876500100',
      extra: {},
    },
    {
      kind: 'team',
      cookie: 'pmw_team',
      send: '/team/otp/send',
      login: '/team/login/otp',
      me: '/team/user/get',
      mobile: '9876500011',
      extra: { team_code: 'TEAM01', first_name: 'Meena' },
    },
  ];
  for (const k of kinds) {
    it(`${k.kind}: logging in again on the same device replaces the token and ends the one before`, async () => {
      const first = await otpLogin(k.send, k.login, k.mobile, '', k.extra);
      const old = cookieHeader(first);
      const again = await otpLogin(k.send, k.login, k.mobile, old, k.extra);
      const fresh = cookieHeader(again);
      const token = (h: string) => h.split('; ').find((c) => c.startsWith(`${k.cookie}=`));
      expect(token(fresh)).toBeDefined();
      expect(token(fresh)).not.toBe(token(old));
      expect(await nobody(k.me, old)).toBe(true);
      expect(await somebody(k.me, fresh)).toBe(true);
    });
  }
});

describe('logout is a POST', () => {
  const kinds = [
    { path: '/partner/user/logout', me: '/partner/user/get', login: () => loginWorker(t, '9876500004') },
    { path: '/user/logout', me: '/user/get', login: () => loginWorker(t, '9876500004') },
    { path: '/ops/user/logout', me: '/ops/user/get', login: () => loginOps(t) },
  ];
  for (const k of kinds) {
    it(`${k.path}: GET changes nothing; POST ends the session`, async () => {
      const cookie = await k.login();
      const viaGet = await get(k.path, cookie);
      expect(viaGet.statusCode).toBe(404);
      expect(viaGet.headers['set-cookie']).toBeUndefined();
      expect(await somebody(k.me, cookie)).toBe(true);
      const out = await post(k.path, cookie);
      expect(out.statusCode, out.body).toBe(200);
      expect(await nobody(k.me, cookie)).toBe(true);
    });
  }
  it('/team/user/logout: GET changes nothing; POST ends the session', async () => {
    const cookie = cookieHeader(
      await otpLogin('/team/otp/send', '/team/login/otp', '9876500011', '', { team_code: 'TEAM01', first_name: 'Meena' }),
    );
    expect((await get('/team/user/logout', cookie)).statusCode).toBe(404);
    expect(await somebody('/team/user/get', cookie)).toBe(true);
    expect((await post('/team/user/logout', cookie)).statusCode).toBe(200);
    expect(await nobody('/team/user/get', cookie)).toBe(true);
  });
});

describe('sockets end with their session', () => {
  const T = SUPPORT_DEMO.tickets;

  it("a logged-out worker's socket is disconnected and hears nothing further", async () => {
    const asha = await loginWorker(t, '9876500001');
    const ops = await loginOps(t);
    const socket = await open(asha, 'worker');
    expect(joinAckSchema.parse(await socket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: T.waiting }))).toEqual({ ok: true });
    let heard = false;
    socket.on(SUPPORT_EVENTS.chatAdd, () => (heard = true));
    const gone = closed(socket);
    expect((await post('/partner/user/logout', asha)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const sent = await post('/ops/support/ticket/chat/add', ops, { ticket_id: T.waiting, chat_message: 'After logout' });
    expect(sent.statusCode).toBe(200);
    expect(heard).toBe(false);
    expect(socket.connected).toBe(false);
  });

  it('logging in again ends the sockets of the token it replaces', async () => {
    const first = await loginWorker(t, '9876500001');
    const socket = await open(first, 'worker');
    const gone = closed(socket);
    await otpLogin('/partner/otp/send', '/partner/user/login/otp', '9876500001', first);
    expect(await gone).toBe('io server disconnect');
  });

  it('a blocked worker is refused on the request after the block, though their session was read a moment before', async () => {
    const ravi = await loginWorker(t, '9876500002');
    const admin = await loginOps(t);
    expect(await somebody('/partner/user/get', ravi)).toBe(true);
    expect((await post('/ops/users/102/block', admin)).statusCode).toBe(200);
    expect(await nobody('/partner/user/get', ravi)).toBe(true);
    await post('/ops/users/102/unblock', admin);
  });

  it("a blocked worker's sockets are disconnected at once", async () => {
    const ravi = await loginWorker(t, '9876500002');
    const admin = await loginOps(t);
    const socket = await open(ravi, 'worker');
    const gone = closed(socket);
    expect((await post('/ops/users/102/block', admin)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(open(ravi, 'worker')).rejects.toThrow('UNAUTHORIZED');
    await post('/ops/users/102/unblock', admin);
  });

  it("a blocked support agent's sockets are disconnected at once", async () => {
    const agent = await loginSupportAgent(t);
    const admin = await loginOps(t);
    const socket = await open(agent, 'ops');
    const gone = closed(socket);
    expect((await post('/ops/users/4100/block', admin)).statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await post('/ops/users/4100/unblock', admin);
  });

  it('ending every session of an agent (a role change) disconnects their sockets', async () => {
    const agent = await loginSupportAgent(t);
    const socket = await open(agent, 'ops');
    const gone = closed(socket);
    await t.services.sessions.destroyAllFor('ops', 4100);
    expect(await gone).toBe('io server disconnect');
  });

  it("a blocked team member's sessions end", async () => {
    const member = cookieHeader(
      await otpLogin('/team/otp/send', '/team/login/otp', '9876500011', '', { team_code: 'TEAM01', first_name: 'Meena' }),
    );
    const admin = await loginOps(t);
    const userId = Number(body<{ user_id: number }>(await get('/team/user/get', member)).data.user_id);
    expect((await post(`/ops/teams/1/members/${userId}/block`, admin)).statusCode).toBe(200);
    expect(await countTeamSessions(userId)).toBe(0);
    await post(`/ops/teams/1/members/${userId}/unblock`, admin);
  });

  it('refuses a socket handshake from another site; its own origin is welcome', async () => {
    const asha = await loginWorker(t, '9876500001');
    await expect(open(asha, 'worker', 'https://evil.example')).rejects.toThrow();
    await expect(open(asha, 'worker', 'http://127.0.0.1:1')).rejects.toThrow();
    const own = await open(asha, 'worker', base);
    expect(own.connected).toBe(true);
  });
});

async function countTeamSessions(userId: number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.kind, 'team'), eq(sessions.subject_id, userId)));
  return rows.length;
}
