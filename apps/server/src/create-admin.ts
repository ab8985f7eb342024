import { normalisedMobileSchema } from '@pmw/contract/mobile';
import type { Db } from './db/client';
import { createUsersService } from './modules/users/users.service';
import { createSessionResolver } from './modules/sessions/session';
import { createAuditService } from './modules/ops/audit.service';
import { createOpsAgentsService } from './modules/ops-auth/ops-agents.service';

export type CreateAdminOutcome = 'created' | 'made-agent' | 'promoted' | 'already-admin';

/** The mobile of `--create-admin <mobile>`, or a message saying what is wrong. */
export function createAdminMobile(argv: string[]): { mobile: string } | { error: string } {
  const at = argv.indexOf('--create-admin');
  const raw = argv[at + 1];
  if (!raw || raw.startsWith('--')) return { error: 'Give the mobile number: npm run create-admin -- <mobile>' };
  const parsed = normalisedMobileSchema.safeParse(raw);
  return parsed.success ? { mobile: parsed.data } : { error: `Not a 10-digit mobile number: ${raw}` };
}

/**
 * Makes a mobile an ops admin: the one-time way to the first admin of a
 * production install (the demo's admin is never loaded there). Idempotent;
 * audited with no actor, as the server's own jobs are.
 */
export async function createAdmin(db: Db, mobile: string): Promise<{ outcome: CreateAdminOutcome; user_id: number }> {
  const users = createUsersService({ db, pictureUrl: async () => null });
  const agents = createOpsAgentsService({
    db,
    audit: createAuditService({ db, users }),
    sessions: createSessionResolver(db, { alwaysSecure: false, trustProxy: false }),
    users,
  });
  const user = await users.byMobile(mobile);
  const existing = user ? (await agents.list()).find((a) => a.user_id === user.user_id) : undefined;
  if (existing?.role === 'admin') return { outcome: 'already-admin', user_id: existing.user_id };
  if (existing) return { outcome: 'promoted', user_id: (await agents.setRole({ actor: null }, existing.user_id, 'admin')).user_id };
  const { agent, createdUser } = await agents.add({ actor: null }, { mobile, role: 'admin' });
  return { outcome: createdUser ? 'created' : 'made-agent', user_id: agent.user_id };
}

export const createAdminMessages: Record<CreateAdminOutcome, (mobile: string, id: number) => string> = {
  created: (m, id) =>
    `Created user ${id} with mobile ${m} and made them an ops admin. They sign in to the console at /ops with an OTP sent to ${m}.`,
  'made-agent': (m, id) => `User ${id} (${m}) is now an ops admin. They sign in to the console at /ops with an OTP sent to ${m}.`,
  promoted: (m, id) => `User ${id} (${m}) was a support agent and is now an ops admin; their console sessions were ended.`,
  'already-admin': (m, id) => `User ${id} (${m}) is already an ops admin; nothing changed.`,
};
