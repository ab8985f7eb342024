import { describe, expect, it } from 'vitest';
import { KNOWN_PINCODES, distanceKm } from './geocode';
import { createPincodeDirectory, parsePincodeDirectory } from './pincode-directory';
import { PINCODE_DIRECTORY } from './pincode-directory.data';

describe('the pincode directory', () => {
  const all = parsePincodeDirectory(PINCODE_DIRECTORY);

  it("knows India's pincodes, far beyond the few large cities of the geocoder's table", () => {
    expect(all.size).toBeGreaterThan(18_000);
    // Hospet (Karnataka), Chhapra (Bihar), Shillong (Meghalaya), Port Blair.
    for (const p of ['583201', '841301', '793001', '744101']) expect(all.get(p), p).toBeDefined();
    const outsideIndia = [...all.values()].filter((p) => !(p.lat > 6 && p.lat < 37.6 && p.lng > 68 && p.lng < 97.6 && p.radius_km >= 0));
    expect(outsideIndia).toEqual([]);
  });

  it("puts each large city's pincode within its radius of where the geocoder's table of large cities has it", () => {
    for (const known of KNOWN_PINCODES) {
      const place = all.get(known.pincode);
      expect(place, known.pincode).toBeDefined();
      expect(distanceKm(known, place!), known.pincode).toBeLessThanOrEqual(place!.radius_km + 15);
    }
  });

  it('loads the table once, on first use, and answers only the pincodes it knows', async () => {
    let loads = 0;
    const directory = createPincodeDirectory(async () => {
      loads++;
      return '411001 18.53 73.876 3\n583201 15.235 76.398 21';
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([directory.places(['411001', '999999']), directory.places(['583201'])]);
    expect([...a.keys()]).toEqual(['411001']);
    expect(a.get('411001')).toEqual({ pincode: '411001', lat: 18.53, lng: 73.876, radius_km: 3 });
    expect(b.get('583201')?.radius_km).toBe(21);
    expect(loads).toBe(1);
  });

  it('tries the load again after it failed', async () => {
    let calls = 0;
    const directory = createPincodeDirectory(async () => {
      if (++calls === 1) throw new Error('disk gone');
      return '411001 18.53 73.876 3';
    });
    await expect(directory.places(['411001'])).rejects.toThrow('disk gone');
    expect((await directory.places(['411001'])).size).toBe(1);
  });
});
