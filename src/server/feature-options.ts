import type { Accounts } from './auth/accounts';
import type { CatalogueSource } from './catalogue';
import type { Config } from './config';
import type { Database } from './db/client';
import type { LiveHub } from './live/hub';

/** What every feature's routes are registered with. */
export interface FeatureOptions {
  config: Config;
  database: Database;
  accounts: Accounts;
  /** Live updates: subscribe to topics, and the topic access rules. */
  live: LiveHub;
  /** The listed games in memory, kept up to date from the change feed (catalogue/catalogue-source.ts). */
  catalogue: CatalogueSource;
}
