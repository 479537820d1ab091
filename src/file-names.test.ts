import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files and folders are kebab-case: lower-case words joined by hyphens, then their endings. */
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;
const rooms = ['src', 'e2e', 'bench', 'scripts'];
/** Names other tools decide: drizzle-kit's migrations and snapshots, READMEs. */
const theirs = (file: string) => path.basename(file) === 'README.md' || file.includes(`${path.sep}migrations${path.sep}`);

function namesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => !entry.parentPath.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('file names', () => {
  it('are kebab-case everywhere in the code', () => {
    const odd = rooms.flatMap(namesUnder).filter((file) => !theirs(file) && !kebab.test(path.basename(file)));
    expect(odd).toEqual([]);
  });

  it('tells a name that is not', () => {
    expect(['game-card.tsx', 'catalogue-index.int.test.ts', '0027_snapshot.json'].filter((name) => !kebab.test(name))).toEqual([
      '0027_snapshot.json',
    ]);
    expect(['GameCard.tsx', 'game_card.ts', 'gameCard.ts'].every((name) => !kebab.test(name))).toBe(true);
  });
});
