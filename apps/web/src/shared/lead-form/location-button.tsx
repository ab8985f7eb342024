import { useState } from 'react';
import { showError } from '../message-bar';
import { LiveButton } from '../public-page/live';
import { t } from './messages';
import type { MapPickerProps } from './types';

const GEOLOCATION_TIMEOUT_MS = 10_000;

/** The light default for MAP_LOCATION: the device's position, with the coordinates shown. */
export function LocationButton(props: MapPickerProps) {
  const [busy, setBusy] = useState(false);

  function locate() {
    if (!('geolocation' in navigator)) {
      showError(t('locationUnsupported'));
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setBusy(false);
        props.onChange({ lat: Number(pos.coords.latitude.toFixed(6)), lng: Number(pos.coords.longitude.toFixed(6)) });
      },
      (err) => {
        setBusy(false);
        showError(err.code === err.PERMISSION_DENIED ? t('locationDenied') : t('locationFailed'));
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }

  return (
    <div className="lead-location">
      <LiveButton
        id={props.id}
        className="button button--ghost"
        // Its own words first, then the field it fills (the field's label points at this button).
        aria-label={`${busy ? t('locating') : t('useMyLocation')}: ${props.label}`}
        disabled={props.disabled || busy}
        aria-describedby={props.describedBy}
        onClick={locate}
      >
        {busy ? t('locating') : t('useMyLocation')}
      </LiveButton>
      {props.value && (
        <span className="lead-location__coords" aria-live="polite">
          {t('locationShown', { lat: props.value.lat.toFixed(5), lng: props.value.lng.toFixed(5) })}
        </span>
      )}
    </div>
  );
}
