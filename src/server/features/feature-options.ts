import type { Accounts } from '../auth/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';

/** What every feature's routes are registered with. */
export interface FeatureOptions {
  config: Config;
  database: Database;
  accounts: Accounts;
}
