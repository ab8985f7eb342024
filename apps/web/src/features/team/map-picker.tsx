import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { GEOLOCATION_TIMEOUT_MS, MAP_DEFAULT_ZOOM } from '@pmw/contract/team';
import type { MapPickerProps } from '../../shared/lead-form';
import { showError } from '../../shared/message-bar';
import { fetchMapConfig, reverseGeocode, teamKeys } from './team-api';
import { t } from './messages';

/** Tiles drawn on the device, so the map pans and picks with no tile server and no network. */
class PlainGrid extends L.GridLayer {
  protected override createTile(coords: L.Coords): HTMLElement {
    const tile = document.createElement('canvas');
    tile.width = tile.height = 256;
    const ctx = tile.getContext('2d');
    if (ctx) {
      ctx.fillStyle = (coords.x + coords.y) % 2 === 0 ? '#eef2f6' : '#e6ebf1';
      ctx.fillRect(0, 0, 256, 256);
      ctx.strokeStyle = '#cfd8e3';
      for (let i = 0; i <= 256; i += 64) {
        ctx.beginPath();
        ctx.moveTo(i, 0);
        ctx.lineTo(i, 256);
        ctx.moveTo(0, i);
        ctx.lineTo(256, i);
        ctx.stroke();
      }
    }
    return tile;
  }
}

/** Where the map opens before the device answers (central Bengaluru). */
const FALLBACK = { lat: 12.9716, lng: 77.5946 };
const round = (n: number) => Number(n.toFixed(6));

/**
 * The MAP_LOCATION picker of the team area: Leaflet at zoom 18 on the
 * device's position (10 s timeout), a tap or the centre button chooses the
 * spot, and the address comes from the server's reverse geocoder. Tiles come
 * from the configured tile URL; without one, or without a network, the map is
 * a plain grid that still picks coordinates.
 */
export function MapPicker(props: MapPickerProps) {
  const { onChange, value } = props;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const [locating, setLocating] = useState(false);
  const [address, setAddress] = useState<string | undefined>(value?.address);
  const config = useQuery({ queryKey: teamKeys.mapConfig, queryFn: fetchMapConfig, staleTime: Infinity, retry: 0 });
  const tileUrl = config.data?.tile_url ?? null;

  // Chooses a spot: the marker moves there and the address follows when the server answers.
  const choose = useRef<(lat: number, lng: number) => void>(() => undefined);
  const latest = useRef(0);
  choose.current = (lat: number, lng: number) => {
    const loc = { lat: round(lat), lng: round(lng) };
    const seq = ++latest.current;
    onChange(loc);
    setAddress(undefined);
    reverseGeocode(loc.lat, loc.lng)
      .then((r) => {
        // A later choice wins over an earlier address that answers late.
        if (seq !== latest.current) return;
        setAddress(r.address);
        onChange({ ...loc, address: r.address });
      })
      .catch(() => {
        if (seq === latest.current) setAddress(`${loc.lat.toFixed(6)}, ${loc.lng.toFixed(6)}`);
      });
  };

  useEffect(() => {
    if (!box.current || map.current) return;
    const start = value ?? FALLBACK;
    const m = L.map(box.current, { zoomControl: true, attributionControl: true, keyboard: true }).setView(
      [start.lat, start.lng],
      MAP_DEFAULT_ZOOM,
    );
    m.on('click', (e: L.LeafletMouseEvent) => choose.current(e.latlng.lat, e.latlng.lng));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; later values move the marker below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A grid drawn on the device under any tiles: the map still pans and picks with no tiles at all.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const grid = new PlainGrid({ tileSize: 256, zIndex: 0 });
    grid.addTo(m);
    return () => {
      grid.remove();
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: config.data?.attribution ?? '' }).addTo(m);
    return () => {
      layer.remove();
    };
  }, [tileUrl, config.data?.attribution]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current)
      marker.current = L.circleMarker([value.lat, value.lng], { radius: 10, color: '#0b5cad', weight: 3, fillOpacity: 0.5 }).addTo(m);
    else marker.current.setLatLng([value.lat, value.lng]);
  }, [value]);

  function locate(silent = false) {
    if (!('geolocation' in navigator)) {
      if (!silent) showError(t('locationUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        map.current?.setView([pos.coords.latitude, pos.coords.longitude], MAP_DEFAULT_ZOOM);
        choose.current(pos.coords.latitude, pos.coords.longitude);
      },
      (err) => {
        setLocating(false);
        if (err.code === err.PERMISSION_DENIED) {
          // The spec asks for an alert here: the person must act in the browser's settings.
          window.alert(t('locationDenied'));
        } else {
          showError(t('locationFailed'));
        }
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 30_000 },
    );
  }

  // Opens on the device's position when nothing is chosen yet.
  useEffect(() => {
    if (!value) locate(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function pickCentre() {
    const c = map.current?.getCenter();
    if (c) choose.current(c.lat, c.lng);
  }

  return (
    <div className="map-picker">
      <div
        ref={box}
        id={props.id}
        className={`map-picker__map${tileUrl ? '' : ' map-picker__map--grid'}`}
        role="application"
        aria-label={`${props.label}. ${t('mapLabel')}`}
        aria-describedby={props.describedBy}
      />
      {!tileUrl && <p className="field__hint">{t('gridNote')}</p>}
      <div className="map-picker__actions">
        <button type="button" className="button button--ghost button--small" disabled={props.disabled || locating} onClick={() => locate()}>
          {locating ? t('locating') : t('useMyLocation')}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={props.disabled} onClick={pickCentre}>
          {t('pickCentre')}
        </button>
      </div>
      <p className="map-picker__status" aria-live="polite">
        {value
          ? t('locationChosen', { address: address ?? value.address ?? `${value.lat.toFixed(6)}, ${value.lng.toFixed(6)}` })
          : t('locationNotSelected')}
      </p>
    </div>
  );
}
