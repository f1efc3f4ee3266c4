/**
 * The schedule benchmark, run by `npm run bench -- --schedule-only` against its `wrangler dev`
 * (the real Worker, its local D1): 20 crews and 2,000 visits in one week (Monday to Sunday four
 * weeks ahead; 100 a crew, in 30-minute windows from 7:00, so no crew is in two places; each with
 * its quote request), then the week view (GET /admin/schedule?view=week) and its busiest day
 * (view=day), 100 requests each, one at a time, after 5 not counted: end to end and the Worker's
 * own time (its request log lines, app/worker/request-log.ts), and the page's size; the crews
 * page as the control (the same admin frame, whose counts read the whole bench database). Target for
 * the week: under 100 ms at the 95th percentile for the whole page (docs/benchmarks.md).
 */
import { signIn } from "./bench-admin-search.mjs";
import { percentile } from "./bench-common.mjs";

const CREWS = 20;
const PER_CREW = 100;
const GETS = 100;
const WARM_UP = 5;

/** The ISO day `n` days after `day`. */
const plusDays = (day, n) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The Monday four weeks or so ahead, in Jamaica (UTC-5 all year). */
function benchMonday() {
  const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
  let day = plusDays(today, 28);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 1) day = plusDays(day, 1);
  return day;
}

/** The "HH:MM" of the n-th 30-minute window from 7:00. */
const slot = (n) => `${String(7 + Math.floor(n / 2)).padStart(2, "0")}:${n % 2 ? "30" : "00"}`;

/** Fills the crews and the week's visits (and their requests) in a few batches; out: the week's Monday. */
async function fill(db) {
  await db.batch(
    [
      "DELETE FROM visits WHERE quote_id = 'bench-schedule'",
      "DELETE FROM quote_requests WHERE email LIKE 'sched-%@example.com'",
      "DELETE FROM crews WHERE name LIKE 'Bench crew %'",
    ].map((sql) => db.prepare(sql)),
  );
  const monday = benchMonday();
  const now = Date.now();
  const crews = Array.from({ length: CREWS }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Bench crew ${String(i + 1).padStart(2, "0")}`,
  }));
  await db.batch(
    crews.map((crew, i) =>
      db
        .prepare(
          "INSERT INTO crews (id, name, members, working_days, active, position, created_at, updated_at) VALUES (?, ?, 'Two cleaners', '[1,2,3,4,5,6,7]', 1, ?, ?, ?)",
        )
        .bind(crew.id, crew.name, 100 + i, now, now),
    ),
  );
  const statements = [];
  for (const [c, crew] of crews.entries()) {
    for (let v = 0; v < PER_CREW; v++) {
      const request = crypto.randomUUID();
      const day = plusDays(monday, v % 7);
      const n = Math.floor(v / 7);
      statements.push(
        db
          .prepare(
            "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, ?, ?, ?, ?, '876 555 0101', ?, 'residential', 'quoted')",
          )
          .bind(request, now, now, `Client ${c}-${v}`, `sched-${c}-${v}@example.com`, `${v + 1} Gloucester Avenue, Montego Bay`),
        db
          .prepare(
            "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, included, notes, crew_id, created_at, updated_at) VALUES (?, ?, 'bench-schedule', ?, ?, ?, 'scheduled', ?, 'residential', 16000, 'Kitchen, two bathrooms, floors', 'Gate code 4412', ?, ?, ?)",
          )
          .bind(crypto.randomUUID(), request, day, slot(n), slot(n + 1), `${v + 1} Gloucester Avenue, Montego Bay`, crew.id, now, now),
      );
    }
  }
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500));
  return monday;
}

/** GETS requests for `path` after WARM_UP, one at a time: p50/p95 end to end and the Worker's own (ms), and the page's size (bytes). */
async function measure(base, path, cookie, requestLog) {
  const total = [];
  let bytes = 0;
  const from = requestLog().length;
  for (let run = 0; run < WARM_UP + GETS; run++) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
    const body = await response.arrayBuffer();
    if (run >= WARM_UP) total.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    bytes = body.byteLength;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const worker = requestLog()
    .slice(from)
    .filter((line) => line.path === path.split("?")[0])
    .slice(WARM_UP)
    .map((line) => line.durationMs);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    "p50 ms": round(percentile(total, 0.5)),
    "p95 ms": round(percentile(total, 0.95)),
    "Worker p50 ms": percentile(worker, 0.5),
    "Worker p95 ms": percentile(worker, 0.95),
    "page kB": round(bytes / 1024),
  };
}

/**
 * Runs the benchmark. In: the site's base URL, the bench's D1 persist directory, a D1 binding
 * to it (getPlatformProxy) and `requestLog()`. Out: what was seeded, the fill time (s) and rows
 * for console.table.
 */
export async function benchSchedule({ base, state, db, requestLog }) {
  const started = Date.now();
  const monday = await fill(db);
  const fillSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const cookie = await signIn(base, state);
  const rows = {
    [`week of ${monday}: 20 crews, 2,000 visits`]: await measure(base, `/admin/schedule?view=week&day=${monday}`, cookie, requestLog),
    [`day ${monday}: its ~300 visits`]: await measure(base, `/admin/schedule?day=${monday}`, cookie, requestLog),
    // The control: the same admin frame (its tab counts over the bench database) around a short list.
    ["/admin/crews (the control)"]: await measure(base, "/admin/crews", cookie, requestLog),
  };
  return { seeded: `${CREWS} crews, ${CREWS * PER_CREW} visits in the week of ${monday}`, fillSeconds, rows };
}
