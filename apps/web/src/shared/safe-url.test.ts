import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInNewTab, safeLink } from './safe-url';

describe('links the browser opens', () => {
  it('keep http(s) and paths on this site', () => {
    expect(safeLink('https://bank.example/apply?x=1', 'https://pmw.example')).toBe('https://bank.example/apply?x=1');
    expect(safeLink('http://bank.example/', 'https://pmw.example')).toBe('http://bank.example/');
    expect(safeLink('/api/v2/files/abc', 'https://pmw.example')).toBe('/api/v2/files/abc');
    expect(safeLink('//evil.example/x', 'https://pmw.example')).toBe('https://evil.example/x');
  });
  it('drop script, data and other schemes', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      '',
      null,
      undefined,
      'https://x\u0000.example',
    ]) {
      expect(safeLink(bad, 'https://pmw.example'), String(bad)).toBeNull();
    }
  });
});

describe('a signed file link opened in a new tab', () => {
  afterEach(() => vi.restoreAllMocks());
  function fakeTab() {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return tab;
  }
  it('points the tab opened on the click at the link', async () => {
    const tab = fakeTab();
    await openInNewTab(async () => 'https://files.example/signed?x=1');
    expect(tab.location.href).toBe('https://files.example/signed?x=1');
    expect(tab.close).not.toHaveBeenCalled();
  });
  it('closes the tab and fails on an unsafe or missing link', async () => {
    for (const link of ['javascript:alert(1)', undefined]) {
      const tab = fakeTab();
      await expect(openInNewTab(async () => link)).rejects.toThrow();
      expect(tab.location.href).toBe('');
      expect(tab.close).toHaveBeenCalled();
    }
  });
  it('closes the tab when the link cannot be fetched', async () => {
    const tab = fakeTab();
    await expect(openInNewTab(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(tab.close).toHaveBeenCalled();
  });
});
