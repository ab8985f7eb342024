import { useEffect, useState } from 'react';

/** Geolocation timeout. */
const TIMEOUT_MS = 10_000;

/**
 * Asks for the device location once on load. A refusal, a timeout or a
 * browser without geolocation leaves it null; the feedback is sent without it.
 */
export function useDeviceLocation(): { lat: number; lng: number } | null {
  const [location, setLocation] = useState<{ lat: number; lng: number } | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (live) setLocation({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      () => undefined,
      { timeout: TIMEOUT_MS, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return location;
}
