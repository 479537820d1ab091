import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A few integration tests check the pages the server renders around the web app (404 page,
 * e-mail link confirm page, the first screens it renders), so on a fresh clone `npm test`
 * builds the web app once first.
 */
export default function ensureWebBuild(): void {
  // The pages' server renderer is part of the same build (dist/web-ssr).
  if (existsSync('dist/web/index.html') && existsSync('dist/web-ssr/render-on-server.js')) return;
  console.info('dist/web is missing: building the web app once for the integration tests');
  execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
}
