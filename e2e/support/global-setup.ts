import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    throw new Error('Build the app first: npm run build');
  }
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
