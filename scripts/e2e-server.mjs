/**
 * The server Playwright tests run against: the production Worker bundle (`wrangler deploy
 * --dry-run`, as a deploy makes it) in Miniflare, i.e. in workerd, the Workers runtime, with
 * wrangler.toml's bindings, static assets and queues, on a fresh local D1 and R2 kept in
 * .wrangler/e2e (deleted first) and migrated like production. Everything the Worker prints is also
 * written to .wrangler/e2e/server.log, where tests read the e-mails of the console mail transport.
 *
 * The tests reach D1, R2 and KV through a second, test-only Worker in the same Miniflare
 * (STORE_SCRIPT, never part of the production bundle), bound to the same database, bucket and
 * namespace and listening on a free port of its own on 127.0.0.1, written to
 * .wrangler/e2e/store-url (tests/e2e/d1.ts). Not `wrangler d1 execute --local`: a second
 * process opening the SQLite file the server holds met `SQLITE_BUSY: database is locked`; here
 * every statement goes through the one runtime that owns the file.
 * PORT sets the port (default 8790; playwright.config.ts passes a free one, or E2E_PORT); SITE_URL
 * is set to match it. A port already taken stops it at once with a message naming the port.
 * Card payments are on, against the WiPay stand-in (tests/support/wipay-stand-in.mjs) started here
 * on a free port, its address written to .wrangler/e2e/wipay-url (E2E_WIPAY); E2E_CARD_PAYMENTS=off
 * runs the site with them off. Builds the app only when
 * build/ is missing: `npm test` and `npm run test:e2e` build it first, so they test the current
 * code; `npx playwright test` alone uses build/ as it is.
 *
 * Not `wrangler dev`: its local proxy in front of the runtime now and then held a response the
 * Worker had already sent, for seconds up to a minute (the Worker logged 34 ms for a request
 * the browser waited 65 s for), and tests timed out on it. Here the browser talks to workerd.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureDevVars } from "./dev-vars.mjs";
import { bundleWorker, run } from "./run.mjs";
import { E2E_WIPAY, SANDBOX_ACCOUNT, startWipayStandIn } from "../tests/support/wipay-stand-in.mjs";

export const E2E_STATE = ".wrangler/e2e";
/** Where the store Worker's address (`http://127.0.0.1:<port>`) is written once it listens. */
export const STORE_URL_FILE = join(E2E_STATE, "store-url");
const BUNDLE_DIR = ".cache/e2e-worker";
const STORE_WORKER = "e2e-store";
const port = Number(process.env.PORT ?? "8790");

/**
 * The test-only store Worker (bindings DB, UPLOADS, EDGE_VERSION, as wrangler.toml names them):
 * - POST /d1 `{ statements: [{ sql, params? }] }`: runs them as one D1 batch (a transaction);
 *   answers `{ results: Row[][] }`, one array of rows per statement.
 * - GET /r2/<key>: the object's bytes, 404 when there is none.
 * - PUT /kv/<key>: stores the request's text under the key.
 * A failure answers 500 with `{ error }` (D1's message).
 */
const STORE_SCRIPT = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const key = decodeURIComponent(url.pathname.slice(4));
    try {
      if (request.method === "POST" && url.pathname === "/d1") {
        const { statements } = await request.json();
        const done = await env.DB.batch(statements.map(({ sql, params = [] }) => env.DB.prepare(sql).bind(...params)));
        return Response.json({ results: done.map((result) => result.results ?? []) });
      }
      if (request.method === "GET" && url.pathname.startsWith("/r2/")) {
        const object = await env.UPLOADS.get(key);
        return object ? new Response(object.body) : new Response("No such object", { status: 404 });
      }
      if (request.method === "PUT" && url.pathname.startsWith("/kv/")) {
        await env.EDGE_VERSION.put(key, await request.text());
        return new Response(null, { status: 204 });
      }
      return new Response("Not found", { status: 404 });
    } catch (error) {
      return Response.json({ error: String(error?.message ?? error) }, { status: 500 });
    }
  },
};`;

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
const wipay = process.env.E2E_CARD_PAYMENTS === "off" ? null : await startWipayStandIn({ apiKey: E2E_WIPAY.apiKey });
const server = new Miniflare({
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
  workers: [
    // The first Worker is the one the main port serves: the site, named as in wrangler.toml.
    {
      ...workerOptions,
      bindings: {
        ...workerOptions.bindings,
        // Links in e-mails and the sitemap are built from SITE_URL, never from the request. The
        // browser opens the site as localhost (playwright.config.ts): a passkey needs a domain name.
        SITE_URL: `http://localhost:${port}`,
        ...(wipay
          ? {
              WIPAY_ACCOUNT_NUMBER: SANDBOX_ACCOUNT,
              WIPAY_API_KEY: E2E_WIPAY.apiKey,
              WIPAY_ENVIRONMENT: "sandbox",
              WIPAY_BASE_URL: wipay.url,
            }
          : {}),
      },
      // The bundle is self-contained; wrangler.toml's `main` is the unbundled source.
      modules: [{ type: "ESModule", path: join(BUNDLE_DIR, "server.js") }],
      modulesRules: undefined,
    },
    {
      name: STORE_WORKER,
      modules: true,
      script: STORE_SCRIPT,
      compatibilityDate: workerOptions.compatibilityDate,
      d1Databases: workerOptions.d1Databases,
      r2Buckets: workerOptions.r2Buckets,
      kvNamespaces: workerOptions.kvNamespaces,
      // Its own port, chosen by the system, on the loopback interface only.
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    },
  ],
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    Promise.all([server.dispose(), wipay?.stop()]).finally(() => process.exit(0));
  });
}
const origin = (await server.ready).origin;
const storeUrl = (await server.unsafeGetDirectURL(STORE_WORKER)).origin;
writeFileSync(STORE_URL_FILE, storeUrl);
if (wipay) writeFileSync(E2E_WIPAY.urlFile, wipay.url);
console.log(`Ready on ${origin} (test store on ${storeUrl})`);
