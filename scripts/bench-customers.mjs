/**
 * The customers benchmark (docs/product.md §14; the inbox's target: under 100 ms at the 95th
 * percentile; figures in docs/benchmarks.md), run by `npm run bench` (or `-- --customers-only`)
 * against its `wrangler dev`: fills the bench database with 50,000 customers, each with one
 * quote request linked to it and one in five with a second, and 5,000 visits (names, e-mails
 * and phones from the admin search bench's word lists, so a surname matches about 3,000
 * customers), signs in as an admin, then asks /admin/customers 20 times per query, one request
 * at a time: the list route's loader alone (its `.data` request) and the whole HTML page; then
 * the inbox's quote list over the same database, as the reference of the same machine and moment.
 */
import { FIRST, LAST, measure, signIn } from "./bench-admin-search.mjs";
import { random } from "./bench-common.mjs";

const CUSTOMERS = 50_000;
const BATCH = 1000;

/** Inserts customers, their requests and some visits, 1,000 rows per statement (JSON spread by json_each), so the triggers index them as the site's inserts would. */
async function fill(db) {
  const next = random(7);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const now = Date.now();
  const insertCustomers = db.prepare(
    `INSERT INTO customers (id, created_at, updated_at, name, email, phone)
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`,
  );
  const insertQuotes = db.prepare(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, customer_id)
     SELECT value ->> 0, value ->> 1, value ->> 1, value ->> 2, value ->> 3, value ->> 4, 'Montego Bay', 'residential', 'quoted', value ->> 5 FROM json_each(?)`,
  );
  const insertVisits = db.prepare(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at)
     SELECT value ->> 0, value ->> 1, 'bench', value ->> 2, '08:00', '10:00', value ->> 3, 'Montego Bay', 'residential', value ->> 4, value ->> 5, value ->> 5 FROM json_each(?)`,
  );
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const customers = [];
    const quotes = [];
    const visits = [];
    for (let i = start; i < start + BATCH; i++) {
      const id = crypto.randomUUID();
      const first = now - Math.floor(next() * 365 * 86_400_000);
      const repeat = i % 5 === 0;
      const last = repeat ? Math.min(now, first + Math.floor(next() * 90 * 86_400_000)) : first;
      const name = `${pick(FIRST)} ${pick(LAST)}`;
      const email = `client${i}@example.com`;
      const phone = `+1876${String(200 + (i % 700)).padStart(3, "0")}${String(i % 10_000).padStart(4, "0")}`;
      customers.push([id, first, last, name, email, phone]);
      const request = crypto.randomUUID();
      quotes.push([request, first, name, email, phone, id]);
      if (repeat) quotes.push([crypto.randomUUID(), last, name, email, phone, id]);
      if (i % 10 === 0) {
        const day = new Date(first).toISOString().slice(0, 10);
        visits.push([crypto.randomUUID(), request, day, i % 30 === 0 ? "cancelled" : "done", 12_000 + (i % 8) * 1_000, first]);
      }
    }
    await db.batch([
      insertCustomers.bind(JSON.stringify(customers)),
      insertQuotes.bind(JSON.stringify(quotes)),
      insertVisits.bind(JSON.stringify(visits)),
    ]);
  }
}

const QUERIES = [
  ["no search (page 1)", "/admin/customers"],
  ["page 400 of 1,000", "/admin/customers?page=400"],
  ["a common surname (~3,000 matches)", "/admin/customers?q=campbell"],
  ["one e-mail address (1 match)", "/admin/customers?q=client31337%40example.com"],
  ["a phone as typed 876-555-style", "/admin/customers?q=876-237-1337"],
  ["a phone's last 7 digits", "/admin/customers?q=2371337"],
  ["first name + surname", "/admin/customers?q=shanice+brown"],
  ["a 2-letter prefix (worst case)", "/admin/customers?q=ca"],
  // The same machine and moment's reference: the inbox's first page over the same database.
  ["the inbox's quote list, for comparison", "/admin/quotes"],
];

/**
 * Runs the benchmark. In: the site's base URL, the bench's D1 persist directory, a D1 binding
 * to it (getPlatformProxy) and `requestLog()` (the Worker's request log lines so far). Out:
 * rows for console.table (timings in ms) and the seconds the fill took.
 */
export async function benchCustomers({ base, state, db, requestLog }) {
  const fillStart = Date.now();
  await fill(db);
  const seconds = (Date.now() - fillStart) / 1000;
  const session = await signIn(base, state);
  /** The list route's loader alone, as a client-side navigation asks for it. */
  const loaderOnly = (path) => {
    const url = new URL(path, base);
    url.pathname += ".data";
    url.searchParams.set("_routes", url.pathname === "/admin/quotes.data" ? "routes/admin/quotes/route" : "routes/admin/customers/route");
    return `${url.pathname}${url.search}`;
  };
  const table = {};
  for (const [label, path] of QUERIES) {
    const html = await measure(base, path, session, requestLog);
    const loader = await measure(base, loaderOnly(path), session, requestLog);
    table[label] = {
      customers: html.matches,
      "loader p50 / p95 ms": `${loader.p50} / ${loader.p95}`,
      "page p50 / p95 ms": `${html.p50} / ${html.p95}`,
      "page in the Worker p50 ms": html.workerP50,
    };
  }
  return { rows: table, fillSeconds: seconds.toFixed(1) };
}
