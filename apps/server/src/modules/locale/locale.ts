import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '@pmw/contract/api';
import {
  LOCALE_COOKIE,
  isEnglishOnlyPath,
  isLocale,
  localeFromAcceptLanguage,
  pickLocale,
  readCookie,
  type Locale,
} from '@pmw/contract/locale';
import { englishTexts } from '@pmw/contract/texts/english';
import { renderSaid, type Said, Typed } from '@pmw/contract/texts/said';
import { renderStored } from '@pmw/contract/texts/stored';
import hi, { fields as hiFields } from '@pmw/contract/texts.hi';

/** The ops console's calls stay English whatever the agent's browser says. */
const englishOnly = (url: string) => url === `${API_PREFIX}/ops` || url.startsWith(`${API_PREFIX}/ops/`);

/** The language a reader chose on this device (the cookie), if any. */
export function chosenLocale(req: FastifyRequest): Locale | undefined {
  const cookie = readCookie(req.headers.cookie, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : undefined;
}

/** The one place the server decides a request's language: the cookie, else Accept-Language, else English. */
export function requestLocale(req: FastifyRequest): Locale {
  if (englishOnly(req.url) || isEnglishOnlyPath(req.url.split('?')[0]!)) return 'en';
  return pickLocale(readCookie(req.headers.cookie, LOCALE_COOKIE), req.headers['accept-language']);
}

/** A socket's language, from its handshake's cookie, else Accept-Language: a socket has no request of its own. */
export const handshakeLocale = (headers: IncomingHttpHeaders): Locale =>
  pickLocale(readCookie(headers.cookie, LOCALE_COOKIE), headers['accept-language']);

/** The browser's preference alone (no cookie), for a text to someone who has not chosen. */
export const browserLocale = (req: FastifyRequest): Locale | undefined => localeFromAcceptLanguage(req.headers['accept-language']);

/**
 * A text of the server's in a language, rendered by its code (a validation
 * message zod carries is said by its code too: `saidOf(issue.message)`);
 * words that are not ours (something ops typed, a framework's own refusal)
 * are marked `asTyped` and said as they are. Nothing is recognised by its
 * English words.
 */
export function localize(text: Said | Typed, locale: Locale): string {
  if (text instanceof Typed) return text.text;
  return locale === 'en' ? renderSaid(text, englishTexts, englishTexts) : renderSaid(text, hi, englishTexts, hiFields);
}

/**
 * A text a row keeps beside its code (a returned payout's reason), in a
 * language by the code, for the server's own files; the stored English when
 * it has none (the bank's own words, a row written before).
 */
export function localizeStored(stored: { code?: string | null | undefined; vars?: unknown }, english: string, locale: Locale): string {
  return renderStored(stored.code, stored.vars, locale === 'en' ? englishTexts : hi, englishTexts) ?? english;
}

/** A said text's English: what a row keeps beside its code, for ops and the spec's English fields. */
export const englishOf = (said: Said): string => renderSaid(said, englishTexts, englishTexts);

/** A page's HTML with `<html lang>` of the request's language (the page itself varies with the cookie). */
export function pageInLocale(req: FastifyRequest, html: string): string {
  return html.replace(/<html lang="[^"]*">/, `<html lang="${requestLocale(req)}">`);
}

/** A text of the server's in the request's language. */
export const speak = (req: FastifyRequest, text: Said | Typed) => localize(text, requestLocale(req));

/** What a request says about the language of a text sent to the person making it. */
export const smsLocaleOf = (req: FastifyRequest) => ({ chosen: chosenLocale(req), browser: browserLocale(req) });
