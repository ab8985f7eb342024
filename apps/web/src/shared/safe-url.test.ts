import { describe, expect, it } from 'vitest';
import { safeLink } from './safe-url';

describe('links the browser opens', () => {
  it('keep http(s) and paths on this site', () => {
    expect(safeLink('https://bank.example/apply?x=1', 'https://pmw.example')).toBe('https://bank.example/apply?x=1');
    expect(safeLink('http://bank.example/', 'https://pmw.example')).toBe('http://bank.example/');
    expect(safeLink('/api/v2/files/abc', 'https://pmw.example')).toBe('/api/v2/files/abc');
    expect(safeLink('//evil.example/x', 'https://pmw.example')).toBe('https://evil.example/x');
  });
  it('drop script, data and other schemes', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', '', null, undefined, 'https://x\u0000.example']) {
      expect(safeLink(bad, 'https://pmw.example'), String(bad)).toBeNull();
    }
  });
});
