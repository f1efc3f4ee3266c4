/**
 * The server Playwright tests run against: the built app under `wrangler dev` on a fresh
 * local D1/R2 kept in .wrangler/e2e (deleted first), migrated like production. Everything
 * the server prints is also written to .wrangler/e2e/server.log, where tests read the
 * e-mails of the console mail transport. PORT sets the port (default 8790); SITE_URL is set to match it.
 * Builds the app only when build/ is missing: `npm test` and `npm run test:e2e` build it first,
 * so they test the current code; `npx playwright test` alone uses build/ as it is.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { ensureDevVars } from "./dev-vars.mjs";
import { bin, run } from "./run.mjs";

export const E2E_STATE = ".wrangler/e2e";
const port = process.env.PORT ?? "8790";

ensureDevVars();
if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
rmSync(E2E_STATE, { recursive: true, force: true });
await run("node", ["scripts/db-migrate.mjs", "--persist-to", E2E_STATE]);
mkdirSync(E2E_STATE, { recursive: true });
const log = createWriteStream(`${E2E_STATE}/server.log`);
const server = spawn(
  bin("wrangler"),
  [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--persist-to",
    E2E_STATE,
    // Links in e-mails and the sitemap are built from SITE_URL, never from the request.
    "--var",
    `SITE_URL:http://127.0.0.1:${port}`,
  ],
  {
    stdio: ["ignore", "pipe", "pipe"],
  },
);
for (const stream of [server.stdout, server.stderr]) {
  stream.pipe(log, { end: false });
  stream.pipe(process.stdout, { end: false });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
