/**
 * Every text a person reads comes from an area's catalogue through `t`, so a
 * Hindi catalogue can be added beside the English one without touching components.
 */
export type Catalogue = Record<string, string>;

const locale = (): string => (typeof localStorage !== 'undefined' && localStorage.getItem('pmw_locale')) || 'en';

export function defineMessages<T extends Catalogue>(en: T, others: Partial<Record<string, Partial<T>>> = {}) {
  return function t(key: keyof T & string, vars?: Record<string, string | number>): string {
    const text = others[locale()]?.[key] ?? en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}
