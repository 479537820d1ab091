// `npm run user:role -- <email> <role>`: gives an account the role user, moderator or admin.
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { setRoleByEmail } from '../src/server/features/accounts/service';
import { userRoles, type UserRole } from '../src/shared/accounts';

const [email, role] = process.argv.slice(2);
if (!email || !role || !userRoles.includes(role as UserRole)) {
  console.error(`Usage: npm run user:role -- <email> <${userRoles.join('|')}>`);
  process.exit(2);
}

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
try {
  await runMigrations(database);
  const found = await setRoleByEmail(database.db, email, role as UserRole);
  if (!found) {
    console.error(`No account has the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role}.`);
  }
} finally {
  await database.close();
}
