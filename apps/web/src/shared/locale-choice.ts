import { LOCALE_COOKIE, isEnglishOnlyPath, isLocale, localeCookie, pickLocale, readCookie, type Locale } from '@pmw/contract/locale';
import { setLocale } from './i18n';

function stored(): string | null {
  try {
    return localStorage.getItem(LOCALE_COOKIE);
  } catch {
    return null;
  }
}

/** Writes a choice the device remembers but the cookie lost back into the cookie; answers the device's choice. */
function rememberDeviceChoice(cookie: string | undefined): string | null {
  const device = stored();
  if (!isLocale(cookie) && isLocale(device)) document.cookie = localeCookie(device);
  return device;
}

/**
 * A page the server rendered: its language is the one the server chose for
 * the request (by the same rule), so the browser hydrates the same words.
 */
export function adoptLocale(locale: Locale): Locale {
  rememberDeviceChoice(readCookie(document.cookie, LOCALE_COOKIE));
  setLocale(locale);
  document.documentElement.lang = locale;
  return locale;
}

/**
 * The page's language at start, from the entry module (no inline script):
 * the cookie the server also reads, else the device's remembered choice, else
 * the browser's languages. A choice the device remembers but the cookie lost
 * is written back, so the server renders it next time.
 */
export function startLocale(): Locale {
  const cookie = readCookie(document.cookie, LOCALE_COOKIE);
  const device = rememberDeviceChoice(cookie);
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
