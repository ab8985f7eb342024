import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './public-pages';

describe('a public page’s stylesheets', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'pmw-css-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'styles-a1.css'), '.fb{color:red}');
  writeFileSync(path.join(dist, 'assets', 'odd-b2.css'), '.x::after{content:"</style><script>"}');
  const head = (links: string) => `<head><script type="module" crossorigin src="/assets/fb-c3.js"></script>${links}</head>`;

  it('are inline in the head, in their order, and the script stays a file', () => {
    const html = inlineStylesheets(
      head('<link rel="stylesheet" crossorigin href="/assets/styles-a1.css"><link rel="stylesheet" crossorigin href="/assets/odd-b2.css">'),
      dist,
    );
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/fb-c3.js"></script><style>.fb{color:red}</style><style>');
    // A sheet cannot end its <style> early.
    expect(html.match(/<\/style>/g)).toHaveLength(2);
  });

  it('stay a link when the build has no such file', () => {
    const link = '<link rel="stylesheet" crossorigin href="/assets/gone-d4.css">';
    expect(inlineStylesheets(head(link), dist)).toContain(link);
  });
});
