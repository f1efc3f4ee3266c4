/**
 * The server Playwright tests run against: the production Worker bundle (`wrangler deploy
 * --dry-run`, as a deploy makes it) in Miniflare, i.e. in workerd, the Workers runtime, with
 * wrangler.toml's bindings, static assets and queues, on a fresh local D1 and R2 kept in
 * .wrangler/e2e (deleted first) and migrated like production. The state is kept in the layout
 * `wrangler dev --persist-to` uses, so `wrangler d1 execute --local --persist-to .wrangler/e2e`
 * (tests/e2e/d1.ts) reads what the site wrote. Everything the Worker prints is also written to
 * .wrangler/e2e/server.log, where tests read the e-mails of the console mail transport.
 * PORT sets the port (default 8790; playwright.config.ts passes a free one, or E2E_PORT); SITE_URL
 * is set to match it. A port already taken stops it at once with a message naming the port. Builds the app only when
 * build/ is missing: `npm test` and `npm run test:e2e` build it first, so they test the current
 * code; `npx playwright test` alone uses build/ as it is.
 *
 * Not `wrangler dev`: its local proxy in front of the runtime now and then held a response the
 * Worker had already sent, for seconds up to a minute (the Worker logged 34 ms for a request
 * the browser waited 65 s for), and tests timed out on it. Here the browser talks to workerd.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars } from "./dev-vars.mjs";
import { bundleWorker, run } from "./run.mjs";

export const E2E_STATE = ".wrangler/e2e";
const BUNDLE_DIR = ".cache/e2e-worker";
const port = Number(process.env.PORT ?? "8790");

/** Resolves when nothing listens on 127.0.0.1:`port`; exits with a message naming it when something does. */
async function ensurePortFree(port) {
  await new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error) => {
      console.error(
        error.code === "EADDRINUSE"
          ? `Port ${port} on 127.0.0.1 is already in use. Stop what listens there, or choose another port: E2E_PORT=<port> npx playwright test (or leave E2E_PORT unset for a free one).`
          : `Port ${port} on 127.0.0.1 cannot be used: ${error.message}`,
      );
      process.exit(1);
    });
    probe.listen(port, "127.0.0.1", () => probe.close(resolve));
  });
}

await ensurePortFree(port);

ensureDevVars();
if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
bundleWorker(BUNDLE_DIR);
rmSync(E2E_STATE, { recursive: true, force: true });
await run("node", ["scripts/db-migrate.mjs", "--persist-to", E2E_STATE]);
mkdirSync(E2E_STATE, { recursive: true });
const log = createWriteStream(`${E2E_STATE}/server.log`);

const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
const server = new Miniflare({
  ...workerOptions,
  bindings: {
    ...workerOptions.bindings,
    // Links in e-mails and the sitemap are built from SITE_URL, never from the request. The
    // browser opens the site as localhost (playwright.config.ts): a passkey needs a domain name.
    SITE_URL: `http://localhost:${port}`,
  },
  // The bundle is self-contained; wrangler.toml's `main` is the unbundled source.
  modules: [{ type: "ESModule", path: join(BUNDLE_DIR, "server.js") }],
  modulesRules: undefined,
  host: "127.0.0.1",
  port,
  defaultPersistRoot: join(E2E_STATE, "v3"),
  handleRuntimeStdio(stdout, stderr) {
    for (const stream of [stdout, stderr]) {
      stream.pipe(log, { end: false });
      stream.pipe(process.stdout, { end: false });
    }
  },
  // The request's `cf` object is Miniflare's built-in stand-in: nothing is fetched from the
  // internet at start.
  cf: false,
  log: new Log(LogLevel.WARN),
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.dispose().finally(() => process.exit(0));
  });
}
console.log(`Ready on ${(await server.ready).origin}`);
