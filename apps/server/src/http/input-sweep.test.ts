import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type RouteAuth } from '@pmw/contract/api';
import { allRoutes } from '@pmw/contract/routes';
import { inputFields, sampleValue, withPath, type FieldKind } from '@pmw/contract/schema-fields';
import { LOCALE_COOKIE } from '@pmw/contract/locale';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../test/test-app';
import { englishInHindiAnswer } from './hindi-answers.test-helper';

/**
 * Sends a NUL and 2^31 to every string and integer field of every route
 * (params, query and body), as a caller with the session the route needs.
 * A bad value is the caller's mistake: a 400 naming the field, or the
 * route's own refusal before it reads the field; never a 500. The caller
 * reads Hindi: a refusal of ours never comes in English (the ops console's
 * routes excepted: they answer in English).
 */

let t: TestApp;
const cookies: Partial<Record<RouteAuth, string>> = { public: '' };
let address = 0;
const nextAddress = () => `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  cookies.worker = await loginWorker(t, '9876500001');
  cookies.ops = await loginOps(t);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/otp/send',
    payload: { mobile: '9876500011', feature: 'MT', team_code: 'TEAM01' },
  });
  const { request_id } = body<{ request_id: string }>(sent).data;
  const otp = await latestOtp(t, '9876500011');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/login/otp',
    payload: { request_id, team_code: 'TEAM01', first_name: 'Meena Devi', mobile: '9876500011', otp },
  });
  cookies.team = cookieHeader(team);
  const customer = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/utm/file/s3/url/signed',
    payload: { file_name: 'a.png', file_purpose: 'UTM_LINK' },
  });
  cookies.customer = cookieHeader(customer);
  for (const kind of ['worker', 'ops', 'team', 'customer'] as const) expect(cookies[kind], kind).toMatch(/pmw_/);
}, 60_000);
afterAll(async () => t.close());

const BAD: Record<FieldKind, unknown> = { string: 'a\u0000b', int: 2 ** 31, number: 2 ** 31 };

function queryString(value: unknown): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v])
      if (item !== undefined && item !== null) q.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function pathOf(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 'x')));
}

interface Case {
  at: string;
  kind: FieldKind;
  method: string;
  url: string;
  payload?: unknown;
  auth: RouteAuth;
  /** The ops console's routes answer in English whatever the reader chose. */
  englishOnly: boolean;
}

const cases: Case[] = allRoutes().flatMap(({ group, name, def }) => {
  const sample = {
    params: (sampleValue(def.params) ?? {}) as Record<string, unknown>,
    query: sampleValue(def.query) ?? {},
    body: sampleValue(def.body) ?? {},
  };
  return (['params', 'query', 'body'] as const).flatMap((where) =>
    inputFields(def[where]).flatMap((field) =>
      [...field.kinds].map((kind): Case => {
        const v = { ...sample, [where]: withPath(sample[where], field.path, BAD[kind]) };
        return {
          at: `${def.method} ${def.path} ${where}.${field.path.join('.')} (${group}.${name})`,
          kind,
          method: def.method,
          url: API_PREFIX + pathOf(def.path, v.params as Record<string, unknown>) + queryString(v.query),
          ...(def.method === 'GET' ? {} : { payload: v.body }),
          auth: def.auth,
          englishOnly: def.path === '/ops' || def.path.startsWith('/ops/'),
        };
      }),
    ),
  );
});

describe('bad input on every route', () => {
  it('finds the fields to try', () => {
    expect(cases.length).toBeGreaterThan(300);
  });

  it("is refused with a 4xx that never carries SQL or a message's code, in the reader's language, never a 500", async () => {
    const failures: string[] = [];
    let inHindi = 0;
    for (const c of cases) {
      const res = await t.app
        .inject({
          method: c.method as 'GET',
          url: c.url,
          ...(c.payload === undefined ? {} : { payload: c.payload as object }),
          headers: { cookie: [cookies[c.auth], `${LOCALE_COOKIE}=hi`].filter(Boolean).join('; ') },
          remoteAddress: nextAddress(),
        })
        .catch((e: Error) => ({ statusCode: 0, body: `cut off: ${e.message}` }));
      const allowed = c.kind === 'number' ? res.statusCode < 500 : [400, 401, 403, 404].includes(res.statusCode);
      const text = res.body.toLowerCase();
      if (
        !allowed ||
        // A validation message travels with its code after an invisible mark; a person reads only the words.
        res.body.includes('\u2063') ||
        /\b(select|insert|update|delete)\b.*\b(from|into|set)\b|violates|syntax error|invalid byte sequence|out of range for type/.test(
          text,
        )
      ) {
        failures.push(`${c.at} [${c.kind}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      if (/\p{Script=Devanagari}/u.test(res.body)) inHindi++;
      if (!c.englishOnly)
        for (const english of englishInHindiAnswer(res.body))
          failures.push(`${c.at} [${c.kind}] → in English to a Hindi reader: ${english}`);
    }
    expect(failures).toEqual([]);
    // The reader's language reached the answers: most refusals are read in Hindi.
    expect(inHindi).toBeGreaterThan(cases.length / 2);
  }, 300_000);
});
