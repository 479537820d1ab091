import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../src/shared/constants';
import { useBrowser } from './support/browser';

const session = useBrowser();

/** WCAG AA for normal-size text. */
const AA = 4.5;

async function pageIn(theme: 'light' | 'dark', width = 1280): Promise<Page> {
  const page = await session.newPage({ signedInAs: 'demo', width });
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key!, value!), [THEME_STORAGE_KEY, theme]);
  return page;
}

/**
 * The lowest contrast of the text against what may lie behind it. Its own scrims (background
 * colours from the element up to, not including, the one holding the backdrop) are laid over each colour the
 * backdrop may show: for a picture, anything from black to white; for a gradient, each of its
 * stops laid over the backdrop's own colour.
 */
function worstContrast(text: Locator, backdrop: 'picture' | 'gradient', backdropSelector: string): Promise<number> {
  return text.evaluate(
    (element, [kind, selector]) => {
      type Rgba = [number, number, number, number];
      const parse = (css: string): Rgba => {
        if (css === 'transparent') return [0, 0, 0, 0];
        const [r, g, b, a = 1] = css.match(/[\d.]+/g)!.map(Number);
        return [r!, g!, b!, a];
      };
      const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
      const luminance = ([r, g, b]: Rgba) => {
        const channel = (value: number) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (light! + 0.05) / (dark! + 0.05);
      };
      const backdropElement = element.closest(selector) ?? document.querySelector(selector)!;
      const backdropStyle = getComputedStyle(backdropElement);
      let behind: Rgba[];
      if (kind === 'picture')
        behind = [
          [0, 0, 0, 1],
          [255, 255, 255, 1],
        ];
      else {
        const base = parse(getComputedStyle(document.documentElement).backgroundColor);
        const stops = backdropStyle.backgroundImage.match(/rgba?\([^)]*\)|transparent/g) ?? [];
        behind = [base, ...stops.map((stop) => over(parse(stop), base))];
      }
      const scrims: { colour: Rgba; opacity: number }[] = [];
      for (let node: Element | null = element; node && !node.contains(backdropElement); node = node.parentElement) {
        const style = getComputedStyle(node);
        scrims.unshift({ colour: parse(style.backgroundColor), opacity: Number(style.opacity) });
      }
      const textColour = parse(getComputedStyle(element).color);
      return Math.min(
        ...behind.map((colour) => {
          let backgroundNow = colour;
          let textOpacity = 1;
          for (const scrim of scrims) {
            const [r, g, b, a] = scrim.colour;
            backgroundNow = over([r, g, b, a * scrim.opacity], backgroundNow);
            textOpacity *= scrim.opacity;
          }
          const [r, g, b, a] = textColour;
          return ratio(over([r, g, b, a * textOpacity], backgroundNow), backgroundNow);
        }),
      );
    },
    [backdrop, backdropSelector] as const,
  );
}

/** Buttons and links whose accessible name leaves out the words they show (voice control cannot say them). */
function namesWithoutTheirText(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const visibleText = (element: Element): string =>
      [...element.childNodes]
        .map((node) => {
          if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
          if (!(node instanceof HTMLElement) || node.classList.contains('sr-only')) return '';
          return visibleText(node);
        })
        .join('');
    const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    return [...main.querySelectorAll('button, a[href], [role="button"], [role="switch"]')]
      .filter((element) => element.hasAttribute('aria-label'))
      .map((element) => ({ name: squeeze(element.getAttribute('aria-label')!), shown: squeeze(visibleText(element)) }))
      .filter(({ name, shown }) => shown !== '' && !new RegExp(`\\b${shown.replace(/[^\w ]/g, '.')}\\b`).test(name))
      .map(({ name, shown }) => `"${shown}" is named "${name}"`);
  });
}

describe('names contain the words shown', () => {
  it('on a game page and the category picker', async () => {
    const page = await pageIn('dark');
    await page.goto('/game-detail?id=1', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /^Favourite/ }).waitFor();
    expect(await namesWithoutTheirText(page)).toEqual([]);
    // A paid game is bought on its maker's site, and says so beside its price.
    await page.getByRole('button', { name: /^Get it on the maker’s site \(\$24\.99\) / }).waitFor();
    await page.goto('/categories', { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: /^(Add|Favourite) / })
      .first()
      .waitFor();
    expect(await namesWithoutTheirText(page)).toEqual([]);
  });
});

describe('text over pictures and gradients', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps at least ${AA}:1 against the darkest and lightest of its backdrop (${theme})`, async () => {
      const page = await pageIn(theme);
      await page.goto('/game-detail?id=1', { waitUntil: 'networkidle' });
      const badge = page.getByText('View full screen');
      expect(await worstContrast(badge, 'picture', 'button')).toBeGreaterThanOrEqual(AA);

      await page.goto('/', { waitUntil: 'networkidle' });
      const hero = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { level: 1 }) })
        .first();
      const gradient = 'section > [aria-hidden="true"]';
      for (const text of [
        hero.getByText('The catalogue of AI games'),
        hero.getByRole('heading', { level: 1 }),
        hero.getByText(/GameSource is the place/),
      ]) {
        expect(await worstContrast(text, 'gradient', gradient)).toBeGreaterThanOrEqual(AA);
      }
    });
  }
});
