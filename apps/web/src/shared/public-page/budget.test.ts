import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetReport, checkBudgets, pageFiles, type Manifest } from '../../../budget.mjs';

const manifest: Manifest = {
  'pages/utm.html': {
    file: 'assets/utm.js',
    isEntry: true,
    imports: ['_react.js', '_view.js'],
    css: ['assets/utm.css'],
    dynamicImports: ['src/features/campaign/lead-panel.tsx', 'src/features/campaign/messages.en.ts'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_view.js': { file: 'assets/view.js', imports: ['_react.js'], css: ['assets/view.css'] },
  'src/features/campaign/lead-panel.tsx': { file: 'assets/lead-panel.js' },
  'src/features/campaign/messages.en.ts': { file: 'assets/messages.en.js' },
};
const sizes: Record<string, number> = {
  'assets/utm.js': 1000,
  'assets/react.js': 62_000,
  'assets/view.js': 9000,
  'assets/utm.css': 500,
  'assets/view.css': 700,
  'assets/messages.en.js': 400,
  'assets/lead-panel.js': 30_000,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('the size budget step', () => {
  it('counts what a page loads before interaction: entry, static imports, their CSS and its English texts, each once', () => {
    expect(pageFiles(manifest, 'pages/utm.html').sort()).toEqual([
      'assets/messages.en.js',
      'assets/react.js',
      'assets/utm.css',
      'assets/utm.js',
      'assets/view.css',
      'assets/view.js',
    ]);
  });

  it('counts the texts of the language asked for, and no other', () => {
    const hi: Manifest = {
      ...manifest,
      'pages/utm.html': {
        ...manifest['pages/utm.html']!,
        dynamicImports: [...manifest['pages/utm.html']!.dynamicImports!, 'src/features/campaign/messages.hi.ts'],
      },
      'src/features/campaign/messages.hi.ts': { file: 'assets/messages.hi.js' },
    };
    const files = pageFiles(hi, 'pages/utm.html', [], 'hi');
    expect(files).toContain('assets/messages.hi.js');
    expect(files).not.toContain('assets/messages.en.js');
  });

  it('passes a page within its budget', () => {
    const result = checkBudgets(manifest, sizeOf, [{ page: '/utm/{code}', entry: 'pages/utm.html', maxBytes: 72 * 1024 }]);
    expect(result.over).toEqual([]);
    expect(result.pages[0]!.requests).toBe(6);
  });

  it('fails a page over its budget, naming the page and its biggest files', () => {
    const result = checkBudgets(manifest, sizeOf, [{ page: '/utm/{code}', entry: 'pages/utm.html', maxBytes: 70 * 1024 }]);
    expect(result.over.map((p) => p.page)).toEqual(['/utm/{code}']);
    const report = budgetReport(result);
    expect(report).toContain('OVER /utm/{code}');
    expect(report.indexOf('assets/react.js')).toBeLessThan(report.indexOf('assets/view.js'));
  });

  it('enforces 100 KB on the team area and the partner portal, from their own entries, in English and Hindi', () => {
    const areas = BUDGETS.filter((b) => b.page.startsWith('/mt') || b.page.startsWith('/partner'));
    expect(areas.map((b) => [b.entry, b.locale ?? 'en', b.maxBytes, b.enforced ?? true])).toEqual([
      ['pages/team.html', 'en', 100 * 1024, true],
      ['pages/partner.html', 'en', 100 * 1024, true],
      ['pages/team.html', 'hi', 100 * 1024, true],
      ['pages/partner.html', 'hi', 100 * 1024, true],
    ]);
  });

  it("fails an area's page over 100 KB in Hindi while its English page passes, and leaves the screens it loads later out", () => {
    const team: Manifest = {
      'pages/team.html': {
        file: 'assets/team.js',
        isEntry: true,
        imports: ['_react.js', '_team-area.js'],
        dynamicImports: ['src/features/team/member-home.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_team-area.js': {
        file: 'assets/team-area.js',
        css: ['assets/team-area.css'],
        dynamicImports: ['src/features/team/messages.en.ts', 'src/features/team/messages.hi.ts'],
      },
      'src/features/team/messages.en.ts': { file: 'assets/messages.en.js' },
      'src/features/team/messages.hi.ts': { file: 'assets/messages.hi.js' },
      'src/features/team/member-home.tsx': { file: 'assets/member-home.js', imports: ['_zod.js'] },
      '_zod.js': { file: 'assets/zod.js' },
    };
    const teamSizes: Record<string, number> = {
      'assets/team.js': 200,
      'assets/react.js': 90_000,
      'assets/team-area.js': 9_000,
      'assets/team-area.css': 1_500,
      'assets/messages.en.js': 1_500,
      'assets/messages.hi.js': 2_500,
      'assets/member-home.js': 20_000,
      'assets/zod.js': 25_000,
    };
    const budgets = BUDGETS.filter((b) => b.entry === 'pages/team.html');
    const result = checkBudgets(team, (f) => teamSizes[f] ?? 0, budgets);
    expect(result.pages.map((p) => p.bytes)).toEqual([102_200, 103_200]);
    expect(result.over.map((p) => p.page)).toEqual(['/mt/... in Hindi']);
    expect(result.pages[0]!.files.map((f) => f.file)).not.toContain('assets/zod.js');
  });
});
