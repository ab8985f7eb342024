import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createNominatimGeocoder, createOfflineGeocoder } from './geocode';

describe('offline geocoder', () => {
  const geo = createOfflineGeocoder();
  it('answers the coordinates and the nearest known pincode city', async () => {
    const r = await geo.reverse(12.8925, 77.5983);
    expect(r).toEqual({ address: '12.892500, 77.598300 (near Bengaluru 560076)', city: 'Bengaluru', pincode: '560076' });
  });
  it('answers only the coordinates far from any known pincode', async () => {
    const r = await geo.reverse(34.1526, 77.5771);
    expect(r).toEqual({ address: '34.152600, 77.577100', city: null, pincode: null });
  });
});

describe('nominatim geocoder', () => {
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = createServer((req, res) => {
    expect(req.url).toMatch(/^\/reverse\?format=jsonv2&lat=19\.07&lon=72\.88$/);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '');
    }),
  );
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads the address, city and postcode the service answers', async () => {
    answer = {
      status: 200,
      body: { display_name: 'LBS Marg, Kurla West, Mumbai, 400070, India', address: { city: 'Mumbai', postcode: '400070' } },
    };
    const geo = createNominatimGeocoder(await ready);
    expect(await geo.reverse(19.07, 72.88)).toEqual({
      address: 'LBS Marg, Kurla West, Mumbai, 400070, India',
      city: 'Mumbai',
      pincode: '400070',
    });
  });

  it('falls back to the offline answer when the service fails', async () => {
    answer = { status: 503, body: {} };
    const geo = createNominatimGeocoder(await ready);
    const r = await geo.reverse(19.07, 72.88);
    expect(r.pincode).toBe('400070');
    expect(r.city).toBe('Mumbai');
  });
});
