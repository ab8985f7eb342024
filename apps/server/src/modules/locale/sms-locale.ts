import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@pmw/contract/locale';
import type { Db } from '../../db/client';
import { mobileLocales } from '../../db/schema/locale';

/**
 * The language of a text to a mobile: a reader's choice on the sending device
 * (remembered for that mobile), else the mobile's remembered choice, else the
 * sending browser's preference, else English.
 */
export interface SmsLocale {
  chosen?: Locale | undefined;
  browser?: Locale | undefined;
}

export async function smsLocaleFor(db: Db, mobile: string, pref: SmsLocale | undefined): Promise<Locale> {
  if (pref?.chosen) {
    await db
      .insert(mobileLocales)
      .values({ mobile, locale: pref.chosen })
      .onConflictDoUpdate({ target: mobileLocales.mobile, set: { locale: pref.chosen, modified_on: new Date() } });
    return pref.chosen;
  }
  const [row] = await db.select({ locale: mobileLocales.locale }).from(mobileLocales).where(eq(mobileLocales.mobile, mobile)).limit(1);
  if (row && isLocale(row.locale)) return row.locale;
  return pref?.browser ?? 'en';
}
