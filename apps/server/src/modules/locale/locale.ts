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
import { translateText } from '@pmw/contract/texts';
import { englishTexts } from '@pmw/contract/texts/english';
import { readSaid, renderSaid, Said } from '@pmw/contract/texts/said';
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

/** The browser's preference alone (no cookie), for a text to someone who has not chosen. */
export const browserLocale = (req: FastifyRequest): Locale | undefined => localeFromAcceptLanguage(req.headers['accept-language']);

/**
 * A text of the server's in a language. A said text is rendered by its code,
 * and so is a validation message said by code (a zod message, a lead form's
 * refusal); any other plain string is the English of a text not yet said by
 * code (a text stored in English) and is still recognised by its words; a
 * text with no message code (a name, something ops typed) stays as it is.
 */
export function localize(text: string | Said, locale: Locale): string {
  const said = text instanceof Said ? text : readSaid(text)?.said;
  if (said) return locale === 'en' ? renderSaid(said, englishTexts, englishTexts) : renderSaid(said, hi, englishTexts, hiFields);
  return locale === 'en' ? (text as string) : translateText(text as string, hi, hiFields);
}

/** A said text's English: what a row keeps beside its code, for ops and the spec's English fields. */
export const englishOf = (said: Said): string => renderSaid(said, englishTexts, englishTexts);

/** A page's HTML with `<html lang>` of the request's language (the page itself varies with the cookie). */
export function pageInLocale(req: FastifyRequest, html: string): string {
  return html.replace(/<html lang="[^"]*">/, `<html lang="${requestLocale(req)}">`);
}

/** A text of the server's in the request's language. */
export const speak = (req: FastifyRequest, text: string | Said) => localize(text, requestLocale(req));

/** What a request says about the language of a text sent to the person making it. */
export const smsLocaleOf = (req: FastifyRequest) => ({ chosen: chosenLocale(req), browser: browserLocale(req) });
