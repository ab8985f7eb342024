import { eq } from 'drizzle-orm';
import type { Services } from '../app';
import { appMeta } from '../db/schema/index';
import { seedCore } from './core.seed';
import { seedSupport } from './support.seed';
import { seedFeedback } from './feedback.seed';
import { seedTeam } from './team.seed';
import { seedCampaign } from './campaign.seed';
import { seedPartner } from './partner.seed';
import { seedHiring } from './hiring.seed';
import { seedDashboard } from './dashboard.seed';

/**
 * A module's demo data. Seeds run in this order, each idempotent (inserting
 * with fixed ids and skipping what is there), so `npm run seed` can run again.
 */
export type Seed = { name: string; run: (services: Services) => Promise<void> };

export const SEEDS: Seed[] = [
  { name: 'core', run: seedCore },
  { name: 'team', run: seedTeam },
  { name: 'feedback', run: seedFeedback },
  { name: 'campaign', run: seedCampaign },
  { name: 'support', run: seedSupport },
  { name: 'partner', run: seedPartner },
  { name: 'hiring', run: seedHiring },
  { name: 'dashboard', run: seedDashboard },
];

const MARKER = 'demo_seeded_on';

/** Whether the demo data was loaded into this database (now or on an earlier start). */
export async function hasDemoData(services: Pick<Services, 'db'>): Promise<boolean> {
  const [row] = await services.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, MARKER)).limit(1);
  return row !== undefined;
}

/** Loads the demo on the first start (SEED_DEMO=auto), always, or never. */
export async function seedIfNeeded(services: Services, mode: 'auto' | 'always' | 'never', force = false): Promise<boolean> {
  if (mode === 'never' && !force) return false;
  const [row] = await services.db.select().from(appMeta).where(eq(appMeta.key, MARKER)).limit(1);
  if (row && mode === 'auto' && !force) return false;
  await runSeeds(services);
  await services.db
    .insert(appMeta)
    .values({ key: MARKER, value: new Date().toISOString() })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString(), modified_on: new Date() } });
  return true;
}

export async function runSeeds(services: Services): Promise<void> {
  for (const seed of SEEDS) await seed.run(services);
}
