/**
 * The shop owner's commands on the shop's database (DATA_DIR or DATABASE_URL, as the shop reads
 * them); each change to prices is written in the audit log as done by "command line".
 *
 *   npm run admin -- grant <email>        the account becomes an operator (/admin); sign up first
 *   npm run admin -- revoke <email>       it no longer is
 *   npm run admin -- promo <CODE> percent|amount <value> [--from YYYY-MM-DD] [--until YYYY-MM-DD]
 *                      [--max <uses>] [--many-per-customer]
 *                                         a promo code: a percentage (1–100) or an amount in cents
 *   npm run admin -- end-promo <CODE>     the code is refused from now on
 *   npm run admin -- vat <COUNTRY> <basis points> <from YYYY-MM-DD> [reduced|standard]
 *                                         the VAT rate of a country from a day on (810 = 8.1 %), of
 *                                         the reduced category (books, every order) unless named
 */
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { type Db, migrateDatabase, openDatabase } from '../src/server/db/client';
import { DatabaseLockedError } from '../src/server/db/data-lock';
import { setAdminRole } from '../src/server/modules/admin/access';
import { createPromoCode, endPromoCode } from '../src/server/modules/pricing/promo-codes';
import { setTaxRate } from '../src/server/modules/pricing/tax-rates';
import { BOOK_TAX_CATEGORY, TAX_CATEGORIES } from '../src/shared/domain/pricing';
import { normalisePromoCode, PROMO_CODE_PATTERN, PROMO_KINDS } from '../src/shared/domain/promo';
import { COUNTRIES, endOfShopDay, startOfShopDay } from '../src/shared/domain/shipping';

const USAGE = `Usage:
  npm run admin -- grant <email>   |   npm run admin -- revoke <email>
  npm run admin -- promo <CODE> percent|amount <value> [--from YYYY-MM-DD] [--until YYYY-MM-DD] [--max <uses>] [--many-per-customer]
  npm run admin -- end-promo <CODE>
  npm run admin -- vat <COUNTRY> <basis points> <from YYYY-MM-DD> [reduced|standard]`;
const CLI = { id: 'cli', email: 'command line' };

const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day as YYYY-MM-DD');

const commands: Record<string, (db: Db) => Promise<string>> = {
  grant: async (db) => role(db, true),
  revoke: async (db) => role(db, false),
  promo: async (db) => {
    const input = z
      .object({
        code: z
          .string()
          .transform(normalisePromoCode)
          .pipe(z.string().regex(PROMO_CODE_PATTERN, 'expected 3 to 32 letters, digits or dashes')),
        kind: z.enum(PROMO_KINDS),
        value: z.coerce.number().int().positive(),
        from: day.optional(),
        until: day.optional(),
        max: z.coerce.number().int().positive().optional(),
      })
      .refine((value) => value.kind !== 'percent' || value.value <= 100, 'a percentage is 1 to 100')
      .parse({
        code: args[0],
        kind: args[1],
        value: args[2],
        from: option('--from'),
        until: option('--until'),
        max: option('--max'),
      });
    const row = await createPromoCode(
      db,
      {
        code: input.code,
        kind: input.kind,
        value: input.value,
        validFrom: input.from ? startOfShopDay(input.from) : null,
        // The last day counts whole, in Swiss time.
        validTo: input.until ? endOfShopDay(input.until) : null,
        maxUses: input.max ?? null,
        oncePerCustomer: !args.includes('--many-per-customer'),
      },
      CLI,
    );
    return `Promo code ${row.code} created: ${row.kind === 'percent' ? `${row.value} %` : `${row.value} cents`} off the books.`;
  },
  'end-promo': async (db) => {
    const row = await endPromoCode(db, normalisePromoCode(args[0] ?? ''), CLI, new Date());
    return `Promo code ${row.code} ended: it is refused from now on.`;
  },
  vat: async (db) => {
    const input = z
      .object({
        country: z.enum(COUNTRIES),
        rate: z.coerce.number().int().min(0).max(10_000),
        from: day,
        category: z.enum(TAX_CATEGORIES).default(BOOK_TAX_CATEGORY),
      })
      .parse({ country: args[0]?.toUpperCase(), rate: args[1], from: args[2], category: args[3] });
    await setTaxRate(
      db,
      {
        country: input.country,
        category: input.category,
        validFrom: input.from,
        rateBasisPoints: input.rate,
      },
      CLI,
    );
    return `VAT for ${input.country} (${input.category}) from ${input.from}: ${input.rate / 100} %.`;
  },
};

async function role(db: Db, grant: boolean): Promise<string> {
  const email = args[0];
  if (!email) throw new Error(USAGE);
  if (!(await setAdminRole(db, email, grant))) {
    throw new Error(`No account with the e-mail ${email}: sign up in the shop first, then run this again.`);
  }
  return grant
    ? `${email} is now an operator: sign in and open /admin.`
    : `${email} is no longer an operator.`;
}

const run = command ? commands[command] : undefined;
if (!run || args.length === 0) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
  (error: unknown) => {
    // The running shop owns the embedded database: nothing is changed, and the message says what to do.
    if (!(error instanceof DatabaseLockedError)) throw error;
    console.error(`Nothing was changed. ${error.message}`);
    process.exit(1);
  },
);
try {
  await migrateDatabase(database);
  console.log(await run(database.db));
} catch (error) {
  console.error(
    error instanceof z.ZodError
      ? error.issues.map((issue) => issue.message).join('\n')
      : (error as Error).message,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
