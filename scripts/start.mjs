/**
 * `npm start`: builds the app, applies the D1 migrations to the local database and serves
 * the Worker with `wrangler dev` (the real Workers runtime) on the loopback address, to be
 * opened as http://localhost:8787 (a passkey needs a domain name, not an IP address).
 * PORT overrides the port, and SITE_URL follows it, so the links in e-mails printed to the
 * terminal open this server. Installs the npm packages first when node_modules is missing.
 */
import { existsSync } from "node:fs";
import { ensureDevVars } from "./dev-vars.mjs";
import { bin, run } from "./run.mjs";

if (!existsSync(new URL("../node_modules/.bin/wrangler", import.meta.url))) {
  await run("npm", ["ci"]);
}
ensureDevVars();
const port = process.env.PORT ?? "8787";
await run("npm", ["run", "build"]);
await run("node", [new URL("./db-migrate.mjs", import.meta.url).pathname]);
await run(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--var", `SITE_URL:http://localhost:${port}`]);
