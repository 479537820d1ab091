import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { member } from '../../../test-support/submission-fixtures';

let t: TestApp;
let client: HttpClient;
beforeAll(async () => {
  t = await createTestApp();
  client = (await member(t)).client;
});
afterAll(() => t.close());

const search = async (q: string) =>
  (await client.get(`/api/places?q=${encodeURIComponent(q)}`)).json().items as {
    name: string;
    country: string;
    latitude: number;
    longitude: number;
  }[];
const labels = (places: { name: string; country: string }[]) => places.map((place) => `${place.name}, ${place.country}`);

describe('places by name', () => {
  it('offers the most populous places first, typed without accents or capitals', async () => {
    const london = await search('lon');
    expect(labels(london)[0]).toBe('London, United Kingdom');
    expect(london[0]!.latitude).toBeCloseTo(51.51, 1);
    expect(london[0]!.longitude).toBeCloseTo(-0.13, 1);
    expect(london.length).toBe(8);
    expect(labels(await search('zurich'))[0]).toBe('Zürich, Switzerland');
    expect(labels(await search('  SAO PAULO '))[0]).toBe('São Paulo, Brazil');
  });

  it('leaves out parts of a city and says each name and country once', async () => {
    const zurich = labels(await search('Zürich'));
    expect(zurich.filter((label) => label.includes('Kreis'))).toEqual([]);
    expect(new Set(labels(await search('New York'))).size).toBe((await search('New York')).length);
  });

  it('answers an empty list for a name nobody has', async () => {
    expect(await search('Qqqxxzz')).toEqual([]);
  });

  it('refuses too little or too much text with a clear message, and visitors', async () => {
    const short = await client.get('/api/places?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('at least 2 letters');
    expect((await client.get(`/api/places?q=${'a'.repeat(81)}`)).statusCode).toBe(400);
    expect((await client.get('/api/places')).statusCode).toBe(400);
    expect((await new HttpClient(t.app).get('/api/places?q=lon')).statusCode).toBe(401);
  });
});

describe('the place nearest a point', () => {
  it('names the town the coordinates are in', async () => {
    const near = async (latitude: number, longitude: number) =>
      (await client.get(`/api/places/near?latitude=${latitude}&longitude=${longitude}`)).json().place;
    expect(await near(51.5072, -0.1276)).toMatchObject({ name: 'London', country: 'United Kingdom' });
    expect(await near(-33.87, 151.21)).toMatchObject({ name: 'Sydney', country: 'Australia' });
    // Across the 180th meridian: Fiji's Suva is nearer than anything on the other side's numbers.
    expect(await near(-18.14, -179.9)).toMatchObject({ country: 'Fiji' });
  });

  it('refuses coordinates out of the spec bounds', async () => {
    const answer = await client.get('/api/places/near?latitude=91&longitude=0');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toContain('Latitude must be from -90 to 90');
    expect((await client.get('/api/places/near?latitude=north&longitude=0')).json().error.message).toContain('Latitude must be a number');
    expect((await client.get('/api/places/near?latitude=0&longitude=181')).statusCode).toBe(400);
  });
});
