import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { areaTemplate, createSpa } from './spa';

describe('the page an address gets', () => {
  it('is the area’s own page under /mt and /partner, the app’s index.html elsewhere', () => {
    expect(areaTemplate('/mt')).toBe('pages/team.html');
    expect(areaTemplate('/mt/TEAM01/report/203/0?x=1')).toBe('pages/team.html');
    expect(areaTemplate('/partner/')).toBe('pages/partner.html');
    expect(areaTemplate('/partner')).toBe('pages/partner.html');
    expect(areaTemplate('/partner/report')).toBe('pages/partner.html');
    expect(areaTemplate('/mtx')).toBe('index.html');
    expect(areaTemplate('/partners')).toBe('index.html');
    expect(areaTemplate('/support?next=/mt')).toBe('index.html');
    expect(areaTemplate('/ops/teams')).toBe('index.html');
  });

  const dist = mkdtempSync(path.join(tmpdir(), 'pmw-spa-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the area’s built page, and index.html when a build has none', () => {
    writeFileSync(path.join(dist, 'index.html'), '<title>app</title><div id="root"></div>');
    const before = createSpa(dist);
    expect(before.render(undefined, undefined, { url: '/mt/TEAM01', locale: 'en' })).toContain('app');
    mkdirSync(path.join(dist, 'pages'));
    writeFileSync(path.join(dist, 'pages', 'team.html'), '<title>team</title><div id="root"></div>');
    const spa = createSpa(dist);
    expect(spa.render(undefined, undefined, { url: '/mt/TEAM01', locale: 'en' })).toContain('team');
    expect(spa.render(undefined, undefined, { url: '/ops', locale: 'en' })).toContain('app');
    expect(spa.render({ title: 'A & B' }, undefined, { url: '/mt', locale: 'en' })).toContain('<title>A &amp; B</title>');
  });

  it('preloads the texts of the request’s language that the area’s entry loads before it shows', () => {
    writeFileSync(path.join(dist, 'pages', 'partner.html'), '<head><title>partner</title></head><div id="root"></div>');
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'pages/partner.html': { file: 'assets/partner.js', imports: ['_area.js'] },
        '_area.js': {
          file: 'assets/area.js',
          dynamicImports: ['src/features/partner/messages.en.ts', 'src/features/partner/messages.hi.ts', 'src/features/partner/portal.tsx'],
        },
        'src/features/partner/messages.en.ts': { file: 'assets/messages.en.js' },
        'src/features/partner/messages.hi.ts': { file: 'assets/messages.hi.js' },
        'src/features/partner/portal.tsx': { file: 'assets/portal.js' },
      }),
    );
    const spa = createSpa(dist);
    const hindi = spa.render(undefined, undefined, { url: '/partner/report', locale: 'hi' });
    expect(hindi).toContain('<link rel="modulepreload" crossorigin href="/assets/messages.hi.js"></head>');
    expect(hindi).not.toContain('messages.en.js');
    expect(hindi).not.toContain('portal.js');
    expect(spa.render(undefined, undefined, { url: '/partner/', locale: 'en' })).toContain('/assets/messages.en.js');
  });
});
