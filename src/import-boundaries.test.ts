import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import directions are rules, not advice: `npm run lint` fails on each kind of crossing
 * below, and passes the permitted way of doing the same thing.
 */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** A probe must import a file that exists: an import that resolves nowhere crosses no boundary. */
function importsAnExistingFile(file: string, code: string): boolean {
  const specifier = /from '(\.[^']+)'/.exec(code)?.[1];
  if (!specifier) return true;
  const base = path.resolve(path.dirname(file), specifier);
  return ['.ts', '.tsx', '/index.ts'].some((ending) => existsSync(base + ending));
}

const crossings = [
  {
    room: 'a feature reaching into another feature',
    file: 'src/server/features/reviews/boundary-probe.ts',
    forbidden: "import { recordPlay as imported } from '../games/plays';",
    permitted: "import { recordPlay as imported } from '../games';",
    message: 'only through its index.ts',
  },
  {
    room: 'reaching into the catalogue past its door',
    file: 'src/server/features/reviews/boundary-probe.ts',
    forbidden: "import { CatalogueIndex as imported } from '../../catalogue/catalogue-index';",
    permitted: "import { selectGames as imported } from '../../catalogue';",
    message: 'through its door',
  },
  {
    room: 'infrastructure depending on a feature',
    file: 'src/server/db/boundary-probe.ts',
    forbidden: "import { recordPlay as imported } from '../features/games';",
    permitted: "import { pingDatabase as imported } from './client';",
    message: 'Infrastructure never depends on a feature',
  },
  {
    room: 'a screen importing another screen',
    file: 'src/web/screens/favourites/boundary-probe.tsx',
    forbidden: "import { default as imported } from '../games/games-screen';",
    permitted: "import { GameCard as imported } from '../../components/game-card';",
    message: 'A screen never imports another screen',
  },
  {
    room: 'web/lib importing a screen',
    file: 'src/web/lib/boundary-probe.ts',
    forbidden: "import { default as imported } from '../screens/games/games-screen';",
    permitted: "import { catalogueFilters as imported } from './catalogue-filters';",
    message: 'web/lib never imports a screen',
  },
  {
    room: 'shared importing the server',
    file: 'src/shared/boundary-probe.ts',
    forbidden: "import { loadConfig as imported } from '../server/config';",
    permitted: "import { pathOf as imported } from './routes';",
    message: 'shared/ runs in the browser and the server',
  },
  {
    room: 'the web app importing the server',
    file: 'src/web/lib/boundary-probe.ts',
    forbidden: "import { loadConfig as imported } from '../../server/config';",
    permitted: "import { pathOf as imported } from '../../shared/routes';",
    message: 'The web app never imports the server',
  },
  {
    room: 'the server importing the web app',
    file: 'src/server/web/boundary-probe.ts',
    forbidden: "import { loginPathFor as imported } from '../../web/lib/guard-paths';",
    permitted: "import { pathOf as imported } from '../../shared/routes';",
    message: 'The server never imports the web app',
  },
  {
    room: 'routes.ts touching SQL',
    file: 'src/server/features/games/routes.ts',
    forbidden: "import { sql as imported } from 'drizzle-orm';",
    permitted: "import { selectGames as imported } from './service';",
    message: 'routes.ts is HTTP only',
  },
];

// The first lint loads ESLint's configuration and the TypeScript resolver: seconds, once.
describe('import boundaries', { timeout: 60_000 }, () => {
  it.each(crossings)('lint fails on $room', async ({ file, forbidden, permitted, message }) => {
    expect(importsAnExistingFile(file, forbidden), forbidden).toBe(true);
    const errors = await boundaryErrors(file, forbidden);
    expect(errors.join('\n')).toContain(message);
    expect(await boundaryErrors(file, permitted)).toEqual([]);
  });
});
