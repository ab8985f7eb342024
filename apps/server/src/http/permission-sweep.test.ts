import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_PREFIX, type RouteDef } from '@pmw/contract/api';
import { allRoutes } from '@pmw/contract/routes';
import { inputFields, sampleValue, withPath } from '@pmw/contract/schema-fields';
import { LOCALE_COOKIE } from '@pmw/contract/locale';
import { body, cookieHeader, createTestApp, latestOtp, loginWorker, type TestApp } from '../../test/test-app';
import { englishInHindiAnswer } from './hindi-answers.test-helper';
import { loginSupportAgent } from '../modules/ops/ops-fixtures.test-helper';
import { DEMO } from '../seed/demo-ids';
import { TEAM_DEMO } from '../seed/team.seed';

/**
 * Walks every contract route as each kind of caller that is not the owner of
 * the data: no session, another partner (Ravi), a member of another team
 * (Kiran, TEAM02), a customer, a support agent. Every id the route takes is
 * one of Asha's (or her team's) objects. A route of another kind of session is
 * refused; a route of the caller's own kind answers nothing of Asha's and
 * changes none of her rows. Every caller reads Hindi: no answer says a text
 * of ours in English (the ops console's routes excepted: they answer in
 * English). A route added to the contract is walked without a new test.
 */

let t: TestApp;
const victim = DEMO.asha.user_id;
type Caller = 'nobody' | 'partner' | 'team' | 'customer' | 'support';
const cookies: Record<Caller, string> = { nobody: '', partner: '', team: '', customer: '', support: '' };
/** The session kind each caller holds. */
const kindOf: Record<Caller, RouteDef['auth'] | undefined> = {
  nobody: undefined,
  partner: 'worker',
  team: 'team',
  customer: 'customer',
  support: 'ops',
};
/** Values of Asha's objects, by the name of the field that takes them. */
const victimIds: Record<string, unknown> = {};
/** Strings only Asha's own answers (or her team's) would carry. */
const markers: string[] = [];
let address = 0;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const first = async (query: ReturnType<typeof sql>) => (await rows<{ id: unknown }>(query))[0]?.id;

/** A fingerprint of every row that belongs to Asha, per table and column. */
async function victimRows(): Promise<Record<string, string>> {
  const owned = await rows<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in ('user_id', 'partner_user_id', 'team_member_user_id', 'manager_user_id', 'recruiter_id', 'owner_id', 'subject_id')
    order by table_name, column_name`);
  const out: Record<string, string> = {};
  for (const { table_name, column_name } of owned) {
    const [r] = await rows<{ h: string }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table_name}" t where "${column_name}" = ${victim}`,
      ),
    );
    out[`${table_name}.${column_name}`] = r!.h;
  }
  // Asha's team: its members and their leads.
  for (const table of ['team_members', 'form_responses']) {
    const [r] = await rows<{ h: string }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t where team_id = 1`),
    );
    out[`${table}.team_id`] = r!.h;
  }
  return out;
}

async function loginTeam(mobile: string, team_code: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v2/team/otp/send', payload: { mobile, feature: 'MT', team_code } });
  const { request_id } = body<{ request_id: string }>(sent).data;
  const otp = await latestOtp(t, mobile);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/login/otp',
    payload: { request_id, team_code, first_name: 'Kiran Rao', mobile, otp },
  });
  if (res.statusCode !== 200) throw new Error(`team login: ${res.body}`);
  return cookieHeader(res);
}

beforeAll(async () => {
  t = await createTestApp();
  cookies.partner = await loginWorker(t, DEMO.ravi.mobile);
  cookies.team = await loginTeam(TEAM_DEMO.kiran.mobile, 'TEAM02');
  cookies.customer = cookieHeader(
    await t.app.inject({ method: 'PUT', url: '/api/v2/utm/file/s3/url/signed', payload: { file_name: 'a.png', file_purpose: 'UTM_LINK' } }),
  );
  cookies.support = await loginSupportAgent(t);
  for (const c of ['partner', 'team', 'customer', 'support'] as const) expect(cookies[c], c).toMatch(/pmw_/);

  const lead = await first(
    sql`select form_response_id as id from form_responses where partner_user_id = ${victim} order by form_response_id limit 1`,
  );
  Object.assign(victimIds, {
    user_id: victim,
    from_user_id: victim,
    partner_user_id: victim,
    recruiter_id: victim,
    manager_user_id: victim,
    form_response_id: lead,
    id: lead,
    ticket_id: await first(sql`select ticket_id as id from tickets where user_id = ${victim} order by ticket_id limit 1`),
    file_id: await first(sql`select file_id as id from files where owner_id = ${victim} order by file_id limit 1`),
    document_id: await first(sql`select document_id as id from documents where user_id = ${victim} order by document_id limit 1`),
    bank_detail_id: await first(
      sql`select bank_detail_id as id from bank_details where user_id = ${victim} order by bank_detail_id limit 1`,
    ),
    customer_lead_id: await first(
      sql`select customer_lead_id as id from customer_leads where partner_user_id = ${victim} order by customer_lead_id limit 1`,
    ),
    call_id: await first(sql`select call_id as id from customer_calls where partner_user_id = ${victim} order by call_id limit 1`),
    consent_id: await first(sql`select consent_id as id from credit_consents order by created_on limit 1`),
    team_id: TEAM_DEMO.team01.team_id,
    // Not an id: the samples' mobile is Asha's, and an OTP send echoes the number it was given.
    mobile: '9876509999',
  });
  for (const [name, value] of Object.entries(victimIds)) if (value === undefined || value === null) delete victimIds[name];
  expect(Object.keys(victimIds)).toEqual(expect.arrayContaining(['form_response_id', 'ticket_id', 'file_id']));

  markers.push(DEMO.asha.mobile, DEMO.asha.last_name, TEAM_DEMO.meena.mobile);
  const customers = await rows<{ m: string }>(
    sql`select customer_mobile as m from form_responses where partner_user_id = ${victim} and customer_mobile is not null limit 20`,
  );
  markers.push(...customers.map((c) => c.m));
}, 120_000);
afterAll(async () => t.close());

/** A request for a route with the contract's sample values, every id replaced by Asha's. */
function requestFor(def: RouteDef) {
  const fill = (schema: RouteDef['body']) => {
    let value: unknown = sampleValue(schema) ?? {};
    for (const field of inputFields(schema)) {
      const name = field.path.filter((p) => typeof p === 'string').at(-1);
      if (name && name in victimIds)
        value = withPath(
          value,
          field.path,
          field.kinds.has('string') && !field.kinds.has('int') ? String(victimIds[name]) : victimIds[name],
        );
    }
    return value as Record<string, unknown>;
  };
  const params = fill(def.params);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(fill(def.query)))
    for (const item of Array.isArray(v) ? v : [v]) if (item !== undefined && item !== null) query.append(k, String(item));
  const path = def.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? victimIds[name] ?? 1)));
  return {
    method: def.method,
    url: API_PREFIX + path + (query.size ? `?${query}` : ''),
    ...(def.method === 'GET' ? {} : { payload: fill(def.body) }),
  };
}

/**
 * Answers that show Asha by design: her campaign page names her, and support
 * agents read every worker's tickets.
 */
const showsHerByDesign = (caller: Caller, group: string, name: string) =>
  (group === 'campaign' && name === 'ownerProfile') || (caller === 'support' && group === 'agentSupport');

// Logging out would end the caller's own session halfway through the walk; it is tested where it lives.
const walked = allRoutes().filter(({ def }) => !/logout/.test(def.path));

describe.each(['nobody', 'partner', 'team', 'customer', 'support'] as const)('as %s', (caller) => {
  it('is refused every route of another kind of session in its language, sees nothing of Asha’s and changes none of her rows', async () => {
    const before = await victimRows();
    const problems: string[] = [];
    for (const { group, name, def } of walked) {
      const res = await t.app.inject({
        ...requestFor(def),
        headers: { cookie: [cookies[caller], `${LOCALE_COOKIE}=hi`].filter(Boolean).join('; ') },
        remoteAddress: `10.8.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      });
      const at = `${def.method} ${def.path} (${group}.${name}) → ${res.statusCode}`;
      const own = def.auth === 'public' || def.auth === kindOf[caller];
      if (!own && res.statusCode < 300) problems.push(`${at}: answered a caller without the route's session`);
      if (own && def.auth === 'ops' && def.role !== 'support' && res.statusCode !== 403)
        problems.push(`${at}: an admin route answered a support agent`);
      const leaked = !showsHerByDesign(caller, group, name) && markers.find((m) => res.body.includes(m));
      if (leaked) problems.push(`${at}: the answer carries ${leaked}`);
      if (!(def.path === '/ops' || def.path.startsWith('/ops/')))
        for (const english of englishInHindiAnswer(res.body)) problems.push(`${at}: in English to a Hindi reader: ${english}`);
    }
    expect(problems).toEqual([]);
    const after = await victimRows();
    // Answering and closing workers' tickets is what support agents are for; the worker is told of it (a notification and its SMS).
    const bySupport = (k: string) => k.startsWith('ticket') || k === 'notifications.user_id' || k === 'notification_outbox.user_id';
    const changed = Object.keys(after).filter((k) => after[k] !== before[k] && !(caller === 'support' && bySupport(k)));
    expect(changed, 'tables whose rows of Asha changed').toEqual([]);
  }, 120_000);
});
