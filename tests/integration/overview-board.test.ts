/**
 * The overview's Today and Needs you on real D1 in Miniflare (app/server/overview/today.server.ts
 * `readTodayBoard`, with the admin frame's tab counts, app/server/inbox `readFrameFigures`, which
 * its requests' and messages' lines show): an empty database reads all zeros and no visits; then a fixed data set whose
 * every count is worked out by hand below, at a fixed `now` (Saturday 2026-11-28, 10:00 in
 * Jamaica). The file has its own Worker, so its database holds only its own rows (invoices and
 * payments cannot be deleted: migrations/0016_billing_guards.sql). Last, the two bounded reads
 * (the quotes waiting; the unpaid totals, from the open invoices the writes keep, migrations/0021_open_invoices.sql)
 * against their unbounded definitions on varied rows.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DAY_MS, HOUR_MS, jamaicaDayStart } from "~/domain/dates";
import { NeedsYouPanel, TodayPanel } from "~/routes/admin/index/board";
import { balanceSql, unpaidTotalsQuery } from "~/server/billing";
import { quotesWaitingQuery, stageColumns, stageCondition } from "~/server/lifecycle";
import { readFrameFigures } from "~/server/inbox";
import { readTodayBoard } from "~/server/overview";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { startWorker, type TestWorker } from "./worker";

/** 15:00 UTC = 10:00 in Jamaica on Saturday 2026-11-28. */
const NOW = new Date("2026-11-28T15:00:00Z");
const T = NOW.getTime();

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());

const run = (sql: string, ...params: unknown[]) => worker.db.prepare(sql).bind(...params);

/** A quote request `id` named `name`, in `status`, arrived at `createdAt` (ms), of customer `customerId`. */
const request = (id: string, name: string, status: string, createdAt: number, customerId: string | null = null) =>
  run(
    "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, customer_id) VALUES (?, ?, ?, ?, 'c@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', ?, ?)",
    id,
    createdAt,
    createdAt,
    name,
    status,
    customerId,
  );

/** A priced quote of request `requestId`, sent at `sentAt` (ms), valid `validDays` days (1 to 365). */
const quote = (requestId: string, sentAt: number, validDays = 14) =>
  run(
    "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, 16000, ?, 'Quote', ?)",
    crypto.randomUUID(),
    requestId,
    validDays,
    sentAt,
  );

/** A visit `id` of request `requestId` on `day` in `start`-`end`, in `status`, on crew `crewId` (null: unassigned). */
const visit = (id: string, requestId: string, day: string, start: string, end: string, status: string, crewId: string | null) =>
  run(
    "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, created_at, updated_at) VALUES (?, ?, 'q', ?, ?, ?, ?, ?, 'deep-clean', 16000, ?, 1, 1)",
    id,
    requestId,
    day,
    start,
    end,
    status,
    `${id} Street`,
    crewId,
  );

const crew = (id: string, name: string, position: number) =>
  run("INSERT INTO crews (id, name, position, created_at, updated_at) VALUES (?, ?, ?, 1, 1)", id, name, position);

const message = (status: string, createdAt: number) =>
  run(
    "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status) VALUES (?, ?, ?, 'M', 'm@example.com', 'Hi', ?)",
    crypto.randomUUID(),
    createdAt,
    createdAt,
    status,
  );

let invoiceSeq = 0;
/** An invoice (or credit note of `creditFor`) of `totalCents`, in `status`, due `dueDate`. */
function invoice(id: string, status: string, totalCents: number, dueDate: string, creditFor: string | null = null) {
  const n = ++invoiceSeq;
  const issued = status !== "draft";
  return run(
    `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, credit_for_id, bill_to_name, issue_date, due_date,
       subtotal_cents, tax_cents, total_cents, token, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'customer', ?, 'Owes', ?, ?, ?, 0, ?, ?, 1, 1)`,
    id,
    creditFor ? "credit_note" : "invoice",
    status,
    creditFor ? "credit" : "visit",
    issued ? "OV-2026" : null,
    issued ? n : null,
    issued ? `OV-2026-${String(n).padStart(4, "0")}` : null,
    creditFor,
    issued ? "2026-11-01" : null,
    dueDate,
    totalCents,
    totalCents,
    issued ? crypto.randomUUID().replaceAll("-", "") : null,
  );
}

/** A payment (or refund) of `cents` on invoice `invoiceId`, with a tip of `tipCents` besides. */
const payment = (invoiceId: string, cents: number, kind = "payment", tipCents = 0) =>
  run(
    "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, tip_cents, paid_on, idempotency_key, created_at) VALUES (?, ?, ?, 'cash', ?, ?, '2026-11-15', ?, 1)",
    crypto.randomUUID(),
    invoiceId,
    kind,
    cents,
    tipCents,
    crypto.randomUUID(),
  );

const review = (published: boolean) =>
  run(
    "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, 'R', 'residential', 5, 'Spotless.', '2026-11-20', ?, 1, 1)",
    crypto.randomUUID(),
    published ? 1 : 0,
  );

/** A panel's markup as the page renders it (its links inside a router), with its tags stripped to its words. */
function rendered(panel: ReactElement): { html: string; text: string } {
  const html = renderToStaticMarkup(createElement(StaticRouter, { location: "/admin" }, panel));
  return {
    html,
    text: html
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&"),
  };
}

describe("readTodayBoard", () => {
  // First: the file's database is still empty.
  test("on an empty database: no visits, every count 0, nothing to mark done", async () => {
    expect(await readTodayBoard(db, NOW)).toEqual({
      today: { day: "2026-11-28", visits: [], tomorrow: "2026-11-29", tomorrowCount: 0 },
      needsYou: {
        quotesWaiting: 0,
        visitsToMarkDone: 0,
        oldestVisitToMarkDone: null,
        unpaid: { count: 0, cents: 0 },
        overdue: { count: 0, cents: 0 },
        reviewsToPublish: 0,
      },
      retention: {
        lastRunAt: null,
        lastRunDay: null,
        photosDeleted: 0,
        requestsAnonymised: 0,
        messagesAnonymised: 0,
        mailBodiesCleared: 0,
      },
    });
    const board = await readTodayBoard(db, NOW);
    const today = rendered(createElement(TodayPanel, { today: board.today }));
    expect(today.text).toContain("Today, Saturday 28 Nov");
    expect(today.text).toContain("No visits today.");
    expect(today.text).toContain("Tomorrow: 0 visits");
    const frame = await readFrameFigures(db, NOW);
    const zero = { total: 0, attention: 0, overdue: 0 };
    expect(frame.counts).toEqual({ quotes: zero, messages: zero });
    const needs = rendered(createElement(NeedsYouPanel, { needsYou: board.needsYou, tabs: frame.counts, retention: board.retention }));
    expect(needs.text).toContain("Nothing needs you right now.");
    expect(board.retention).toMatchObject({ lastRunAt: null, lastRunDay: null, photosDeleted: 0 });
    expect(needs.text).toContain("Data retention has not run yet.");
  });

  test("reads the day's visits by crew and every count of Needs you from one data set", async () => {
    const old = T - 10 * 24 * HOUR_MS;
    await worker.db.batch([
      crew("crew-a", "Crew A", 1),
      crew("crew-b", "Crew B", 2),
      // The retention job's last run (app/server/retention), told under Needs you.
      run(
        `UPDATE retention_settings SET last_run_at = ${T - HOUR_MS}, last_run_day = '2026-11-28', last_photos_deleted = 3,
         last_requests_anonymised = 1, last_messages_anonymised = 1, last_mail_bodies_cleared = 40 WHERE id = 1`,
      ),
      run("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES ('cust-dee', 1, 1, 'Dee Evans', 'dee@example.com')"),
      // Requests to answer: 3 pending, of which 2 overdue (waiting 25 h, and exactly 24 h: app/domain/status.ts).
      request("pending-25h", "P1", "pending", T - 25 * HOUR_MS),
      request("pending-24h", "P2", "pending", T - 24 * HOUR_MS),
      request("pending-2h", "P3", "pending", T - 2 * HOUR_MS),
      // Quotes waiting: one quoted with a priced quote sent today; not: marked quoted without a quote, a quote expired.
      request("waiting", "Q1", "quoted", old),
      quote("waiting", T),
      request("marked", "Q2", "quoted", old),
      request("expired", "Q3", "quoted", old - 30 * 24 * HOUR_MS),
      quote("expired", old - 30 * 24 * HOUR_MS),
      // The visits' requests (quoted, no quote of their own: booked or done, never "waiting").
      request("r-cara", "Cara Diaz", "quoted", old),
      request("r-ann", "Ann Brown", "quoted", old),
      request("r-bob", "Bob Chin", "quoted", old),
      request("r-dee", " ", "quoted", old, "cust-dee"),
      request("r-old", "Old Visits", "quoted", old),
      // Today: crew A 8:00 no-show and 13:00 done, crew B 9:00, unassigned 10:00; a cancelled and a skipped one left out.
      visit("v-b-9", "r-cara", "2026-11-28", "09:00", "11:00", "scheduled", "crew-b"),
      visit("v-a-13", "r-ann", "2026-11-28", "13:00", "15:00", "done", "crew-a"),
      visit("v-a-8", "r-bob", "2026-11-28", "08:00", "10:00", "no_show", "crew-a"),
      visit("v-none-10", "r-dee", "2026-11-28", "10:00", "12:00", "scheduled", null),
      visit("v-a-cancelled", "r-ann", "2026-11-28", "11:00", "13:00", "cancelled", "crew-a"),
      visit("v-b-skipped", "r-cara", "2026-11-28", "14:00", "16:00", "skipped", "crew-b"),
      // Tomorrow: 2 scheduled (and a cancelled one); the day after is not counted.
      visit("v-t1", "r-cara", "2026-11-29", "09:00", "11:00", "scheduled", "crew-a"),
      visit("v-t2", "r-ann", "2026-11-29", "13:00", "15:00", "scheduled", null),
      visit("v-t3", "r-bob", "2026-11-29", "09:00", "11:00", "cancelled", null),
      visit("v-later", "r-bob", "2026-11-30", "09:00", "11:00", "scheduled", null),
      // To mark done: 2 still scheduled on past days (the oldest 2026-11-20); one done in the past is not.
      visit("v-past-20", "r-old", "2026-11-20", "09:00", "11:00", "scheduled", "crew-a"),
      visit("v-past-25", "r-old", "2026-11-25", "09:00", "11:00", "scheduled", null),
      visit("v-past-done", "r-old", "2026-11-26", "09:00", "11:00", "done", null),
      // Contact messages: 2 unread (one waiting 30 h: overdue), one read long ago.
      message("unread", T - 30 * HOUR_MS),
      message("unread", T - HOUR_MS),
      message("read", T - 48 * HOUR_MS),
      // Invoices on 2026-11-28: owing J$30,000 (overdue), J$54,000 (due later), J$6,000 (due today), J$4,000 after a refund (overdue);
      // not owing: paid in full, credited in full, void, a draft.
      invoice("i-part", "issued", 5_000_000, "2026-11-20"),
      payment("i-part", 2_000_000),
      invoice("i-later", "issued", 5_400_000, "2026-12-05"),
      invoice("i-today", "issued", 600_000, "2026-11-28"),
      invoice("i-refunded", "issued", 1_000_000, "2026-11-10"),
      payment("i-refunded", 1_000_000),
      payment("i-refunded", 400_000, "refund"),
      invoice("i-paid", "issued", 1_000_000, "2026-11-01"),
      payment("i-paid", 1_000_000),
      invoice("i-credited", "issued", 2_000_000, "2026-11-27"),
      invoice("i-credit-note", "issued", 2_000_000, "2026-11-27", "i-credited"),
      invoice("i-void", "void", 800_000, "2026-11-01"),
      invoice("i-draft", "draft", 700_000, "2026-11-01"),
      // Reviews: 2 to publish, 1 published.
      review(false),
      review(false),
      review(true),
    ]);

    const board = await readTodayBoard(db, NOW);
    expect(board.today).toEqual({
      day: "2026-11-28",
      tomorrow: "2026-11-29",
      tomorrowCount: 2,
      visits: [
        {
          id: "v-a-8",
          quoteRequestId: "r-bob",
          crewId: "crew-a",
          crewName: "Crew A",
          windowStart: "08:00",
          windowEnd: "10:00",
          status: "no_show",
          customerName: "Bob Chin",
          serviceType: "deep-clean",
          address: "v-a-8 Street",
        },
        expect.objectContaining({ id: "v-a-13", crewName: "Crew A", status: "done", customerName: "Ann Brown" }),
        expect.objectContaining({ id: "v-b-9", crewId: "crew-b", crewName: "Crew B", status: "scheduled", customerName: "Cara Diaz" }),
        // A request whose name is blank reads its customer's.
        expect.objectContaining({ id: "v-none-10", crewId: null, crewName: null, customerName: "Dee Evans" }),
      ],
    });
    const { counts } = await readFrameFigures(db, NOW);
    expect({ quotes: counts.quotes.attention, overdue: counts.quotes.overdue }).toEqual({ quotes: 3, overdue: 2 });
    expect({ messages: counts.messages.attention, overdue: counts.messages.overdue }).toEqual({ messages: 2, overdue: 1 });
    expect(board.needsYou).toEqual({
      quotesWaiting: 1,
      visitsToMarkDone: 2,
      oldestVisitToMarkDone: "2026-11-20",
      // 3,000,000 + 5,400,000 + 600,000 + 400,000; overdue: 3,000,000 + 400,000.
      unpaid: { count: 4, cents: 9_400_000 },
      overdue: { count: 2, cents: 3_400_000 },
      reviewsToPublish: 2,
    });

    const today = rendered(createElement(TodayPanel, { today: board.today }));
    expect(today.text.indexOf("Crew A")).toBeLessThan(today.text.indexOf("Crew B"));
    expect(today.text.indexOf("Crew B")).toBeLessThan(today.text.indexOf("Unassigned"));
    expect(today.text).toContain("8:00 AM-10:00 AM");
    expect(today.html).toContain('href="/admin/quotes/r-bob"');
    expect(today.text).toContain("No-show");
    expect(today.html).toContain('href="/admin/schedule?day=2026-11-29"');
    expect(today.text).toContain("Tomorrow: 2 visits");
    const needs = rendered(createElement(NeedsYouPanel, { needsYou: board.needsYou, tabs: counts, retention: board.retention }));
    for (const line of [
      "3 quote requests to answer · 2 overdue",
      "2 contact messages unread · 1 overdue",
      "1 quote waiting for the customer",
      "2 visits to mark done",
      "4 unpaid invoices · J$94,000.00 · 2 overdue (J$34,000.00)",
      "2 reviews to publish",
      "Data retention, last run 28 Nov: 3 photos deleted, 2 records anonymised, 40 e-mail texts cleared.",
    ]) {
      expect(needs.text).toContain(line);
    }
    for (const href of [
      "/admin/quotes?status=pending",
      "/admin/messages?status=unread",
      "/admin/quotes?stage=quoted",
      "/admin/schedule?day=2026-11-20",
      "/admin/invoices/unpaid",
      "/admin/reviews",
    ]) {
      expect(needs.html).toContain(`href="${href.replace("&", "&amp;")}"`);
    }
  });

  test("the quotes waiting, bounded to quotes still valid, count what the stage counts over every request", async () => {
    const start = jamaicaDayStart("2026-11-28") as number;
    const ago = (days: number) => start - days * DAY_MS;
    await worker.db.batch([
      // Waiting: sent 364 days ago valid 365; valid to the very start of today; an older expired quote and a newer valid one;
      // a pending request with a priced quote.
      request("w-364", "W1", "quoted", ago(400)),
      quote("w-364", ago(364), 365),
      request("w-edge", "W2", "quoted", ago(40)),
      quote("w-edge", ago(30), 30),
      request("w-renewed", "W3", "quoted", ago(90)),
      quote("w-renewed", ago(80), 7),
      quote("w-renewed", ago(5), 30),
      request("w-pending", "W4", "pending", ago(3)),
      quote("w-pending", ago(2), 30),
      // Not waiting: 400 days old; expired by a millisecond; a newer quote expired though an older one is still valid;
      // accepted (booked), visited (done), cancelled, completed.
      request("n-400", "N1", "quoted", ago(410)),
      quote("n-400", ago(400), 365),
      request("n-ms", "N2", "quoted", ago(40)),
      quote("n-ms", ago(30) - 1, 30),
      request("n-newer-expired", "N3", "quoted", ago(120)),
      quote("n-newer-expired", ago(100), 365),
      quote("n-newer-expired", ago(20), 7),
      request("n-booked", "N4", "quoted", ago(10)),
      quote("n-booked", ago(9), 30),
      visit("v-n-booked", "n-booked", "2026-12-02", "09:00", "11:00", "scheduled", null),
      request("n-done", "N5", "quoted", ago(10)),
      quote("n-done", ago(9), 30),
      visit("v-n-done", "n-done", "2026-11-27", "09:00", "11:00", "done", null),
      request("n-cancelled", "N6", "cancelled", ago(10)),
      quote("n-cancelled", ago(9), 30),
      request("n-completed", "N7", "completed", ago(10)),
      quote("n-completed", ago(9), 30),
    ]);
    const unbounded = async (now: Date) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(schema.quoteRequests)
            .where(and(stageCondition("quoted", now), sql`${stageColumns(now).priced}`))
        )[0]?.n,
      );
    const bounded = async (now: Date) => Number((await quotesWaitingQuery(db, now))[0]?.n);
    // The earlier test's "waiting" and the four above.
    expect(await bounded(NOW)).toBe(5);
    expect((await readTodayBoard(db, NOW)).needsYou.quotesWaiting).toBe(5);
    for (const days of [-400, -30, -1, 0, 1, 2, 7, 14, 30, 60, 364, 365, 366, 400]) {
      const now = new Date(T + days * DAY_MS);
      expect(await bounded(now), `${days} days from now`).toBe(await unbounded(now));
    }
  });

  test("the open invoices the writes keep, and so the unpaid totals, equal balanceSql's on varied invoices and every change of status", async () => {
    await worker.db.batch([
      // Partly paid with a tip (the tip is not paid off the balance); overpaid (in credit); partly credited and partly paid;
      // a void credit note (credits nothing); paid, refunded in full and paid again; an issued credit note itself.
      invoice("j-tip", "issued", 1_000_000, "2026-11-01"),
      payment("j-tip", 600_000, "payment", 50_000),
      invoice("j-over", "issued", 500_000, "2026-11-01"),
      payment("j-over", 700_000),
      invoice("j-mixed", "issued", 3_000_000, "2026-12-20"),
      invoice("j-mixed-cn", "issued", 1_000_000, "2026-12-20", "j-mixed"),
      payment("j-mixed", 500_000),
      invoice("j-void-cn", "issued", 900_000, "2026-11-02"),
      invoice("j-void-cn-note", "void", 900_000, "2026-11-02", "j-void-cn"),
      invoice("j-again", "issued", 800_000, "2026-11-03"),
      payment("j-again", 800_000),
      payment("j-again", 800_000, "refund"),
      payment("j-again", 300_000),
      // A payment recorded on an invoice later voided: a void invoice is never counted as unpaid.
      payment("i-void", 100_000),
    ]);
    /** The issued invoices owing by the rule itself, each balance worked out by balanceSql, against the rows kept. */
    const expectKeptEqualsRule = async () => {
      const byRule = await db
        .select({
          invoiceId: schema.invoices.id,
          dueDate: schema.invoices.dueDate,
          balanceCents: sql<number>`${balanceSql(schema.invoices)}`,
        })
        .from(schema.invoices)
        .where(and(eq(schema.invoices.kind, "invoice"), eq(schema.invoices.status, "issued"), sql`${balanceSql(schema.invoices)} > 0`))
        .orderBy(schema.invoices.id);
      expect(await db.select().from(schema.openInvoices).orderBy(schema.openInvoices.invoiceId)).toEqual(byRule);
      return byRule;
    };
    const kept = await expectKeptEqualsRule();
    expect(kept.map((row) => row.invoiceId)).not.toContain("j-over"); // in credit: -200,000
    // The changes of status the app makes, each followed: a draft credit note issued, then voided; an invoice voided; a draft invoice issued.
    await worker.db.batch([
      invoice("j-tip-cn", "draft", 100_000, "2026-11-01", "j-tip"),
      invoice("j-late", "draft", 250_000, "2026-11-30"),
    ]);
    await expectKeptEqualsRule();
    await run(
      "UPDATE invoices SET status = 'issued', series = 'OV-2026', seq = 900, number = 'OV-2026-0900', issue_date = '2026-11-20', token = 'token-j-tip-cn' WHERE id = 'j-tip-cn'",
    ).run();
    expect((await expectKeptEqualsRule()).find((row) => row.invoiceId === "j-tip")?.balanceCents).toBe(300_000);
    await run("UPDATE invoices SET status = 'void', void_reason = 'Wrong amount', voided_at = 1 WHERE id = 'j-tip-cn'").run();
    expect((await expectKeptEqualsRule()).find((row) => row.invoiceId === "j-tip")?.balanceCents).toBe(400_000);
    await run(
      "UPDATE invoices SET status = 'issued', series = 'OV-2026', seq = 901, number = 'OV-2026-0901', issue_date = '2026-11-20', token = 'token-j-late' WHERE id = 'j-late'",
    ).run();
    expect((await expectKeptEqualsRule()).map((row) => row.invoiceId)).toContain("j-late");
    await run("UPDATE invoices SET status = 'void', void_reason = 'Sent twice', voided_at = 1 WHERE id = 'j-late'").run();
    expect((await expectKeptEqualsRule()).map((row) => row.invoiceId)).not.toContain("j-late");
    // A reminder's update (not of status) leaves the rows and D1's count of changes alone.
    const reminded = await run("UPDATE invoices SET reminded_at = 2 WHERE id = 'j-tip'").run();
    expect(reminded.meta.changes).toBe(1);
    await expectKeptEqualsRule();
    // The totals as the unbounded per-invoice rule gives them.
    const issued = await db
      .select({ balance: sql<number>`${balanceSql(schema.invoices)}`, dueDate: schema.invoices.dueDate })
      .from(schema.invoices)
      .where(and(eq(schema.invoices.kind, "invoice"), eq(schema.invoices.status, "issued")));
    const owing = issued.filter((row) => row.balance > 0);
    const overdue = owing.filter((row) => row.dueDate < "2026-11-28");
    const sum = (rows: { balance: number }[]) => rows.reduce((total, row) => total + row.balance, 0);
    expect((await unpaidTotalsQuery(db, "2026-11-28"))[0]).toEqual({
      count: owing.length,
      cents: sum(owing),
      overdueCount: overdue.length,
      overdueCents: sum(overdue),
    });
    // The earlier test's four, and j-tip 400,000 (overdue), j-mixed 1,500,000, j-void-cn 900,000 (overdue), j-again 500,000 (overdue).
    expect(owing.length).toBe(8);
    expect(sum(owing)).toBe(9_400_000 + 400_000 + 1_500_000 + 900_000 + 500_000);
  });
});
