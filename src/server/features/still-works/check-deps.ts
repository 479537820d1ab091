import type { FastifyBaseLogger } from 'fastify';
import type { Messenger } from '../../auth/messages/messenger';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailNotification } from '../notifications';
import type { CheckDeps } from './service';

/** What the checks need, from the configuration: the scheduled job and "Check now" share it. */
export function checkDepsFor(config: Config, db: Db, messenger: Messenger, log: FastifyBaseLogger): CheckDeps {
  return {
    enabled: config.gameChecks.enabled,
    intervalHours: config.gameChecks.intervalHours,
    outgoing: { allowHosts: config.outgoingAllowHosts },
    mail: (userId, notification) => mailNotification(db, messenger, log, userId, notification, config.baseUrl),
  };
}
