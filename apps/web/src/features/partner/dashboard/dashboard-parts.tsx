import { changePercent } from '@pmw/contract/dashboard';
import { formatRupees } from '@pmw/contract/partner';
import { getLocale } from '../../../shared/i18n';
import { t } from './messages';

// Indian grouping (1,00,000) whatever the page's language.
const grouping = new Intl.NumberFormat('en-IN');
export const count = (n: number) => grouping.format(n);
/** A dashboard figure: rupees for money, a grouped count for the rest. */
export const show = (metric: string, n: number) => (metric === 'earned_paise' ? formatRupees(n) : count(n));

export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A list filtered as a dashboard number was counted: the period, then the given filters. */
export function filteredLink(
  path: string,
  range: { start_date: string; end_date: string } | undefined,
  filters: Record<string, number | undefined> = {},
): string {
  const q = new URLSearchParams();
  if (range) {
    q.set('start_date', range.start_date);
    q.set('end_date', range.end_date);
  }
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) q.set(key, String(value));
  const s = q.toString();
  return `${path}${s ? `?${s}` : ''}`;
}

/** This period against the one before, in words and colour. */
export function Change({ now, before }: { now: number; before: number }) {
  const pct = changePercent(now, before);
  if (pct === null) return <span className="dash-change">{now === 0 ? t('changeSame') : t('changeNone')}</span>;
  const text = pct > 0 ? t('changeUp', { n: count(pct) }) : pct < 0 ? t('changeDown', { n: count(-pct) }) : t('changeSame');
  return <span className={`dash-change ${pct > 0 ? 'dash-change--up' : pct < 0 ? 'dash-change--down' : ''}`}>{text}</span>;
}
