import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

async function sampleGameId(query: string): Promise<string> {
  const response = await fetch(`${session.baseUrl}/api/games?${query}`);
  const page = (await response.json()) as { items: { id: string; title: string }[] };
  return page.items[0]!.id;
}

describe('the second edition of the AI disclosure', () => {
  it("shows each answer on the game's AI card, and Not stated where the maker has not said", async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto(`/game-detail?id=${await sampleGameId('provider=on-device&made=live&pageSize=1')}`);
    const card = page.getByRole('region', { name: 'How this game uses AI' });
    await card.getByText('Runs on your device:').waitFor();
    for (const text of [
      'When AI content is made',
      'Made live while you play',
      'Nothing leaves your device',
      'Download size',
      'Needs WebGPU',
    ]) {
      expect(await card.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }

    await page.goto(`/game-detail?id=${await sampleGameId('made=not-stated&pageSize=1')}`);
    const unstated = page.getByRole('region', { name: 'How this game uses AI' });
    await unstated.getByText('When AI content is made').waitFor();
    expect(await unstated.getByText('Not stated', { exact: true }).count()).toBeGreaterThanOrEqual(5);
  });

  it('filters /games by No API key needed and Nothing leaves your device, by keyboard, with counts and in the address', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    const all = (await (await fetch(`${session.baseUrl}/api/games?pageSize=1`)).json()) as {
      facets: { noApiKey: { true: number }; inputGoes: { device: number } };
    };
    await page.goto('/games');
    const noKey = page.getByRole('checkbox', { name: /^No API key needed/ });
    await noKey.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/noApiKey=true/);
    await page
      .getByRole('link', { name: /Remove filter: No API key needed|No API key needed/ })
      .first()
      .waitFor();
    const device = page.getByRole('radio', { name: /^Nothing leaves your device/ });
    await device.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/inputGoes=device/);
    const both = (await (await fetch(`${session.baseUrl}/api/games?pageSize=1&noApiKey=true&inputGoes=device`)).json()) as {
      total: number;
    };
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThanOrEqual(Math.min(all.facets.noApiKey.true, all.facets.inputGoes.device));
    await expect
      .poll(() => page.getByRole('radio', { name: new RegExp(`^Nothing leaves your device\\s*\\(?\\s*${both.total}\\s`) }).count())
      .toBe(1);
  });
});
