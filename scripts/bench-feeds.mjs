/**
 * The calendar feed benchmark, run by `npm run bench` (and `-- --booking-only`) after the booking
 * part, against the same `wrangler dev` and database: one crew with 1,000 visits in the days a
 * feed covers (30 days back, done; 90 ahead, scheduled; up to 10 one-hour windows a day, each
 * with its own quoted request, what is included and notes for the crew), a crew with none, and a
 * live feed for each and for the whole team (whose feed also holds the booking part's visits,
 * which have no crew). Then GET /calendar/<token>.ics one request at a time, the variants in
 * turn, each from its own client address (the feeds' limit is 30 a minute per client): the
 * crew's feed (200), the same with the ETag it answered (304: the body is still made, to compare
 * its ETag), the empty crew's (the control: the lookup and an empty calendar) and the team's.
 * End to end and the Worker's own time (its request log lines, app/worker/request-log.ts).
 */
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { DAY_MS, inTurn, newReference, plusDays, timeColumns, todayInJamaica } from "./bench-common.mjs";

const VISITS = 1000;
const DAYS_BACK = 30;
const DAYS_AHEAD = 90;
/** One-hour windows from 07:00 to 17:00: a crew is in one window at a time. */
const HOURS = Array.from({ length: 10 }, (_, i) => 7 + i);
const GETS = 100;
const WARM_UP = 5;

let clients = 0;
/** A client address of its own for each request (10.40.0.0/16, apart from the other parts' addresses). */
const newClientIp = () => `10.40.${(++clients >> 8) & 255}.${clients & 255}`;
const hh = (hour) => `${String(hour).padStart(2, "0")}:00`;
const newToken = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
const sha256Hex = (text) => createHash("sha256").update(text).digest("hex");

/**
 * Fills the database: the two crews, the 1,000 visits of the first with their requests, and the
 * three feeds. Out: the feeds' paths and what was seeded, in words.
 */
async function seed(db) {
  const today = todayInJamaica();
  const now = Date.now();
  const busy = crypto.randomUUID();
  const idle = crypto.randomUUID();
  await db.batch([
    db
      .prepare(
        "INSERT INTO crews (id, name, members, position, created_at, updated_at) VALUES (?, 'Bench Crew', 'Keisha and Andre', 1, ?, ?), (?, 'Bench Crew Empty', NULL, 2, ?, ?)",
      )
      .bind(busy, now, now, idle, now, now),
  ]);
  // The 1,000 windows, spread evenly over the 1,210 of the 121 days.
  const slots = [];
  for (let n = -DAYS_BACK; n <= DAYS_AHEAD; n++) for (const hour of HOURS) slots.push({ day: plusDays(today, n), hour });
  const picked = Array.from({ length: VISITS }, (_, i) => slots[Math.floor((i * slots.length) / VISITS)]);
  const rows = picked.map((slot, i) => ({
    request: crypto.randomUUID(),
    visit: crypto.randomUUID(),
    name: `Feed Client ${i + 1}`,
    address: `${1 + (i % 90)} Gloucester Avenue, Montego Bay`,
    reference: newReference(),
    ...slot,
    status: slot.day < today ? "done" : "scheduled",
    at: now - ((i % 50) + 1) * DAY_MS,
  }));
  const insertRequests = db.prepare(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference)
     SELECT value ->> 0, value ->> 1, value ->> 1, value ->> 2, 'feed@example.com', '876 555 0101', value ->> 3, 'residential', 'quoted', value ->> 4 FROM json_each(?)`,
  );
  const insertVisits = db.prepare(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, included, notes, crew_id, sequence, created_at, updated_at)
     SELECT value ->> 0, value ->> 1, 'q', value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, 'residential', 14500,
       'Kitchen, living room, two bedrooms and two bathrooms; inside the fridge and the oven', 'Gate code 4821. The dog is friendly; keep the back door shut.', ?, 1, value ->> 7, value ->> 7 FROM json_each(?)`,
  );
  await db.batch([
    insertRequests.bind(JSON.stringify(rows.map((r) => [r.request, r.at, r.name, r.address, r.reference]))),
    insertVisits.bind(
      busy,
      JSON.stringify(rows.map((r) => [r.visit, r.request, r.day, hh(r.hour), hh(r.hour + 1), r.status, r.address, r.at])),
    ),
  ]);
  const tokens = { busy: newToken(), idle: newToken(), team: newToken() };
  await db
    .prepare("INSERT INTO calendar_feeds (id, crew_id, token_hash, created_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?), (?, NULL, ?, ?)")
    .bind(
      crypto.randomUUID(),
      busy,
      sha256Hex(tokens.busy),
      now,
      crypto.randomUUID(),
      idle,
      sha256Hex(tokens.idle),
      now,
      crypto.randomUUID(),
      sha256Hex(tokens.team),
      now,
    )
    .run();
  const done = rows.filter((row) => row.status === "done").length;
  return {
    paths: Object.fromEntries(Object.entries(tokens).map(([key, token]) => [key, `/calendar/${token}.ics`])),
    seeded: `1 crew with ${VISITS.toLocaleString("en")} visits over the ${DAYS_BACK + DAYS_AHEAD + 1} days a feed covers (${done} done, ${VISITS - done} scheduled), each with its own request; a crew with none`,
  };
}

/**
 * GETS requests of each of `variants` ({ label, path, etag: send If-None-Match with the ETag the
 * path answers, expected status }), one at a time, the variants in turn, after WARM_UP each not
 * counted. Out: rows for console.table (ms, and the body's size and events).
 */
async function timeFeeds(base, variants, requestLog) {
  const etags = new Map();
  const get = async (variant) => {
    const headers = { "CF-Connecting-IP": newClientIp() };
    if (variant.etag) headers["If-None-Match"] = etags.get(variant.path);
    const started = performance.now();
    const response = await fetch(`${base}${variant.path}`, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== variant.expected) throw new Error(`GET ${variant.label} answered ${response.status}`);
    if (response.status === 200) etags.set(variant.path, response.headers.get("ETag"));
    return { ms, requestId: response.headers.get("X-Request-Id"), bytes: body.length, events: body.split("BEGIN:VEVENT").length - 1 };
  };
  const samples = await inTurn(variants, get, { gets: GETS, warmUp: WARM_UP });
  const rows = {};
  for (const [k, variant] of variants.entries()) {
    const { requests, ...times } = timeColumns(samples[k], requestLog);
    rows[variant.label] = { requests, events: samples[k][0].events, kB: (samples[k][0].bytes / 1024).toFixed(1), ...times };
  }
  return rows;
}

/**
 * Runs the benchmark. In: the site's base URL, a D1 binding to the bench's database
 * (getPlatformProxy) and `requestLog()`. Out: what was seeded (words), the fill time and the rows.
 */
export async function benchFeeds({ base, db, requestLog }) {
  const started = Date.now();
  const { paths, seeded } = await seed(db);
  const fillSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const rows = await timeFeeds(
    base,
    [
      { label: `crew feed, ${VISITS.toLocaleString("en")} visits (200)`, path: paths.busy, expected: 200 },
      { label: "the same, If-None-Match its ETag (304)", path: paths.busy, etag: true, expected: 304 },
      { label: "crew feed, no visits (200: the control)", path: paths.idle, expected: 200 },
      { label: "team feed, every visit of the days (200)", path: paths.team, expected: 200 },
    ],
    requestLog,
  );
  return { seeded, fillSeconds, rows };
}
