/**
 * The languages the product speaks and how one is chosen for a reader. Pure, so
 * the server (API messages, server-rendered pages, SMS) and the browser decide
 * the same way from the same inputs.
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a reader's choice; the device keeps it in localStorage under the same name. */
export const LOCALE_COOKIE = 'pmw_lang';
/** A year: the choice outlives sessions and logins. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the switch shows for each language, written in that language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** BCP 47 tags for `Intl` and `<html lang>`. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** `hi-IN` → `hi`; a language we do not speak → undefined. */
export function localeOfTag(tag: string): Locale | undefined {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

/**
 * The first language we speak among an `Accept-Language` header's entries,
 * ordered by their q-values (ties keep the header's order); q=0 means "not this".
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const entries = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.tag && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const e of entries) {
    const locale = localeOfTag(e.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The first language we speak among a browser's `navigator.languages`. */
export function localeFromLanguages(languages: readonly string[] | undefined): Locale | undefined {
  for (const tag of languages ?? []) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The one rule: a remembered choice (the cookie) wins, then the browser's
 * preference, then English. `acceptLanguage` is the header's value, or a
 * browser's `navigator.languages`.
 */
export function pickLocale(cookie: string | null | undefined, acceptLanguage: string | readonly string[] | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const fromBrowser =
    typeof acceptLanguage === 'string' || acceptLanguage == null
      ? localeFromAcceptLanguage(acceptLanguage)
      : localeFromLanguages(acceptLanguage);
  return fromBrowser ?? DEFAULT_LOCALE;
}

/** The value of one cookie in a `Cookie` header (or `document.cookie`). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The `Set-Cookie`/`document.cookie` value that remembers a choice for a year, for the whole site. */
export const localeCookie = (locale: Locale) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;

/** Pages that stay English whatever the reader chose: the ops console is an office tool. */
export const isEnglishOnlyPath = (pathname: string) => pathname === '/ops' || pathname.startsWith('/ops/');
