/**
 * Every Indian pincode's place, offline: the centre of its area and a radius
 * that covers where its sources put it (scripts/refresh-pincodes.mjs writes
 * the table, pincode-directory.data.ts, from two npm packages' data). The
 * table is loaded on first use, so a process that never asks never parses
 * its 440 KB. A pincode it does not know has no place: callers say nothing
 * about it rather than guess.
 */
export interface PincodePlace {
  pincode: string;
  lat: number;
  lng: number;
  /** Kilometres around the centre within which the sources disagree or the pincode's post offices spread. */
  radius_km: number;
}

export interface PincodeDirectory {
  /** The places of those of these pincodes the directory knows; an unknown pincode is absent from the answer. */
  places(pincodes: readonly string[]): Promise<Map<string, PincodePlace>>;
}

/** The table's lines (`pincode lat lng radius_km`) as a map by pincode. */
export function parsePincodeDirectory(text: string): Map<string, PincodePlace> {
  const map = new Map<string, PincodePlace>();
  for (const line of text.split('\n')) {
    const [pincode, lat, lng, radius] = line.trim().split(' ');
    if (!pincode || lat === undefined || lng === undefined || radius === undefined) continue;
    map.set(pincode, { pincode, lat: Number(lat), lng: Number(lng), radius_km: Number(radius) });
  }
  return map;
}

export function createPincodeDirectory(
  load: () => Promise<string> = async () => (await import('./pincode-directory.data')).PINCODE_DIRECTORY,
): PincodeDirectory {
  let table: Promise<Map<string, PincodePlace>> | undefined;
  const loaded = () =>
    (table ??= load()
      .then(parsePincodeDirectory)
      .catch((err: unknown) => {
        // A failed load is tried again by the next caller.
        table = undefined;
        throw err;
      }));
  return {
    async places(pincodes) {
      const all = await loaded();
      const found = new Map<string, PincodePlace>();
      for (const p of pincodes) {
        const place = all.get(p);
        if (place) found.set(p, place);
      }
      return found;
    },
  };
}
