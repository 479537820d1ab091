// The house's import directions (docs/conventions.md, "Import boundaries"), checked by ESLint.
// Rooms are read from the folders, so a new feature or screen is covered the day it is made.
import { readdirSync } from 'node:fs';

const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = foldersIn('src/server/features');
const screens = foldersIn('src/web/screens');
const infrastructure = ['auth', 'catalogue', 'db', 'http', 'jobs', 'live', 'metrics', 'storage'].map((room) => `./src/server/${room}`);

const featureZones = features.map((feature) => ({
  target: `./src/server/features/${feature}`,
  from: './src/server/features',
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: 'A feature reaches another feature only through its index.ts.',
}));

const screenZones = screens.map((screen) => ({
  target: `./src/web/screens/${screen}`,
  from: './src/web/screens',
  except: [`./${screen}`],
  message: 'A screen never imports another screen: share through components/.',
}));

export const importZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'shared/ runs in the browser and the server: it imports neither.',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports the server: share through shared/.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web app: share through shared/.' },
  { target: infrastructure, from: './src/server/features', message: 'Infrastructure never depends on a feature.' },
  {
    target: [
      ...foldersIn('src/server')
        .filter((room) => room !== 'catalogue')
        .map((room) => `./src/server/${room}`),
      './src/server/*.ts',
    ],
    from: './src/server/catalogue',
    except: ['./index.ts'],
    message: 'The catalogue is reached through its door, catalogue/index.ts.',
  },
  ...featureZones,
  { target: './src/web/lib', from: './src/web/screens', message: 'web/lib never imports a screen.' },
  {
    target: ['./src/web/lib', './src/web/components'],
    from: './src/web/app',
    message: 'Only the app shell imports app/: lib and components stay below it.',
  },
  ...screenZones,
];

/** routes.ts is HTTP only: SQL and the schema belong to the service beside it. */
export const routesTouchNoSql = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*', 'pg'], message: 'routes.ts is HTTP only: SQL belongs in the service.' },
    { group: ['**/db/schema', '**/db/schema/*'], message: 'routes.ts is HTTP only: the schema belongs to the service.' },
  ],
};
