/**
 * The admin search benchmark (docs/decisions/009-admin-search.md: under 100 ms at 50,000 records
 * on local D1; figures in docs/benchmarks.md), run by `npm run bench` against its `wrangler dev`:
 * fills the bench database with 50,000 quote requests and 50,000 contact messages (names,
 * e-mails, phones, addresses and texts drawn from fixed word lists, so some searches match a
 * handful of records and some tens of thousands), signs in as an admin, then asks each list
 * 20 times per query, one request at a time, twice: the list route's loader alone (the
 * `.data` request of a client-side navigation) and the whole HTML page (the admin frame's
 * counts, the list, and the rendering of 50 cards and 50 table rows). It prints the median
 * and 95th percentile end to end, and the Worker's own time for the page (its request log).
 */
import { percentile, random } from "./bench-common.mjs";
import { bin, run } from "./run.mjs";

const RECORDS = 50_000;
const BATCH = 1000;
const RUNS = 20;
export const FIRST = [
  "Shanice",
  "Andre",
  "Kerry-Ann",
  "Marcus",
  "Tamara",
  "Devon",
  "Nadine",
  "Omar",
  "Alicia",
  "Ryan",
  "Sophia",
  "Jermaine",
  "José",
  "Chantal",
  "Damion",
  "Renée",
];
export const LAST = [
  "Campbell",
  "Williams",
  "Brown",
  "Reid",
  "Clarke",
  "Thompson",
  "Francis",
  "Gordon",
  "Stewart",
  "McKenzie",
  "Grant",
  "Lewis",
  "Bennett",
  "Powell",
  "Morgan",
  "Henry",
];
const PLACES = [
  "Gloucester Avenue",
  "Ironshore",
  "Rose Hall",
  "Coral Gardens",
  "Half Moon",
  "Freeport",
  "Catherine Hall",
  "Reading",
  "Bogue",
  "Irwin",
  "Granville",
  "Mount Salem",
];
const WORDS = [
  "kitchen",
  "oven",
  "windows",
  "louvre",
  "dogs",
  "carpet",
  "tiles",
  "grout",
  "mould",
  "patio",
  "pool",
  "office",
  "guests",
  "checkout",
  "renovation",
  "dust",
  "paint",
  "bathroom",
  "fridge",
  "blinds",
];
const SERVICES = ["residential", "commercial", "industrial-kitchen", "deep-clean", "post-construction", "airbnb", "strata"];
const QUOTE_STATUSES = ["pending", "quoted", "completed"];
const MESSAGE_STATUSES = ["unread", "read", "responded"];

/** Inserts the records, 1,000 per statement (rows as JSON, spread by json_each), so D1's triggers index them as the site's inserts would. */
async function fill(db) {
  const next = random(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = () => Array.from({ length: 6 }, () => pick(WORDS)).join(" ");
  const now = Date.now();
  const insertQuotes = db.prepare(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, additional_info)
     SELECT value ->> 0, value ->> 1, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8 FROM json_each(?)`,
  );
  const insertMessages = db.prepare(
    `INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status)
     SELECT value ->> 0, value ->> 1, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6 FROM json_each(?)`,
  );
  for (let start = 0; start < RECORDS; start += BATCH) {
    const quotes = [];
    const messages = [];
    for (let i = start; i < start + BATCH; i++) {
      const at = now - Math.floor(next() * 365 * 86_400_000);
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      const phone = `876-${String(200 + (i % 700)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`;
      quotes.push([
        crypto.randomUUID(),
        at,
        name,
        `client${i}@example.com`,
        phone,
        `${1 + (i % 90)} ${pick(PLACES)}, Montego Bay`,
        pick(SERVICES),
        pick(QUOTE_STATUSES),
        sentence(),
      ]);
      messages.push([
        crypto.randomUUID(),
        at,
        name,
        `sender${i}@example.com`,
        phone,
        `${sentence()} ${sentence()}`,
        pick(MESSAGE_STATUSES),
      ]);
    }
    await db.batch([insertQuotes.bind(JSON.stringify(quotes)), insertMessages.bind(JSON.stringify(messages))]);
  }
}

/** Signs in through /auth as the bench database's admin (made on the first call); the Cookie header. */
export async function signIn(base, state) {
  const email = "bench-admin@example.com";
  const password = "bench password for the search figures";
  // Not execFileSync: while the event loop is blocked, the site may close an idle keep-alive
  // connection unnoticed, and the sign-in below would be sent on it and fail.
  await run(bin("tsx"), ["scripts/admin-create.ts", "--email", email, "--password-stdin", "--persist-to", state], {
    input: `${password}\n`,
    stdio: ["pipe", "ignore", "inherit"],
  });
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ mode: "signin", email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("__session="));
  if (!cookie) throw new Error(`Sign-in for the search bench failed (${response.status})`);
  return cookie;
}

const QUERIES = [
  ["quotes, no search (page 1)", "/admin/quotes"],
  ["quotes, page 400 of 1,000", "/admin/quotes?page=400"],
  ["a common surname (~3,000 matches)", "/admin/quotes?q=campbell"],
  ["one e-mail address (1 match)", "/admin/quotes?q=client31337%40example.com"],
  ["a phone as typed 876-555-style", "/admin/quotes?q=876-237-1337"],
  ["a phone's last 7 digits", "/admin/quotes?q=2371337"],
  ["two words of the text (~5,000)", "/admin/quotes?q=oven+louvre"],
  ["a 2-letter prefix (worst case)", "/admin/quotes?q=ca"],
  ["common word + status + page 3", "/admin/quotes?q=kitchen&status=pending&page=3"],
  ["service + date range + overdue", "/admin/quotes?service=airbnb&from=2026-01-01&to=2026-06-30&overdue=1"],
  ["search + every filter", "/admin/quotes?q=rose+hall&service=deep-clean&from=2026-01-01&to=2026-12-31&status=quoted"],
  ["messages, a word (~15,000)", "/admin/messages?q=windows"],
  ["messages, name + word", "/admin/messages?q=renee+mould"],
];

/**
 * Runs the benchmark. In: the site's base URL, the bench's D1 persist directory, a D1
 * binding to it (getPlatformProxy) and `requestLog()` (the Worker's request log lines so
 * far). Out: rows for console.table, timings in ms.
 */
export async function benchAdminSearch({ base, state, db, requestLog }) {
  const started = Date.now();
  await fill(db);
  const fillSeconds = ((Date.now() - started) / 1000).toFixed(1);
  const cookie = await signIn(base, state);
  const rows = {};
  for (const [label, path] of QUERIES) {
    const page = await measure(base, path, cookie, requestLog);
    // The same list as a client-side navigation asks for it: the list route's loader only.
    const [pathname, search = ""] = path.split("?");
    const route = pathname === "/admin/quotes" ? "routes/admin/quotes/route" : "routes/admin/messages/route";
    const data = await measure(
      base,
      `${pathname}.data?${search}${search ? "&" : ""}_routes=${encodeURIComponent(route)}`,
      cookie,
      requestLog,
    );
    rows[label] = {
      matches: page.matches,
      "loader p50 ms": data.p50,
      "loader p95 ms": data.p95,
      "page p50 ms": page.p50,
      "page p95 ms": page.p95,
      "page Worker p50 ms": page.workerP50,
    };
  }
  return { rows, fillSeconds };
}

/** RUNS requests for `path`, one at a time: end-to-end p50/p95 and the Worker's own p50 (ms), and the list's total (also read by scripts/bench-customers.mjs). */
export async function measure(base, path, cookie, requestLog) {
  const total = [];
  const from = requestLog().length;
  let matches = "";
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
    const body = await response.text();
    total.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    matches = body.match(/data-testid="list-total">([\d,]+)/)?.[1] ?? "";
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const worker = requestLog()
    .slice(from)
    .filter((line) => line.path?.startsWith("/admin/"))
    .map((line) => line.durationMs);
  return { matches, p50: median(total), p95: percentile(total, 0.95), workerP50: median(worker) };
}

const median = (values) => percentile(values, 0.5);
