/**
 * The booking benchmark, run by `npm run bench` against its `wrangler dev` (the real Worker, its
 * local D1): fills the bench database with 5,000 scheduled visits over the working days of the
 * next 60 (each with its quoted request, quote and history row; 3 arrival windows a day, a
 * capacity of 50 a window, so most windows have places left and some are full), then:
 *
 * 1. Availability: GET /status/:token/book, one request at a time, 200 times each: the whole page
 *    with a month of days (the settings' maxDaysAhead set to 30), its loader alone (the `.data`
 *    request of a client-side navigation), the loader for a request with no quote (it looks the
 *    request up as the others do, then answers 409 without computing any availability: what
 *    the availability itself costs is the difference), and the page with the default 60 days;
 *    the four in turn. End to end and the Worker's own time (its request log lines,
 *    app/worker/request-log.ts).
 * 2. Booking: POST /status/:token/book from quoted requests (each its own status token and open
 *    quote): first 20 one at a time (what a booking costs alone), then 20 at once, 10 rounds: 9
 *    of them to 20 different windows with places left, the last all to one window with one
 *    place left. The answers (302 booked, 409 taken), the response times, and the rows that
 *    landed: no window over its capacity, one visit per booked request, none for a refused one.
 *
 * Every request comes from its own client address (CF-Connecting-IP, which Cloudflare sets and
 * wrangler dev passes on), as separate customers would: the status pages' limit is 30 a minute
 * per client (wrangler.toml STATUS_RATE_LIMITER). Forms are posted as a browser with JavaScript
 * off posts them: urlencoded, with the site's Origin.
 */
import { DAY_MS, inTurn, newReference, percentile, plusDays, random, sleep, timeColumns, todayInJamaica } from "./bench-common.mjs";

const VISITS = 5000;
const SEEDED_DAYS = 60;
const CAPACITY = 50;
const WINDOWS = [
  { start: "09:00", end: "11:00" },
  { start: "11:00", end: "13:00" },
  { start: "13:00", end: "15:00" },
];
const MIN_NOTICE_DAYS = 2;
const MONTH = 30;
const GETS = 200;
const WARM_UP = 5;
const ROUNDS = 10;
const AT_ONCE = 20;
const BATCH = 1000;
/** The target for a month of availability: the Worker's own time, 95th percentile. */
const TARGET_P95_MS = 50;

const isSunday = (day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
const slotKey = (day, start) => `${day} ${start}`;
const newToken = () => crypto.randomUUID().replaceAll("-", "");
let clients = 0;
/** A client address of its own for each request (10.30.0.0/16, apart from the other parts' addresses). */
const newClientIp = () => `10.30.${(++clients >> 8) & 255}.${clients & 255}`;

/**
 * How many visits each window of `slots` holds: 5,000 in all, spread by a random weight per
 * window (so some are nearly empty and some full), none over the capacity; `lastPlace` holds
 * one fewer than the capacity. Out: slotKey → count.
 */
function allocate(slots, lastPlace, next) {
  const counts = new Map([[slotKey(lastPlace.day, lastPlace.start), CAPACITY - 1]]);
  const others = slots.filter((slot) => slot !== lastPlace);
  const weights = others.map(() => 0.3 + next());
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const share = VISITS - (CAPACITY - 1);
  others.forEach((slot, i) =>
    counts.set(slotKey(slot.day, slot.start), Math.min(CAPACITY, Math.floor((share * weights[i]) / totalWeight))),
  );
  let placed = [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (let i = 0; placed < VISITS; i = (i + 1) % others.length) {
    const key = slotKey(others[i].day, others[i].start);
    if (counts.get(key) < CAPACITY) {
      counts.set(key, counts.get(key) + 1);
      placed++;
    }
  }
  return counts;
}

/** `n` new requests sent at `at()`, named `label` and a number, with their status token and the id their quote takes. */
function newRequests(n, at, next, label) {
  return Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    quoteId: crypto.randomUUID(),
    token: newToken(),
    at: at(),
    name: `${label} ${i + 1}`,
    email: `${label.toLowerCase()}${i + 1}@example.com`,
    address: `${1 + Math.floor(next() * 90)} Gloucester Avenue, Montego Bay`,
  }));
}

/**
 * Fills the database (see the header): the settings (capacity 50, a month ahead), two days off,
 * the 5,000 visits with their requests, quotes and history, and the quoted requests the
 * measurements use. Out: what the measurements need and what was seeded, in words.
 */
async function seed(db) {
  const next = random(2026);
  const today = todayInJamaica();
  const now = Date.now();
  await db
    .prepare(
      "INSERT OR REPLACE INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, '[1,2,3,4,5,6]', ?, ?, ?, ?, 24, ?)",
    )
    .bind(JSON.stringify(WINDOWS), CAPACITY, MIN_NOTICE_DAYS, MONTH, now)
    .run();
  const daysOff = [plusDays(today, 12), plusDays(today, 40)].map((day) => (isSunday(day) ? plusDays(day, 1) : day));
  await db.batch(
    daysOff.map((day) =>
      db.prepare("INSERT OR REPLACE INTO days_off (day, name, created_at) VALUES (?, 'Bench day off', ?)").bind(day, now),
    ),
  );
  const slots = [];
  for (let n = 1; n <= SEEDED_DAYS; n++) {
    const day = plusDays(today, n);
    if (isSunday(day) || daysOff.includes(day)) continue;
    for (const window of WINDOWS) slots.push({ day, ...window });
  }
  const lastPlace = slots.find((slot) => slot.day >= plusDays(today, 14) && slot.start === "13:00");
  const counts = allocate(slots, lastPlace, next);

  // The requests behind the visits: sent 5 to 60 days ago, quoted a day later, booked since.
  const past = () => now - Math.floor((5 + next() * 55) * DAY_MS);
  const booked = newRequests(VISITS, past, next, "Client");
  const visits = [];
  for (const slot of slots) {
    for (let n = counts.get(slotKey(slot.day, slot.start)); n > 0; n--) {
      const request = booked[visits.length];
      visits.push({ id: crypto.randomUUID(), request, ...slot, at: Math.min(now - 60_000, request.at + 2 * DAY_MS) });
    }
  }
  // The requests the measurements use: quoted now, nothing booked.
  const viewer = newRequests(1, () => now, next, "Viewer")[0];
  // The control: a request still pending (no quote), whose booking page computes nothing (409).
  const pending = newRequests(1, () => now, next, "Pending")[0];
  const bookers = newRequests((ROUNDS + 1) * AT_ONCE, () => now, next, "Booker");

  const insertRequests = db.prepare(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token)
     SELECT value ->> 0, value ->> 1, value ->> 1, value ->> 2, value ->> 3, '876 555 0101', value ->> 4, 'residential', 'quoted', value ->> 5, value ->> 6 FROM json_each(?)`,
  );
  const insertQuotes = db.prepare(
    `INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at)
     SELECT value ->> 0, 'quote', 'quote_request', value ->> 1, 14500, 14, 'Quote', value ->> 2 FROM json_each(?)`,
  );
  const insertVisits = db.prepare(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at)
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, 'scheduled', value ->> 6, 'residential', 14500, value ->> 7, value ->> 7 FROM json_each(?)`,
  );
  const insertChanges = db.prepare(
    `INSERT INTO visit_changes (id, visit_id, kind, day, window_start, window_end, actor, created_at)
     SELECT value ->> 0, value ->> 1, 'booked', value ->> 2, value ->> 3, value ->> 4, 'customer', value ->> 5 FROM json_each(?)`,
  );
  const requestRows = (requests) => JSON.stringify(requests.map((r) => [r.id, r.at, r.name, r.email, r.address, newReference(), r.token]));
  // A quote is sent a day after its request (those of the measurements: now).
  const quoteRows = (requests) => JSON.stringify(requests.map((r) => [r.quoteId, r.id, Math.min(now, r.at + DAY_MS)]));
  for (let start = 0; start < VISITS; start += BATCH) {
    const part = visits.slice(start, start + BATCH);
    const requests = part.map((visit) => visit.request);
    await db.batch([
      insertRequests.bind(requestRows(requests)),
      insertQuotes.bind(quoteRows(requests)),
      insertVisits.bind(
        JSON.stringify(part.map((v) => [v.id, v.request.id, v.request.quoteId, v.day, v.start, v.end, v.request.address, v.at])),
      ),
      insertChanges.bind(JSON.stringify(part.map((v) => [crypto.randomUUID(), v.id, v.day, v.start, v.end, v.at]))),
    ]);
  }
  await db.batch([
    insertRequests.bind(requestRows([viewer, ...bookers])),
    insertQuotes.bind(quoteRows([viewer, ...bookers])),
    db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES (?, ?, ?, ?, ?, '876 555 0101', ?, 'residential', 'pending', ?, ?)",
      )
      .bind(pending.id, now, now, pending.name, pending.email, pending.address, newReference(), pending.token),
  ]);

  const full = [...counts.values()].filter((n) => n >= CAPACITY).length;
  const inMonth = slots.filter((slot) => slot.day <= plusDays(today, MONTH)).length;
  return {
    today,
    slots,
    lastPlace,
    viewer,
    pending,
    bookers,
    seeded:
      `${VISITS.toLocaleString("en")} scheduled visits over the ${slots.length / WINDOWS.length} working days of the next ${SEEDED_DAYS} ` +
      `(Monday-Saturday, 2 days off), ${WINDOWS.length} arrival windows a day, capacity ${CAPACITY} a window: ` +
      `${Math.round(VISITS / slots.length)} visits a window on average, ${full} of ${slots.length} windows full ` +
      `(${inMonth} windows in the month ahead); each visit with its quoted request, quote and history row; ` +
      `${1 + bookers.length} more quoted requests with nothing booked and 1 pending request for the measurements`,
  };
}

/**
 * The availability figures: GETS requests for each of `variants` ({ label, path, expected
 * status, days: the settings' maxDaysAhead }), one request at a time and the variants in turn
 * (so a burst of load on the machine falls on all of them alike), after WARM_UP each not
 * counted; each request from its own client. Each request's Worker time is its request log
 * line, found by the X-Request-Id the Worker answers with. Out: rows for console.table (ms).
 */
async function timeAvailability(base, db, variants, requestLog) {
  let days = null;
  const get = async (variant) => {
    if (variant.days !== days) await setMaxDaysAhead(db, (days = variant.days));
    const started = performance.now();
    const response = await fetch(`${base}${variant.path}`, { headers: { "CF-Connecting-IP": newClientIp() } });
    await response.text();
    if (response.status !== variant.expected) throw new Error(`GET ${variant.path} answered ${response.status}`);
    return { ms: performance.now() - started, requestId: response.headers.get("X-Request-Id") };
  };
  const samples = await inTurn(variants, get, { gets: GETS, warmUp: WARM_UP });
  await setMaxDaysAhead(db, MONTH);
  const rows = {};
  for (const [k, variant] of variants.entries()) {
    const columns = timeColumns(samples[k], requestLog);
    const workerP95 = columns["Worker p95 ms"];
    rows[variant.label] = { ...columns, [`Worker p95 < ${TARGET_P95_MS} ms`]: workerP95 < TARGET_P95_MS ? "yes" : "no" };
  }
  return rows;
}

/** Sets the settings' furthest bookable day (days after today). */
function setMaxDaysAhead(db, days) {
  return db.prepare("UPDATE availability_settings SET max_days_ahead = ? WHERE id = 1").bind(days).run();
}

/**
 * One round: each booking of `bookings` ({ token, day, start }) posted, all at once or one
 * after the other (`oneAtATime`). Out: the answers ({ ms, status, taken: the page says the
 * window was just taken }) and the Worker's own times of the round's POSTs.
 */
async function bookingRound(base, bookings, requestLog, oneAtATime = false) {
  const from = requestLog().length;
  const post = async ({ token, day, start }) => {
    const started = performance.now();
    const response = await fetch(`${base}/status/${token}/book`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": newClientIp() },
      body: new URLSearchParams({ day, windowStart: start }),
    });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, taken: body.includes("that arrival window was just taken") };
  };
  const answers = [];
  if (oneAtATime) for (const booking of bookings) answers.push(await post(booking));
  else answers.push(...(await Promise.all(bookings.map(post))));
  await sleep(500); // let the round's log lines arrive
  const worker = requestLog()
    .slice(from)
    .filter((line) => line.method === "POST" && line.path?.endsWith("/book"))
    .map((line) => line.durationMs);
  return { answers, worker };
}

/**
 * Waits (up to 30 s) until the mail queue has sent `expected` mails in all and holds none queued
 * or being sent, so a round is not measured beside the previous round's mails. Out: the mails
 * sent in all. A read that finds the database file locked by `wrangler dev` (SQLITE_BUSY: the two
 * processes share it) is tried again at the next poll.
 */
async function mailsSettled(db, expected) {
  let sent = 0;
  for (let i = 0; i < 150; i++) {
    const row = await db
      .prepare(
        "SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE status IN ('queued', 'sending')) AS open FROM mail_deliveries",
      )
      .first()
      .catch(() => null);
    if (!row) {
      await sleep(200);
      continue;
    }
    sent = row.sent;
    if (sent >= expected && row.open === 0) break;
    await sleep(200);
  }
  return sent;
}

/** A row of the booking table: what was asked, the answers and the times. */
function roundRow(what, answers, worker) {
  const ms = answers.map((answer) => answer.ms);
  return {
    asked: what,
    "302 booked": answers.filter((answer) => answer.status === 302).length,
    "409 taken": answers.filter((answer) => answer.status === 409 && answer.taken).length,
    other: answers
      .filter((answer) => answer.status !== 302 && !(answer.status === 409 && answer.taken))
      .map((answer) => answer.status)
      .join(" "),
    "p50 ms": percentile(ms, 0.5),
    "p95 ms": percentile(ms, 0.95),
    "max ms": percentile(ms, 1),
    "Worker p50 ms": percentile(worker, 0.5),
    "Worker p95 ms": percentile(worker, 0.95),
  };
}

/** The scheduled visits per window in the bookable month: slotKey → count. */
async function scheduledCounts(db, today) {
  const { results } = await db
    .prepare(
      "SELECT day, window_start AS start, count(*) AS n FROM visits WHERE status = 'scheduled' AND day BETWEEN ? AND ? GROUP BY day, window_start",
    )
    .bind(today, plusDays(today, MONTH))
    .all();
  return new Map(results.map((row) => [slotKey(row.day, row.start), row.n]));
}

/** Single numbers from the database after the rounds: no window over capacity, one visit per booked request, none for the refused. */
async function landed(db, bookedIds, refusedIds) {
  const one = async (sql, ...values) =>
    Object.values(
      await db
        .prepare(sql)
        .bind(...values)
        .first(),
    )[0];
  return {
    visits: await one("SELECT count(*) FROM visits"),
    changes: await one("SELECT count(*) FROM visit_changes"),
    fullest: await one("SELECT max(n) FROM (SELECT count(*) AS n FROM visits WHERE status = 'scheduled' GROUP BY day, window_start)"),
    overCapacity: await one(
      "SELECT count(*) FROM (SELECT 1 FROM visits WHERE status = 'scheduled' GROUP BY day, window_start HAVING count(*) > ?)",
      CAPACITY,
    ),
    ofBooked: await one(
      "SELECT count(*) FROM visits WHERE quote_request_id IN (SELECT value FROM json_each(?))",
      JSON.stringify(bookedIds),
    ),
    bookedRequests: await one(
      "SELECT count(DISTINCT quote_request_id) FROM visits WHERE quote_request_id IN (SELECT value FROM json_each(?))",
      JSON.stringify(bookedIds),
    ),
    ofRefused: await one(
      "SELECT count(*) FROM visits WHERE quote_request_id IN (SELECT value FROM json_each(?))",
      JSON.stringify(refusedIds),
    ),
  };
}

/**
 * Runs the benchmark. In: the site's base URL, a D1 binding to the bench's database
 * (getPlatformProxy) and `requestLog()` (the Worker's request log lines so far). Out: what was
 * seeded (words), the availability rows, the booking rows and a summary of the rows that landed.
 */
export async function benchBooking({ base, db, requestLog }) {
  const started = Date.now();
  const { today, slots, lastPlace, viewer, pending, bookers, seeded } = await seed(db);
  const fillSeconds = ((Date.now() - started) / 1000).toFixed(1);

  // 1. Availability, through the Worker.
  const page = `/status/${viewer.token}/book`;
  const loaderOnly = `.data?_routes=${encodeURIComponent("routes/public/book/route")}`;
  const availability = await timeAvailability(
    base,
    db,
    [
      { label: `page, ${MONTH} days (maxDaysAhead ${MONTH})`, path: page, expected: 200, days: MONTH },
      { label: `loader only (.data), ${MONTH} days`, path: `${page}${loaderOnly}`, expected: 200, days: MONTH },
      // The same loader's lookups without the availability: a request with no quote answers 409 before it.
      {
        label: "loader only, no open quote (409: no availability)",
        path: `/status/${pending.token}/book${loaderOnly}`,
        expected: 409,
        days: MONTH,
      },
      { label: `page, ${SEEDED_DAYS} days (the default maxDaysAhead)`, path: page, expected: 200, days: SEEDED_DAYS },
    ],
    requestLog,
  );

  // 2. Booking, 20 at once.
  const before = await landed(db, [], []);
  const rows = {};
  const all = { answers: [], worker: [] };
  const bookedIds = [];
  const refusedIds = [];
  const mailsBefore = await mailsSettled(db, 0);
  let mailsSent = mailsBefore;
  const first = plusDays(today, MIN_NOTICE_DAYS);
  const last = plusDays(today, MONTH);
  // Round 0, one request at a time: what a booking costs with nothing else running.
  for (let round = 0; round <= ROUNDS; round++) {
    const requests = bookers.slice(round * AT_ONCE, (round + 1) * AT_ONCE);
    let targets;
    let what;
    if (round < ROUNDS) {
      // 20 different windows of the month with a place left, taken in turn from the round's offset.
      const counts = await scheduledCounts(db, today);
      const open = slots.filter(
        (slot) =>
          slot.day >= first && slot.day <= last && slot !== lastPlace && (counts.get(slotKey(slot.day, slot.start)) ?? 0) < CAPACITY,
      );
      targets = Array.from({ length: AT_ONCE }, (_, i) => open[(round * AT_ONCE + i) % open.length]);
      what = round === 0 ? `${AT_ONCE} windows, 1 each, one at a time` : `${AT_ONCE} windows, 1 each`;
    } else {
      targets = Array.from({ length: AT_ONCE }, () => lastPlace);
      what = `1 window, 1 place left (${lastPlace.day} ${lastPlace.start})`;
    }
    const { answers, worker } = await bookingRound(
      base,
      requests.map((request, i) => ({ token: request.token, day: targets[i].day, start: targets[i].start })),
      requestLog,
      round === 0,
    );
    answers.forEach((answer, i) => (answer.status === 302 ? bookedIds : refusedIds).push(requests[i].id));
    rows[`round ${round}`] = roundRow(what, answers, worker);
    // A confirmation and a notification for each booking, sent before the next round.
    mailsSent = await mailsSettled(db, mailsBefore + 2 * bookedIds.length);
    if (round === 0) continue;
    all.answers.push(...answers);
    all.worker.push(...worker);
  }
  rows[`rounds 1-${ROUNDS}`] = roundRow(`${ROUNDS * AT_ONCE}, ${AT_ONCE} at a time`, all.answers, all.worker);
  const after = await landed(db, bookedIds, refusedIds);
  const lastPlaceNow = (await scheduledCounts(db, today)).get(slotKey(lastPlace.day, lastPlace.start));
  const summary =
    `Rows that landed: visits ${before.visits.toLocaleString("en")} -> ${after.visits.toLocaleString("en")} (+${after.visits - before.visits}), ` +
    `history rows +${after.changes - before.changes}, for ${bookedIds.length} answers 302; ` +
    `${after.ofBooked} visits of ${after.bookedRequests} booked requests, ${after.ofRefused} of the ${refusedIds.length} refused; ` +
    `the last-place window holds ${lastPlaceNow} of ${CAPACITY}; fullest window ${after.fullest} of ${CAPACITY}, ` +
    `${mailsSent - mailsBefore} mails sent through the queue (a confirmation and a notification a booking); ` +
    `${after.overCapacity} windows over capacity (${
      after.visits - before.visits === bookedIds.length &&
      after.ofBooked === bookedIds.length &&
      after.bookedRequests === bookedIds.length &&
      after.ofRefused === 0 &&
      after.overCapacity === 0 &&
      lastPlaceNow === CAPACITY
        ? "no double booking, nothing lost"
        : "MISMATCH"
    }).`;
  return { seeded, fillSeconds, availability, rows, summary };
}
