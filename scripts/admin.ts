/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives an account the
 * operator role (the /admin console) or takes it away, on the shop's database (DATA_DIR or
 * DATABASE_URL, as the shop reads them). The account must exist: sign up first.
 */
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { setAdminRole } from '../src/server/modules/admin/access';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const changed = await setAdminRole(database.db, email, command === 'grant');
  if (!changed) {
    console.error(`No account with the e-mail ${email}: sign up in the shop first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(
      command === 'grant'
        ? `${email} is now an operator: sign in and open /admin.`
        : `${email} is no longer an operator.`,
    );
  }
} finally {
  await database.close();
}
