import { LOCALE_COOKIE, isEnglishOnlyPath, isLocale, localeCookie, pickLocale, readCookie, type Locale } from '@pmw/contract/locale';
import { setLocale } from './i18n';

function stored(): string | null {
  try {
    return localStorage.getItem(LOCALE_COOKIE);
  } catch {
    return null;
  }
}

/**
 * The page's language at start, from the entry module (no inline script):
 * the cookie the server also reads, else the device's remembered choice, else
 * the browser's languages. A choice the device remembers but the cookie lost
 * is written back, so the server renders it next time.
 */
export function startLocale(): Locale {
  const cookie = readCookie(document.cookie, LOCALE_COOKIE);
  const device = stored();
  if (!isLocale(cookie) && isLocale(device)) document.cookie = localeCookie(device);
  const locale: Locale = isEnglishOnlyPath(location.pathname) ? 'en' : pickLocale(cookie ?? device, navigator.languages);
  setLocale(locale);
  document.documentElement.lang = locale;
  return locale;
}

/** Remembers a reader's choice (cookie for the server, localStorage on the device) and reloads in it. */
export function chooseLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
  try {
    localStorage.setItem(LOCALE_COOKIE, locale);
  } catch {
    // A private window without storage still has the cookie.
  }
  location.reload();
}
