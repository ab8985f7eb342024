import { IST_OFFSET_MINUTES } from './constants';
import type { Locale } from './locale';

const pad = (n: number) => String(n).padStart(2, '0');
/** Month names as each language prints them in a date; digits stay Latin in both, as Indian apps print them. */
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'],
};

/** The wall-clock parts of an instant at +05:30, whatever the machine's zone. */
export function istParts(input: Date | string | number) {
  const date = input instanceof Date ? input : new Date(input);
  const shifted = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: shifted.getUTCDay(),
  };
}

/** `21 Nov 2026, 04:05 PM` at +05:30 (`21 नव॰ 2026, 04:05 PM` in Hindi). */
export function formatDateTime(input: Date | string | number, locale: Locale = 'en'): string {
  return `${formatDate(input, locale)}, ${formatTime(input)}`;
}

/** `21 Nov 2026` at +05:30 (`21 नव॰ 2026` in Hindi). */
export function formatDate(input: Date | string | number, locale: Locale = 'en'): string {
  const p = istParts(input);
  return `${pad(p.day)} ${MONTHS[locale][p.month - 1]} ${p.year}`;
}

/** `04:05 PM` at +05:30; AM and PM are written so in Hindi apps too. */
export function formatTime(input: Date | string | number): string {
  const p = istParts(input);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** `2026-11-21 16:05:09` at +05:30, for files and spreadsheets. */
export function formatIsoLocal(input: Date | string | number): string {
  const p = istParts(input);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** `YYYY-MM-DD` of the day at +05:30. */
export function istDateString(input: Date | string | number): string {
  const p = istParts(input);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant a +05:30 calendar day starts, from `YYYY-MM-DD`. */
export function istDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}
