import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/pmw-geocode-config', SECRET_KEY: 'test-secret-key-test-secret-key-0123456789' };

describe('team area configuration', () => {
  it('defaults to the offline geocoder, no tiles, and PUBLIC_URL as the share host', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://pickmywork.example' });
    expect(config.geocoder).toEqual({ provider: 'offline' });
    expect(config.map).toEqual({ tileUrl: undefined, attribution: undefined });
    expect(config.team.shareUrl).toBe('https://pickmywork.example');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://a.example', TEAM_SHARE_URL: 'https://share.example' }).team.shareUrl).toBe(
      'https://share.example',
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...base, GEOCODER: 'nominatim' })).toThrow(/GEOCODER_URL: is required when GEOCODER=nominatim/);
    expect(() => loadConfig({ ...base, MAP_TILE_URL: 'tiles.example/x.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ ...base, TEAM_SHARE_URL: 'not a url' })).toThrow(/TEAM_SHARE_URL/);
    expect(loadConfig({ ...base, GEOCODER: 'nominatim', GEOCODER_URL: 'http://geo.local' }).geocoder).toEqual({
      provider: 'nominatim',
      url: 'http://geo.local',
    });
  });
});
