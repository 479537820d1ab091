import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates } from './server/database';

/** Migrates one database and seeds another for the whole run; every integration file starts from a copy of one. */
export default async function setup(project: TestProject) {
  const { templates, destroy } = await createDatabaseTemplates();
  project.provide('databaseTemplates', templates);
  return destroy;
}
