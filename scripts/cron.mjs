/**
 * `npm run cron`: runs the daily cron (`scheduled` in server.ts: the photo and gallery sweeps,
 * the visit reminders, holidays and series, the review requests, the deletion of expired rows,
 * each task's log line) once, now, against the local database and bucket `npm start` uses
 * (.wrangler/state), and waits for the e-mails it queued to be sent (the console transport
 * prints them as `MAIL …` lines). Exits 1 when a task failed (its `…_failed` line says which
 * and why), 0 otherwise.
 *
 *   npm run cron                                    now
 *   npm run cron -- --at 2026-12-01T13:30:00Z       as if it were that instant (reminders for the
 *                                                   day after it, review requests due by then)
 *   npm run cron -- --persist-to DIR                a local state kept in DIR instead (tests)
 *   npm run cron -- --cron "0 * * * *"              another trigger of wrangler.toml instead of
 *                                                   the daily one: the hourly release of visits
 *                                                   whose deposit was not paid in time
 *
 * How: the production Worker bundle (`wrangler deploy --dry-run`, scripts/run.mjs) in Miniflare
 * with wrangler.toml's bindings and `npm start`'s persist path, and Miniflare's own call of the
 * Worker's `scheduled` handler. Not wrangler dev's `/cdn-cgi/handler/scheduled`: with
 * wrangler.toml's `[assets]`, that URL reaches the static-assets router in front of the Worker,
 * which has no `scheduled` handler, so it answers 500 "exception" and none of server.ts runs.
 * Here the Worker runs without `[assets]` (the cron serves no file) and is called directly. It
 * may run while `npm start` serves: both then use the same SQLite files.
 *
 * Applies the migrations first (as `npm start` does) and builds the app when build/ is missing;
 * anything that builds should not run beside another build (README, Scripts).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { ensureDevVars } from "./dev-vars.mjs";
import { bundleWorker, run } from "./run.mjs";

/** wrangler dev's local state (`npm start`): its D1, R2 and KV are under `<dir>/v3`. */
const DEFAULT_STATE = ".wrangler/state";
const BUNDLE_DIR = ".cache/cron-worker";
/** The longest wait for the queued e-mails to leave the outbox after the run. */
const MAIL_WAIT_MS = 15_000;

const { values } = parseArgs({
  options: {
    at: { type: "string" },
    "persist-to": { type: "string" },
    cron: { type: "string" },
  },
});
const state = values["persist-to"] ?? DEFAULT_STATE;
const at = values.at === undefined ? new Date() : new Date(values.at);
if (Number.isNaN(at.getTime())) {
  console.error(`--at ${values.at}: not a date and time (for example 2026-12-01T13:30:00Z)`);
  process.exit(2);
}

ensureDevVars();
const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
// wrangler.toml's `[triggers] crons`: the first is the daily one, the default.
const crons = unstable_readConfig({ config: "wrangler.toml" }).triggers?.crons ?? ["30 13 * * *"];
const cron = values.cron ?? crons[0];
if (!crons.includes(cron)) {
  console.error(`--cron ${cron}: not a trigger of wrangler.toml (${crons.join(", ")})`);
  process.exit(2);
}

if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
await run("node", [new URL("./db-migrate.mjs", import.meta.url).pathname, "--persist-to", state], {
  stdio: ["ignore", "ignore", "inherit"],
});
bundleWorker(BUNDLE_DIR);

const port = process.env.PORT ?? "8787";
const mf = new Miniflare({
  host: "127.0.0.1",
  port: 0,
  defaultPersistRoot: join(state, "v3"),
  // The Worker's log lines (JSON, one per task) and e-mails go to this process's output.
  handleRuntimeStdio(stdout, stderr) {
    stdout.pipe(process.stdout, { end: false });
    stderr.pipe(process.stderr, { end: false });
  },
  cf: false,
  log: new Log(LogLevel.WARN),
  workers: [
    {
      ...workerOptions,
      // No static assets: the Worker itself is the entry, and its `scheduled` is reached.
      assets: undefined,
      bindings: {
        ...workerOptions.bindings,
        // Links in e-mails open what `npm start` serves (PORT as it has it).
        SITE_URL: `http://localhost:${port}`,
      },
      modules: [{ type: "ESModule", path: join(BUNDLE_DIR, "server.js") }],
      modulesRules: undefined,
    },
  ],
});

/** Outbox rows (mail_deliveries) still waiting for the queue's consumer, written since `sinceMs`. */
async function mailsWaiting(sinceMs) {
  const db = await mf.getD1Database("DB");
  const row = await db
    .prepare("SELECT count(*) AS n FROM mail_deliveries WHERE status IN ('queued', 'sending') AND created_at >= ?")
    .bind(sinceMs)
    .first();
  return Number(row?.n ?? 0);
}

let outcome = "exception";
try {
  await mf.ready;
  // The tasks stamp their outbox rows with the run's time, which `--at` may put in the past.
  const startedMs = Math.min(Date.now(), at.getTime());
  console.log(`Running the cron ${cron} as of ${at.toISOString()} on ${state}`);
  const worker = await mf.getWorker();
  ({ outcome } = await worker.scheduled({ scheduledTime: at, cron }));
  // The queue's consumer (this Worker) sends each e-mail within a second or so of its message.
  const until = Date.now() + MAIL_WAIT_MS;
  let waiting = await mailsWaiting(startedMs);
  while (waiting > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    waiting = await mailsWaiting(startedMs);
  }
  if (waiting > 0)
    console.error(`${waiting} e-mail(s) still queued after ${MAIL_WAIT_MS / 1000} s: 'Resend' on their record sends them again.`);
} finally {
  await mf.dispose();
}
if (outcome === "ok") console.log(`Cron ${cron}: every task done.`);
else console.error(`Cron ${cron} failed (${outcome}): see the *_failed line above.`);
process.exit(outcome === "ok" ? 0 : 1);
