import { useState } from 'react';
import { TextField } from '../forms/text-field';
import { buttonStyles, labelStyle, linkButtonStyle } from '../styles';
import { PlaceField } from './place-field';

interface LocationFieldsProps {
  latitude: string;
  longitude: string;
  onChange: (location: { latitude: string; longitude: string }) => void;
  errors: { latitude?: string; longitude?: string };
}

const COORDINATE_DECIMALS = 4;

/** Optional: a town chosen by name, the coordinates typed in, or the browser's geolocation when the user allows it. */
export function LocationFields({ latitude, longitude, onChange, errors }: LocationFieldsProps) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Clearing the location empties the town field too: a new key starts it afresh.
  const [cleared, setCleared] = useState(0);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setProblem(undefined);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onChange({
          latitude: coords.latitude.toFixed(COORDINATE_DECIMALS),
          longitude: coords.longitude.toFixed(COORDINATE_DECIMALS),
        });
      },
      (error) => {
        setLocating(false);
        setProblem(
          error.code === error.PERMISSION_DENIED
            ? 'Location was not allowed. You can type it instead.'
            : 'Your location could not be found. You can type it instead.',
        );
      },
      { timeout: 10_000 },
    );
  };

  return (
    <fieldset className="space-y-3">
      <legend className={labelStyle}>Location (optional)</legend>
      <p id="profile-location-hint" className="text-sm text-muted">
        Kept private: it is never shown on your public profile.
      </p>
      <PlaceField key={cleared} latitude={latitude} longitude={longitude} onChoose={onChange} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="profile-latitude"
          label="Latitude"
          inputMode="decimal"
          placeholder="e.g. 51.5072"
          value={latitude}
          onValueChange={(value) => onChange({ latitude: value, longitude })}
          error={errors.latitude}
          hint="From -90 to 90"
        />
        <TextField
          id="profile-longitude"
          label="Longitude"
          inputMode="decimal"
          placeholder="e.g. -0.1276"
          value={longitude}
          onValueChange={(value) => onChange({ latitude, longitude: value })}
          error={errors.longitude}
          hint="From -180 to 180"
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {canLocate && (
          <button type="button" className={buttonStyles.secondary} disabled={locating} onClick={locate}>
            {locating ? 'Finding you…' : 'Use my location'}
          </button>
        )}
        {(latitude || longitude) && (
          <button
            type="button"
            className={`${linkButtonStyle} text-sm`}
            onClick={() => {
              setCleared(cleared + 1);
              onChange({ latitude: '', longitude: '' });
            }}
          >
            Clear location
          </button>
        )}
      </div>
      {problem && (
        <p role="status" className="text-sm text-muted">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
