/**
 * `npm run deploy`: builds, applies the D1 migrations to the production database, then
 * deploys the Worker. Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the setup steps of
 * the README's "Deploy" section.
 */
import { bin, run } from "./run.mjs";

await run("npm", ["run", "build"]);
await run("node", [new URL("./db-migrate.mjs", import.meta.url).pathname, "--remote"]);
await run(bin("wrangler"), ["deploy"]);
