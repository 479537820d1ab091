import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { Place } from '../../../shared/places';
import { nearestPlaceQuery, placeSearchQuery } from '../../lib/places';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { inputStyle, labelStyle } from '../styles';

const COORDINATE_DECIMALS = 4;
const TYPING_PAUSE_MS = 200;

interface PlaceFieldProps {
  latitude: string;
  longitude: string;
  onChoose: (location: { latitude: string; longitude: string }) => void;
}

const label = (place: Place) => `${place.name}, ${place.country}`;
const coordinatesOf = (latitude: string, longitude: string) => {
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  const valid = latitude.trim() !== '' && longitude.trim() !== '' && Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180;
  return valid ? point : undefined;
};

/**
 * A town or city typed by name (a combobox: arrows to move, Enter to choose, Escape to close);
 * choosing one fills in its coordinates. Below it, the place nearest the coordinates, however
 * they were given.
 */
export function PlaceField({ latitude, longitude, onChoose }: PlaceFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const settled = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const suggestions = useQuery(placeSearchQuery(settled)).data?.items ?? [];
  const point = coordinatesOf(latitude, longitude);
  const nearest = useQuery({ ...nearestPlaceQuery(point?.latitude ?? 0, point?.longitude ?? 0), enabled: point !== undefined }).data?.place;
  const showing = open && suggestions.length > 0;
  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;

  const choose = (place: Place) => {
    setTyped(label(place));
    setOpen(false);
    onChoose({ latitude: place.latitude.toFixed(COORDINATE_DECIMALS), longitude: place.longitude.toFixed(COORDINATE_DECIMALS) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(showing ? (active + step + suggestions.length) % suggestions.length : 0);
      setOpen(true);
    } else if (event.key === 'Enter' && showing) {
      // Enter picks the place; it does not send the form.
      event.preventDefault();
      choose(suggestions[active] ?? suggestions[0]!);
    } else if (event.key === 'Escape' && showing) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative space-y-1.5">
      <label htmlFor={`${id}-input`} className={labelStyle}>
        Town or city
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={showing}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showing ? optionId(active) : undefined}
        aria-describedby={`${id}-near`}
        autoComplete="off"
        placeholder="Start typing, e.g. Lisbon"
        className={inputStyle}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!showing}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-line bg-surface py-1 shadow-lg"
      >
        {suggestions.map((place, i) => (
          <li
            key={`${label(place)}-${place.latitude}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-accent-soft text-ink' : 'text-ink'}`}
            // Keeps focus in the field, so the blur does not close the list before the choice.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
          >
            {place.name}
            <span className="text-muted">, {place.country}</span>
          </li>
        ))}
      </ul>
      <p id={`${id}-near`} role="status" className="text-sm text-muted">
        {point ? (nearest ? `Near ${label(nearest)}` : '') : 'Choose a place, or give the coordinates below.'}
      </p>
    </div>
  );
}
