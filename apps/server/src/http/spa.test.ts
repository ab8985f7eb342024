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
    expect(before.render(undefined, undefined, '/mt/TEAM01')).toContain('app');
    mkdirSync(path.join(dist, 'pages'));
    writeFileSync(path.join(dist, 'pages', 'team.html'), '<title>team</title><div id="root"></div>');
    const spa = createSpa(dist);
    expect(spa.render(undefined, undefined, '/mt/TEAM01')).toContain('team');
    expect(spa.render(undefined, undefined, '/ops')).toContain('app');
    expect(spa.render({ title: 'A & B' }, undefined, '/mt')).toContain('<title>A &amp; B</title>');
  });
});
