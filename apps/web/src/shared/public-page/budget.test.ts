import { describe, expect, it } from 'vitest';
import { budgetReport, checkBudgets, pageFiles, type Manifest } from '../../../budget.mjs';

const manifest: Manifest = {
  'pages/utm.html': { file: 'assets/utm.js', isEntry: true, imports: ['_react.js', '_view.js'], css: ['assets/utm.css'], dynamicImports: ['src/features/campaign/lead-panel.tsx', 'src/features/campaign/messages.en.ts'] },
  '_react.js': { file: 'assets/react.js' },
  '_view.js': { file: 'assets/view.js', imports: ['_react.js'], css: ['assets/view.css'] },
  'src/features/campaign/lead-panel.tsx': { file: 'assets/lead-panel.js' },
  'src/features/campaign/messages.en.ts': { file: 'assets/messages.en.js' },
};
const sizes: Record<string, number> = { 'assets/utm.js': 1000, 'assets/react.js': 62_000, 'assets/view.js': 9000, 'assets/utm.css': 500, 'assets/view.css': 700, 'assets/messages.en.js': 400, 'assets/lead-panel.js': 30_000 };
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('the size budget step', () => {
  it('counts what a page loads before interaction: entry, static imports, their CSS and its English texts, each once', () => {
    expect(pageFiles(manifest, 'pages/utm.html').sort()).toEqual(['assets/messages.en.js', 'assets/react.js', 'assets/utm.css', 'assets/utm.js', 'assets/view.css', 'assets/view.js']);
  });

  it('counts the texts of the language asked for, and no other', () => {
    const hi: Manifest = {
      ...manifest,
      'pages/utm.html': { ...manifest['pages/utm.html']!, dynamicImports: [...manifest['pages/utm.html']!.dynamicImports!, 'src/features/campaign/messages.hi.ts'] },
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
});
