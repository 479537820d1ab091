import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { aiDisclosureSchema, normalisedDisclosure, unansweredDisclosure } from '../../../../shared/ai-disclosure';
import { categorySlugs } from '../../../../shared/categories';
import { SAMPLE_GAME_COUNT } from '../../../../shared/constants';
import { seedCategories } from './categories';
import { seedGameDisclosure } from './game-disclosure';
import { seedGames } from './games';

const coversDir = new URL('../../../../web/public/covers/', import.meta.url);
const coverPath = (slug: string): string => fileURLToPath(new URL(`${slug}.svg`, coversDir));

const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

describe('seed categories', () => {
  it('has the 14 catalogue categories in order', () => {
    expect(seedCategories.map((c) => c.slug)).toEqual([
      'simulation',
      'adventure',
      'action',
      'fighting',
      'strategy',
      'casual',
      'sports',
      'puzzle',
      'rpg',
      'music',
      'turn-based',
      'pixel',
      'racing',
      'fantasy',
    ]);
    expect(seedCategories.map((c) => c.slug)).toEqual([...categorySlugs]);
  });

  it('gives every category a name and a one-sentence description', () => {
    for (const category of seedCategories) {
      expect(category.name.trim()).not.toBe('');
      expect(category.description).toMatch(/^[A-Z][^.!?]*\.$/);
    }
    const names = Object.fromEntries(seedCategories.map((c) => [c.slug, c.name]));
    expect(names.rpg).toBe('RPG');
    expect(names['turn-based']).toBe('Turn-based');
    expect(names.pixel).toBe('Pixel art');
  });
});

describe('seed games', () => {
  it('has 12 games', () => {
    expect(seedGames).toHaveLength(12);
    expect(seedGames).toHaveLength(SAMPLE_GAME_COUNT);
  });

  it('has unique kebab-case slugs built from the titles', () => {
    const slugs = seedGames.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const game of seedGames) {
      expect(game.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      const fromTitle = game.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      expect(game.slug).toBe(fromTitle);
    }
    expect(new Set(seedGames.map((g) => g.title)).size).toBe(seedGames.length);
  });

  it('has 5 free and 7 paid games', () => {
    expect(seedGames.filter((g) => g.priceAmount === null)).toHaveLength(5);
    expect(seedGames.filter((g) => g.priceAmount !== null)).toHaveLength(7);
  });

  it('prices paid games from 15.99 to 29.99, all ending in .99', () => {
    const prices = seedGames.flatMap((g) => (g.priceAmount === null ? [] : [g.priceAmount]));
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(15.99);
      expect(price).toBeLessThanOrEqual(29.99);
      expect(price.toFixed(2).endsWith('.99')).toBe(true);
      expect(Number(price.toFixed(2))).toBe(price);
    }
    expect(prices).toContain(15.99);
    expect(prices).toContain(29.99);
  });

  it('rates games from 4.1 to 4.9 with one decimal, reaching both ends', () => {
    const ratings = seedGames.map((g) => g.rating);
    for (const rating of ratings) {
      expect(rating).toBeGreaterThanOrEqual(4.1);
      expect(rating).toBeLessThanOrEqual(4.9);
      expect(Number(rating.toFixed(1))).toBe(rating);
    }
    expect(ratings).toContain(4.1);
    expect(ratings).toContain(4.9);
  });

  it('has realistic rating and play counts', () => {
    for (const game of seedGames) {
      expect(Number.isInteger(game.ratingCount)).toBe(true);
      expect(game.ratingCount).toBeGreaterThanOrEqual(40);
      expect(game.ratingCount).toBeLessThanOrEqual(12000);
      expect(Number.isInteger(game.playCount)).toBe(true);
      expect(game.playCount).toBeGreaterThanOrEqual(1200);
      expect(game.playCount).toBeLessThanOrEqual(2_500_000);
    }
    expect(new Set(seedGames.map((g) => g.playCount)).size).toBe(seedGames.length);
  });

  it('has valid release dates from 2023-01-01 to 2026-10-31', () => {
    for (const game of seedGames) {
      expect(game.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const date = new Date(`${game.releaseDate}T00:00:00Z`);
      expect(Number.isNaN(date.getTime())).toBe(false);
      expect(date.toISOString().slice(0, 10)).toBe(game.releaseDate);
      expect(game.releaseDate >= '2023-01-01').toBe(true);
      expect(game.releaseDate <= '2026-10-31').toBe(true);
    }
  });

  it('gives each game 1 to 4 known, distinct categories, primary first', () => {
    const known = new Set<string>(categorySlugs);
    for (const game of seedGames) {
      expect(game.categories.length).toBeGreaterThanOrEqual(1);
      expect(game.categories.length).toBeLessThanOrEqual(4);
      expect(new Set(game.categories).size).toBe(game.categories.length);
      for (const slug of game.categories) expect(known.has(slug)).toBe(true);
      // The primary category is the first one listed.
      expect(game.categories[0]).toBeDefined();
      expect(game.categories.indexOf(game.categories[0]!)).toBe(0);
    }
  });

  it('covers all 14 categories between them', () => {
    const covered = new Set(seedGames.flatMap((g) => g.categories));
    expect([...covered].sort()).toEqual([...categorySlugs].sort());
  });

  it('keeps taglines to one line of at most 120 characters', () => {
    for (const game of seedGames) {
      expect(game.tagline.trim()).not.toBe('');
      expect(game.tagline.length).toBeLessThanOrEqual(120);
      expect(game.tagline).not.toMatch(/\n/);
    }
  });

  it('writes descriptions of 2 or 3 paragraphs and 80 to 180 words', () => {
    for (const game of seedGames) {
      const paragraphs = game.description.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(3);
      for (const paragraph of paragraphs) {
        expect(paragraph.trim()).toBe(paragraph);
        expect(paragraph).not.toBe('');
      }
      const words = wordCount(game.description);
      expect(words, game.slug).toBeGreaterThanOrEqual(80);
      expect(words, game.slug).toBeLessThanOrEqual(180);
    }
  });

  it('describes each cover in one sentence and names a developer', () => {
    for (const game of seedGames) {
      expect(game.imageAlt).toMatch(/^[A-Z][^\n]*\.$/);
      expect(game.developer.trim()).not.toBe('');
    }
  });

  it('has a self-contained SVG cover on disk for every game', () => {
    for (const game of seedGames) {
      const file = coverPath(game.slug);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(6 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toContain('viewBox="0 0 640 360"');
      expect(svg).toMatch(/^<svg [^>]*width="640" height="360"/);
      expect(svg).toMatch(new RegExp(`<title(?: [^>]*)?>${game.title}</title>`));
      expect(svg).not.toMatch(/<image|<script|<foreignObject|href=|@import|url\(\s*['"]?https?:/i);
    }
  });
});

describe('seed AI disclosure (second edition)', () => {
  it('answers every question for each sample game but the one left as a game listed before the questions', () => {
    expect(Object.keys(seedGameDisclosure).sort()).toEqual(seedGames.map((g) => g.slug).sort());
    for (const game of seedGames) {
      const disclosure = seedGameDisclosure[game.slug]!;
      expect(aiDisclosureSchema.parse(disclosure), game.slug).toEqual(normalisedDisclosure(disclosure));
      expect(unansweredDisclosure(disclosure).length === 0, game.slug).toBe(game.slug !== 'byte-hollow');
    }
  });

  it('says a paid game costs "paid" or needs your own key, and a free one never "paid"', () => {
    for (const game of seedGames) {
      const { cost } = seedGameDisclosure[game.slug]!;
      if (cost === 'not-stated') continue;
      expect(game.priceAmount === null ? cost !== 'paid' : cost === 'paid' || cost === 'own-key', game.slug).toBe(true);
    }
  });
});
