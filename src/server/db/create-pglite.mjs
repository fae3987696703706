// Creates an empty embedded database folder (PGlite's initdb) and exits. The shop runs this in a
// child process on its first start (db/client.ts): initdb's memory (~600 MB) goes with the child
// instead of staying in the server for its whole life (issue 19). Usage: node create-pglite.mjs DIR
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node create-pglite.mjs <folder>');
const db = await PGlite.create(folder);
await db.query('select 1');
await db.close();
