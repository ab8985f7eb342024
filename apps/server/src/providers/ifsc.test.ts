import { describe, expect, it } from 'vitest';
import { createOfflineIfsc, createOnlineIfsc, validateIfsc } from './ifsc';

describe('IFSC provider', () => {
  it('validates against the offline data and names the bank', async () => {
    expect(validateIfsc('SBIN0005943')).toEqual({ valid: true, bank: 'State Bank of India' });
    expect(validateIfsc('sbin0005943').valid).toBe(true);
    expect(validateIfsc('SBIN1005943').valid).toBe(false);
    expect(validateIfsc('ZZZZ0000001').valid).toBe(false);
    expect(await createOfflineIfsc().lookup('HDFC0000001')).toEqual({
      ifsc: 'HDFC0000001',
      valid: true,
      BANK: 'HDFC Bank',
      BRANCH: null,
      ADDRESS: null,
    });
  });
  it('adds the branch from the online service, and falls back silently when it fails', async () => {
    const ok = createOnlineIfsc('http://ifsc.test', {
      fetchImpl: async () => new Response(JSON.stringify({ BANK: 'HDFC Bank', BRANCH: 'Worli', ADDRESS: 'Sandoz House, Mumbai' })),
    });
    expect(await ok.lookup('HDFC0000001')).toMatchObject({ valid: true, BRANCH: 'Worli', ADDRESS: 'Sandoz House, Mumbai' });
    const down = createOnlineIfsc('http://ifsc.test', {
      fetchImpl: async () => {
        throw new Error('offline');
      },
    });
    expect(await down.lookup('HDFC0000001')).toMatchObject({ valid: true, BANK: 'HDFC Bank', ADDRESS: null });
    let asked = false;
    const unknown = createOnlineIfsc('http://ifsc.test', {
      fetchImpl: async () => {
        asked = true;
        return new Response('{}');
      },
    });
    expect((await unknown.lookup('ZZZZ0000001')).valid).toBe(false);
    expect(asked).toBe(false);
  });
});
