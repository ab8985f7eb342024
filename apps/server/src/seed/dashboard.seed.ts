import { istDateString } from '@pmw/contract/time';
import { CAMPAIGN_PAGE_JOB_ID } from '@pmw/contract/dashboard';
import type { Services } from '../app';
import { visitCounts } from '../db/schema/index';
import { DEMO } from './demo-ids';

/**
 * Two weeks of visits to Asha's pages before the demo was loaded, so her
 * dashboard's chart and funnel have something to show; today's come from
 * people opening her links.
 */
export async function seedDashboard(services: Pick<Services, 'db'>): Promise<void> {
  const pages = [
    { job_id: CAMPAIGN_PAGE_JOB_ID, source: 'whatsapp', base: 9 },
    { job_id: CAMPAIGN_PAGE_JOB_ID, source: '', base: 4 },
    { job_id: 401, source: 'whatsapp', base: 5 },
    { job_id: 400, source: 'instagram', base: 3 },
    { job_id: 261, source: '', base: 2 },
  ];
  const rows = [];
  for (let back = 1; back <= 14; back++) {
    const day = istDateString(Date.now() - back * 86_400_000);
    for (const [i, p] of pages.entries())
      rows.push({ partner_user_id: DEMO.asha.user_id, job_id: p.job_id, day, source: p.source, n: p.base + ((back * 7 + i * 3) % 5) });
  }
  await services.db.insert(visitCounts).values(rows).onConflictDoNothing();
}
