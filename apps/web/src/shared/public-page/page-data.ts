import type { Locale } from '@pmw/contract/locale';

/** The id of the JSON script element a server-rendered page carries its data in. */
export const PAGE_DATA_ID = 'pmw-page-data';

/** What a server-rendered page hands its browser entry: the language it was rendered in and the screen's data. */
export interface PageEnvelope<T> {
  locale: Locale;
  data: T;
}

/**
 * The data as an inert `<script type="application/json">` (no script runs, so
 * a strict Content-Security-Policy allows it). `<`, `>`, `&` and the two
 * line separators are escaped, so no value can close the element.
 */
export function pageDataScript(envelope: PageEnvelope<unknown>): string {
  const json = JSON.stringify(envelope)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/** The page's data, read once by its browser entry. */
export function readPageData<T>(): PageEnvelope<T> {
  const el = document.getElementById(PAGE_DATA_ID);
  return JSON.parse(el?.textContent ?? 'null') as PageEnvelope<T>;
}
