import { describe, expect, it } from 'vitest';
import { LOCALES } from '@pmw/contract/locale';
import { placeholders } from '@pmw/contract/texts';

/** Every area's catalogue, found by file name, so a new area is checked without listing it here. */
const modules = import.meta.glob<{ default: Record<string, string> }>('../**/messages.*.ts', { eager: true });
const areas = new Map<string, Partial<Record<string, Record<string, string>>>>();
for (const [file, mod] of Object.entries(modules)) {
  const m = /^(.*)\/messages\.(\w+)\.ts$/.exec(file);
  if (!m) continue;
  const area = areas.get(m[1]!) ?? {};
  area[m[2]!] = mod.default;
  areas.set(m[1]!, area);
}
/** The ops console is English only. */
const ENGLISH_ONLY = ['../features/ops', '../features/support-desk'];

describe.each([...areas.keys()].filter((a) => !ENGLISH_ONLY.includes(a)).map((a) => [a]))('catalogue of %s', (area) => {
  const catalogues = areas.get(area)!;
  const en = catalogues.en!;

  it.each(LOCALES.filter((l) => l !== 'en').map((l) => [l]))('has a %s entry for every English key and no other', (locale) => {
    const other = catalogues[locale];
    expect(other, `${area}/messages.${locale}.ts`).toBeDefined();
    expect(Object.keys(other!).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en').map((l) => [l]))('keeps the {placeholders} of each English text in %s', (locale) => {
    const other = catalogues[locale] ?? {};
    const different = Object.keys(en).filter((k) => placeholders(en[k]!).join() !== placeholders(other[k] ?? '').join());
    expect(different).toEqual([]);
  });

  it('writes Hindi in Devanagari, not English', () => {
    const hi = catalogues.hi ?? {};
    // A text of placeholders, an id or a format (e.g. '{bank} XXXX{last4}', 'ABCDE1234F') is the same in both.
    const words = (k: string) => (hi[k] ?? '').replace(/\{\w+\}/g, '').replace(/\b[A-Z0-9]+\b/g, '');
    const english = Object.keys(en).filter((k) => /[A-Za-z]{3,}/.test(words(k)) && !/[\u0900-\u097F]/.test(hi[k] ?? ''));
    expect(english).toEqual([]);
  });
});

it('finds every translated area', () => {
  expect([...areas.keys()].filter((a) => !ENGLISH_ONLY.includes(a)).length).toBeGreaterThanOrEqual(10);
});
