/**
 * Applies the SQL migrations in migrations/ to the D1 database bound as DB.
 *   npm run db:migrate                 local database under .wrangler/ (default)
 *   npm run db:migrate -- --remote     the deployed database (needs `wrangler login`)
 *   npm run db:migrate -- --persist-to DIR   a local database kept in DIR (tests)
 */
import { bin, run } from "./run.mjs";

const args = process.argv.slice(2);
const target = args.includes("--remote") ? ["--remote"] : ["--local"];
const persist = args.indexOf("--persist-to");
if (persist !== -1 && args[persist + 1]) target.push("--persist-to", args[persist + 1]);

await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...target], {
  env: { ...process.env, CI: "true" }, // never wait for a confirmation prompt
});
