/**
 * Reverse geocoding: coordinates to an address a person can read. The offline
 * default needs no network: it answers the coordinates and the city of the
 * nearest pincode it knows. A Nominatim-compatible service plugs in by
 * GEOCODER=nominatim and GEOCODER_URL.
 */
export interface GeocodeResult {
  address: string;
  city: string | null;
  pincode: string | null;
}

export interface GeocodeProvider {
  readonly name: string;
  reverse(lat: number, lng: number): Promise<GeocodeResult>;
}

/** A small table of Indian pincodes with the centre of their area (post office coordinates, rounded). */
export const KNOWN_PINCODES: readonly { pincode: string; city: string; state: string; lat: number; lng: number }[] = [
  { pincode: '560001', city: 'Bengaluru', state: 'Karnataka', lat: 12.9767, lng: 77.5993 },
  { pincode: '560034', city: 'Bengaluru', state: 'Karnataka', lat: 12.9352, lng: 77.6245 },
  { pincode: '560076', city: 'Bengaluru', state: 'Karnataka', lat: 12.8923, lng: 77.5985 },
  { pincode: '560095', city: 'Bengaluru', state: 'Karnataka', lat: 12.9343, lng: 77.6318 },
  { pincode: '560102', city: 'Bengaluru', state: 'Karnataka', lat: 12.9116, lng: 77.6474 },
  { pincode: '400001', city: 'Mumbai', state: 'Maharashtra', lat: 18.9388, lng: 72.8354 },
  { pincode: '400070', city: 'Mumbai', state: 'Maharashtra', lat: 19.0726, lng: 72.8845 },
  { pincode: '110001', city: 'New Delhi', state: 'Delhi', lat: 28.6328, lng: 77.2197 },
  { pincode: '110020', city: 'New Delhi', state: 'Delhi', lat: 28.5355, lng: 77.2719 },
  { pincode: '110092', city: 'Delhi', state: 'Delhi', lat: 28.6366, lng: 77.2773 },
  { pincode: '411001', city: 'Pune', state: 'Maharashtra', lat: 18.5204, lng: 73.8567 },
  { pincode: '411005', city: 'Pune', state: 'Maharashtra', lat: 18.5308, lng: 73.8475 },
  { pincode: '500001', city: 'Hyderabad', state: 'Telangana', lat: 17.385, lng: 78.4867 },
  { pincode: '500081', city: 'Hyderabad', state: 'Telangana', lat: 17.4483, lng: 78.3915 },
  { pincode: '501218', city: 'Hyderabad', state: 'Telangana', lat: 17.2403, lng: 78.4294 },
  { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu', lat: 13.0878, lng: 80.2785 },
  { pincode: '700001', city: 'Kolkata', state: 'West Bengal', lat: 22.5726, lng: 88.3639 },
  { pincode: '302001', city: 'Jaipur', state: 'Rajasthan', lat: 26.9196, lng: 75.7878 },
  { pincode: '301001', city: 'Alwar', state: 'Rajasthan', lat: 27.553, lng: 76.6346 },
  { pincode: '380001', city: 'Ahmedabad', state: 'Gujarat', lat: 23.0225, lng: 72.5714 },
  { pincode: '226001', city: 'Lucknow', state: 'Uttar Pradesh', lat: 26.8467, lng: 80.9462 },
  { pincode: '800001', city: 'Patna', state: 'Bihar', lat: 25.5941, lng: 85.1376 },
  { pincode: '682001', city: 'Kochi', state: 'Kerala', lat: 9.9312, lng: 76.2673 },
  { pincode: '452001', city: 'Indore', state: 'Madhya Pradesh', lat: 22.7196, lng: 75.8577 },
  { pincode: '462001', city: 'Bhopal', state: 'Madhya Pradesh', lat: 23.2599, lng: 77.4126 },
  { pincode: '160017', city: 'Chandigarh', state: 'Chandigarh', lat: 30.7333, lng: 76.7794 },
  { pincode: '751001', city: 'Bhubaneswar', state: 'Odisha', lat: 20.2961, lng: 85.8245 },
  { pincode: '781001', city: 'Guwahati', state: 'Assam', lat: 26.1445, lng: 91.7362 },
  { pincode: '641001', city: 'Coimbatore', state: 'Tamil Nadu', lat: 11.0168, lng: 76.9558 },
  { pincode: '440001', city: 'Nagpur', state: 'Maharashtra', lat: 21.1458, lng: 79.0882 },
];

/** Beyond this distance the nearest known pincode says nothing useful about the place. */
const MAX_KM = 60;

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const coords = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

export function createOfflineGeocoder(): GeocodeProvider {
  return {
    name: 'offline',
    async reverse(lat, lng) {
      let best: (typeof KNOWN_PINCODES)[number] | undefined;
      let bestKm = Infinity;
      for (const p of KNOWN_PINCODES) {
        const km = distanceKm({ lat, lng }, p);
        if (km < bestKm) [best, bestKm] = [p, km];
      }
      if (!best || bestKm > MAX_KM) return { address: coords(lat, lng), city: null, pincode: null };
      return { address: `${coords(lat, lng)} (near ${best.city} ${best.pincode})`, city: best.city, pincode: best.pincode };
    },
  };
}

interface NominatimReverse {
  display_name?: string;
  address?: { postcode?: string; city?: string; town?: string; village?: string; state_district?: string };
}

/** Any service answering Nominatim's /reverse?format=jsonv2; falls back to the offline answer when it fails. */
export function createNominatimGeocoder(baseUrl: string, fallback: GeocodeProvider = createOfflineGeocoder()): GeocodeProvider {
  return {
    name: 'nominatim',
    async reverse(lat, lng) {
      try {
        const url = new URL('reverse', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
        url.search = new URLSearchParams({ format: 'jsonv2', lat: String(lat), lon: String(lng) }).toString();
        const res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'PickMyWork/1.0' },
          signal: AbortSignal.timeout(5_000),
        });
        if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
        const data = (await res.json()) as NominatimReverse;
        if (!data.display_name) throw new Error('geocoder gave no address');
        const a = data.address ?? {};
        return { address: data.display_name, city: a.city ?? a.town ?? a.village ?? a.state_district ?? null, pincode: a.postcode ?? null };
      } catch {
        return fallback.reverse(lat, lng);
      }
    },
  };
}
