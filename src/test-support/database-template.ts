import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './server/database';

/** Migrates and seeds one database for the whole run; every integration file starts from a copy. */
export default async function setup(project: TestProject) {
  const { template, destroy } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return destroy;
}
