/**
 * The shape of every catalogue of texts: one module per area with the English
 * and the Hindi side by side, keyed by a message code. `satisfies
 * Translation<typeof en>` makes a missing or extra Hindi key a type error.
 */
export type Translation<T extends Record<string, string>> = { readonly [K in keyof T]: string };

export interface Catalogue<T extends Record<string, string> = Record<string, string>> {
  readonly en: T;
  readonly hi: Translation<T>;
}
