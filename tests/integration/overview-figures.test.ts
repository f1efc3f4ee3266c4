/**
 * The overview's figures (app/server/overview/figures.server.ts, docs/product.md §16 "The
 * numbers") against real D1 in Miniflare, migrated with the project's migrations: an empty
 * company gives zeros and nulls (no NaN); then a small company built by hand, on a fixed today
 * (Wednesday 2026-11-18, "this month": November 1–18 against October 1–18), gives every figure,
 * current, previous and trend buckets, as computed by hand in the comments. The file's worker
 * has its own fresh database, so nothing else's rows count. Last, the summaries the figures read
 * (migrations/0019_overview_summaries.sql, 0024_overview_answers_served.sql, 0029_overview_days_folded.sql
 * and 0030_overview_served_since.sql) follow every kind of write and equal a recompute from the rows.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HOUR_MS, jamaicaDayStart } from "~/domain/dates";
import { resolvePeriod } from "~/domain/overview";
import type { Database } from "~/server/platform";
import { mergeCustomers, splitRecord } from "~/server/customers";
import { readOverviewFigures, type OverviewFigures } from "~/server/overview";
import * as schema from "../../drizzle/schema";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());

const TODAY = "2026-11-18";
const THIS_MONTH = resolvePeriod({}, TODAY).period;

/** An instant `hours` after the start of the Jamaica day `day` (ms since the epoch). */
const at = (day: string, hours = 0) => jamaicaDayStart(day)! + hours * HOUR_MS;

/** The buckets of a trend with a non-zero value, by key, for compact expectations. */
function nonZero<T extends { key: string }>(buckets: T[], has: (bucket: T) => boolean): Record<string, Omit<T, "key">> {
  return Object.fromEntries(buckets.filter(has).map(({ key, ...rest }) => [key, rest]));
}

describe("an empty company", () => {
  test("every figure is zero or null, every trend zero-filled with its 12 keys", async () => {
    const figures = await readOverviewFigures(db, THIS_MONTH, TODAY);
    expect(JSON.stringify(figures)).not.toContain("NaN");
    expect(figures.requests).toMatchObject({ current: 0, previous: 0 });
    expect(figures.requests.weeks.map((week) => week.key)).toEqual([
      "2026-08-31",
      "2026-09-07",
      "2026-09-14",
      "2026-09-21",
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
    ]);
    expect(figures.requests.weeks.every((week) => week.count === 0)).toBe(true);
    expect(figures.conversion).toMatchObject({ current: { quoted: 0, booked: 0 }, previous: { quoted: 0, booked: 0 } });
    expect(figures.conversion.months.map((month) => month.key)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(figures.revenue.current).toEqual({ bookedCents: 0, collectedCents: 0 });
    expect(figures.revenue.months[11]).toEqual({ key: "2026-11", bookedCents: 0, collectedCents: 0 });
    expect(figures.firstAnswer.current).toEqual({ answered: 0, averageHours: null });
    expect(figures.firstAnswer.weeks[0]).toEqual({ key: "2026-08-31", answered: 0, averageHours: null });
    expect(figures.repeatCustomers.current).toEqual({ customers: 0, repeat: 0 });
    expect(figures.repeatCustomers.months).toHaveLength(12);
    expect(figures.rating.current).toEqual({ count: 0, average: null });
    expect(figures.rating.months[0]).toEqual({ key: "2025-12", count: 0, average: null });
    // No crew at all: the settings' defaults (2 a window, 3 windows, Monday to Saturday), as booking.
    // Nov 18 – Dec 1 has 12 days Monday to Saturday (Sundays 22 and 29 left out): 12 × 3 × 2 = 72.
    // Nov 4 – 17 has 12 as well (Sundays 8 and 15): 72.
    expect(figures.crewLoad).toEqual({
      current: { booked: 0, capacity: 72 },
      previous: { booked: 0, capacity: 72 },
      crews: [],
      from: "2026-11-18",
      to: "2026-12-01",
    });
  });
});

describe("a small company", () => {
  let figures: OverviewFigures;
  beforeAll(async () => {
    const run = (statement: string, ...values: unknown[]) => worker.db.prepare(statement).bind(...values);
    const request = (id: string, createdAt: number, firstReplyAt: number | null, customerId: string | null) =>
      run(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, first_reply_at, customer_id) VALUES (?, ?, ?, 'Client', 'client@example.com', '876 555 0101', '1 Main Street', 'residential', 'quoted', ?, ?)",
        id,
        createdAt,
        createdAt,
        firstReplyAt,
        customerId,
      );
    const message = (id: string, createdAt: number, firstReplyAt: number | null) =>
      run(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status, first_reply_at) VALUES (?, ?, ?, 'Sender', 'sender@example.com', 'Hello', 'read', ?)",
        id,
        createdAt,
        createdAt,
        firstReplyAt,
      );
    const reply = (id: string, kind: "quote" | "reply", requestId: string, createdAt: number) =>
      run(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, ?, 'quote_request', ?, ?, ?, 'Text', ?)",
        id,
        kind,
        requestId,
        kind === "quote" ? 15000 : null,
        kind === "quote" ? 14 : null,
        createdAt,
      );
    const visit = (id: string, requestId: string, day: string, status: string, amountJmd: number, crewId: string | null, start = "09:00") =>
      run(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, created_at, updated_at) VALUES (?, ?, 'quote', ?, ?, '11:00', ?, '1 Main Street', 'residential', ?, ?, 0, 0)",
        id,
        requestId,
        day,
        start,
        status,
        amountJmd,
        crewId,
      );
    const crew = (id: string, name: string, workingDays: number[], active: boolean, position: number) =>
      run(
        "INSERT INTO crews (id, name, working_days, active, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)",
        id,
        name,
        JSON.stringify(workingDays),
        active ? 1 : 0,
        position,
      );
    const payment = (kind: "payment" | "refund", cents: number, paidOn: string, tipCents = 0) =>
      run(
        "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, tip_cents, paid_on, idempotency_key, created_at) VALUES (?, 'inv-1', ?, 'cash', ?, ?, ?, ?, 0)",
        crypto.randomUUID(),
        kind,
        cents,
        tipCents,
        paidOn,
        crypto.randomUUID(),
      );
    const review = (rating: number, reviewedOn: string, published: boolean) =>
      run(
        "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, 'Author', 'residential', ?, 'Good', ?, ?, 0, 0)",
        crypto.randomUUID(),
        rating,
        reviewedOn,
        published ? 1 : 0,
      );

    await worker.db.batch([
      // The customers (their first visit done is kept by migrations/0019_overview_summaries.sql's triggers).
      ...["c1", "c2", "c3", "c4", "c5", "c6"].map((id) =>
        run("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, 0, 0, 'Client', ?)", id, `${id}@example.com`),
      ),
      // Requests (customer c1 … c6; r3 and r10 have none). r2 arrives at 23:30 on Nov 17 in Jamaica
      // (04:30 UTC on the 18th), r8 at 23:59 on Oct 31 (UTC: Nov 1), r7 at 00:00 on Nov 1.
      request("r1", at("2026-11-02", 10), at("2026-11-02", 12), "c1"), // answered after 2 h
      request("r2", at("2026-11-17", 23.5), at("2026-11-17", 27.5), "c2"), // 4 h
      request("r3", at("2026-11-18", 8), null, null),
      request("r4", at("2026-10-05", 9), at("2026-10-05", 19), "c3"), // 10 h
      request("r5", at("2026-10-20", 9), at("2026-10-20", 10), "c1"), // 1 h
      request("r6", at("2026-06-10", 9), at("2026-06-10", 12), "c1"),
      request("r7", at("2026-11-01", 0), null, "c2"),
      request("r8", at("2026-10-31", 23 + 59 / 60), null, "c4"),
      request("r9", at("2026-09-01", 9), null, "c5"),
      request("r10", at("2026-10-18", 23), at("2026-10-19", 0.5), null), // 1.5 h
      request("r11", at("2026-11-03", 9), at("2026-11-03", 14), "c6"), // 5 h
      message("m1", at("2026-11-10", 9), at("2026-11-10", 15)), // 6 h
      message("m2", at("2026-10-10", 9), at("2026-10-11", 5)), // 20 h
      message("m3", at("2026-11-12", 9), null),
      // Quotes: r1's first on Nov 2 (its second on Nov 5 does not count again), r4's first on Oct 6
      // (its second, Nov 4, is not a first), r11 two at the same instant (counted once).
      reply("q1", "quote", "r1", at("2026-11-02", 14)),
      reply("q1b", "quote", "r1", at("2026-11-05", 9)),
      reply("q2", "quote", "r2", at("2026-11-18", 9)),
      reply("q4", "quote", "r4", at("2026-10-06", 9)),
      reply("q4b", "quote", "r4", at("2026-11-04", 9)),
      reply("q5", "quote", "r5", at("2026-10-25", 9)),
      reply("q6", "quote", "r6", at("2026-06-11", 9)),
      reply("q8", "quote", "r8", at("2026-11-01", 10)),
      reply("q9", "quote", "r9", at("2026-09-02", 9)),
      reply("q10", "quote", "r10", at("2026-10-18", 20)),
      reply("q11", "quote", "r11", at("2026-11-03", 12)),
      reply("q11b", "quote", "r11", at("2026-11-03", 12)),
      reply("a3", "reply", "r3", at("2026-11-18", 10)),
      // Crews: A works Monday to Friday, B Monday to Saturday, C is inactive.
      crew("k1", "Crew A", [1, 2, 3, 4, 5], true, 1),
      crew("k2", "Crew B", [1, 2, 3, 4, 5, 6], true, 2),
      crew("k3", "Crew C", [1, 2, 3, 4, 5, 6], false, 3),
      run("INSERT INTO days_off (day, name, created_at) VALUES ('2026-11-20', 'Staff day', 0), ('2026-11-07', 'Retreat', 0)"),
    ]);
    await worker.db.batch([
      visit("v1", "r6", "2026-06-20", "done", 10000, "k1"),
      visit("v2", "r4", "2026-10-10", "done", 12000, "k2"),
      visit("v3", "r5", "2026-10-28", "done", 8000, "k1"),
      visit("v4", "r1", "2026-11-10", "done", 15000, "k1"),
      visit("v5", "r7", "2026-11-12", "no_show", 9000, "k2"),
      visit("v6", "r2", "2026-11-13", "cancelled", 7000, null),
      visit("v7", "r8", "2026-11-16", "skipped", 5000, "k2"),
      visit("v8", "r4", "2026-11-17", "scheduled", 11000, "k1"),
      visit("v9", "r4", "2026-11-18", "done", 11000, "k1"),
      visit("v10", "r1", "2026-11-18", "scheduled", 15000, "k1", "11:00"),
      visit("v11", "r2", "2026-11-19", "scheduled", 7000, "k2"),
      visit("v12", "r7", "2026-11-25", "scheduled", 9000, null),
      visit("v13", "r5", "2026-11-26", "cancelled", 8000, "k2"),
      visit("v14", "r1", "2026-12-02", "scheduled", 15000, "k1"),
      visit("v15", "r5", "2026-10-15", "done", 8000, null),
      visit("v16", "r9", "2026-11-05", "done", 20000, "k2"),
      visit("v17", "r3", "2026-11-06", "done", 6000, "k1"),
      run(
        `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, bill_to_name, issue_date, due_date, tax_rate_bp,
          subtotal_cents, discount_cents, tax_cents, total_cents, token, issued_at, created_at, updated_at)
         VALUES ('inv-1', 'invoice', 'issued', 'visit', 'INV-2090', 1, 'INV-2090-0001', 'c1', 'Client', '2026-10-01', '2026-10-08', 0,
          9000000, 0, 0, 9000000, 'overview-figures-token', 0, 0, 0)`,
      ),
    ]);
    await worker.db.batch([
      payment("payment", 500000, "2026-11-03", 10000), // its tip does not count
      payment("payment", 250000, "2026-11-18"),
      payment("refund", 100000, "2026-11-10"),
      payment("payment", 300000, "2026-10-18"),
      payment("payment", 700000, "2026-10-25"),
      payment("payment", 999900, "2026-11-19"), // after the period's last day
      review(5, "2026-11-05", true),
      review(4, "2026-11-18", false),
      review(3, "2026-10-18", true),
      review(2, "2026-10-01", true),
      review(1, "2026-11-19", true), // after the period's last day
      review(5, "2026-03-15", true),
    ]);
    figures = await readOverviewFigures(db, THIS_MONTH, TODAY);
  });

  test("requests: received on a Jamaica day of the range, both ends included; per week", () => {
    // Nov 1–18: r7 (Nov 1, 00:00), r1, r11, r2 (Nov 17, 23:30), r3 = 5. Oct 1–18: r4, r10 (Oct 18, 23:00) = 2;
    // r8 (Oct 31, 23:59) and r5 (Oct 20) are in neither.
    expect(figures.requests.current).toBe(5);
    expect(figures.requests.previous).toBe(2);
    // Weeks by Monday: r9 (Tue Sep 1) in Aug 31's; r8 (Sat Oct 31) and r7 (Sun Nov 1) in Oct 26's;
    // r2 (Tue Nov 17) and r3 (Wed Nov 18) in Nov 16's; r6 (June) is before the 12 weeks.
    expect(nonZero(figures.requests.weeks, (week) => week.count > 0)).toEqual({
      "2026-08-31": { count: 1 },
      "2026-10-05": { count: 1 },
      "2026-10-12": { count: 1 },
      "2026-10-19": { count: 1 },
      "2026-10-26": { count: 2 },
      "2026-11-02": { count: 2 },
      "2026-11-16": { count: 2 },
    });
  });

  test("conversion: requests by the day of their first priced quote, booked when any visit is on record", () => {
    // Nov 1–18 first quotes: r1 (Nov 2), r2 (Nov 18), r8 (Nov 1), r11 (Nov 3, two at once: one) = 4;
    // booked: r1 (v4), r2 (v6 cancelled, v11), r8 (v7 skipped) = 3; r11 has no visit. r4's quote of
    // Nov 4 is not its first. Oct 1–18: r4 (Oct 6, booked), r10 (Oct 18, not booked).
    expect(figures.conversion.current).toEqual({ quoted: 4, booked: 3 });
    expect(figures.conversion.previous).toEqual({ quoted: 2, booked: 1 });
    // Months: June r6 (v1); September r9 (v16); October r4, r5 (booked), r10 (not); November as above.
    expect(nonZero(figures.conversion.months, (month) => month.quoted > 0)).toEqual({
      "2026-06": { quoted: 1, booked: 1 },
      "2026-09": { quoted: 1, booked: 1 },
      "2026-10": { quoted: 3, booked: 2 },
      "2026-11": { quoted: 4, booked: 3 },
    });
  });

  test("revenue: visits scheduled or done by their day, payments less refunds by their day, in cents", () => {
    // Booked Nov 1–18: v4 15,000 + v8 11,000 + v9 11,000 + v10 15,000 + v16 20,000 + v17 6,000 = J$78,000
    // (no-show v5, cancelled v6, skipped v7 and v11 of Nov 19 left out). Oct 1–18: v2 12,000 + v15 8,000.
    // Collected Nov 1–18: 500,000 + 250,000 − 100,000 = 650,000 cents (the tip and Nov 19 left out); Oct 1–18: 300,000.
    expect(figures.revenue.current).toEqual({ bookedCents: 7_800_000, collectedCents: 650_000 });
    expect(figures.revenue.previous).toEqual({ bookedCents: 2_000_000, collectedCents: 300_000 });
    // October: v2 + v3 + v15 = J$28,000; 300,000 + 700,000 cents. November stops at the 18th.
    expect(nonZero(figures.revenue.months, (month) => month.bookedCents + month.collectedCents > 0)).toEqual({
      "2026-06": { bookedCents: 1_000_000, collectedCents: 0 },
      "2026-10": { bookedCents: 2_800_000, collectedCents: 1_000_000 },
      "2026-11": { bookedCents: 7_800_000, collectedCents: 650_000 },
    });
  });

  test("first answer: requests and messages of the range with a first reply, their mean wait in hours", () => {
    // Nov 1–18: r1 2 h, r2 4 h, r11 5 h, m1 6 h: 17 / 4 = 4.25 h (r3, r7, m3 unanswered).
    // Oct 1–18: r4 10 h, r10 1.5 h, m2 20 h: 31.5 / 3 = 10.5 h.
    expect(figures.firstAnswer.current).toEqual({ answered: 4, averageHours: 4.25 });
    expect(figures.firstAnswer.previous).toEqual({ answered: 3, averageHours: 10.5 });
    // Weeks of arrival: Oct 5's r4 10 h + m2 20 h = 15 h; Nov 2's r1 2 h + r11 5 h = 3.5 h; unanswered weeks null.
    expect(nonZero(figures.firstAnswer.weeks, (week) => week.answered > 0)).toEqual({
      "2026-10-05": { answered: 2, averageHours: 15 },
      "2026-10-12": { answered: 1, averageHours: 1.5 },
      "2026-10-19": { answered: 1, averageHours: 1 },
      "2026-11-02": { answered: 2, averageHours: 3.5 },
      "2026-11-09": { answered: 1, averageHours: 6 },
      "2026-11-16": { answered: 1, averageHours: 4 },
    });
    expect(figures.firstAnswer.weeks.find((week) => week.key === "2026-10-26")).toEqual({
      key: "2026-10-26",
      answered: 0,
      averageHours: null,
    });
  });

  test("crew load: places held against the active crews' places, booking's capacity rule", () => {
    // Nov 18 – Dec 1 holds v9 (today, done), v10, v11, v12 (no crew) = 4; v13 cancelled, v14 on Dec 2.
    // Places: 3 windows a working day, none on Sundays (settings) or Nov 20 (day off). Crew A, Monday to
    // Friday: Nov 18, 19, 23–27 but 20, 30, Dec 1 = 9 days × 3 = 27. Crew B adds Saturdays 21 and 28:
    // 11 × 3 = 33. Crew C is inactive. 27 + 33 = 60.
    // Nov 4–17 holds v4 (done), v5 (no-show), v8 (scheduled), v16, v17 (done) = 5; v6 cancelled, v7 skipped.
    // Places: Crew A Nov 4–6, 9–13, 16, 17 = 10 × 3 = 30; Crew B also Saturday 14 (Saturday 7 is off) = 11 × 3 = 33.
    expect(figures.crewLoad).toEqual({
      current: { booked: 4, capacity: 60 },
      previous: { booked: 5, capacity: 63 },
      crews: [
        { id: "k1", name: "Crew A", booked: 2, capacity: 27 },
        { id: "k2", name: "Crew B", booked: 1, capacity: 33 },
        { id: null, name: "Unassigned", booked: 1, capacity: 0 },
      ],
      from: "2026-11-18",
      to: "2026-12-01",
    });
  });

  test("repeat customers: customers with a visit done in the range, repeat when one was done before it", () => {
    // Nov 1–18: c1 (v4; v1 in June before), c3 (v9; v2 in October before), c5 (v16, first) = 3, 2 repeat;
    // v17's request has no customer. Oct 1–18: c1 (v15; v1 before), c3 (v2, first) = 2, 1 repeat.
    expect(figures.repeatCustomers.current).toEqual({ customers: 3, repeat: 2 });
    expect(figures.repeatCustomers.previous).toEqual({ customers: 2, repeat: 1 });
    // June: c1's first (0 repeat). October: c1 (v3, v15: once; repeat), c3 (first).
    expect(nonZero(figures.repeatCustomers.months, (month) => month.customers > 0)).toEqual({
      "2026-06": { customers: 1, repeat: 0 },
      "2026-10": { customers: 2, repeat: 1 },
      "2026-11": { customers: 3, repeat: 2 },
    });
  });

  test("rating: reviews of the range, published or not, and their mean", () => {
    // Nov 1–18: 5 and 4 (unpublished) = 4.5 (the 1 of Nov 19 is after). Oct 1–18: 3 and 2 = 2.5.
    expect(figures.rating.current).toEqual({ count: 2, average: 4.5 });
    expect(figures.rating.previous).toEqual({ count: 2, average: 2.5 });
    expect(nonZero(figures.rating.months, (month) => month.count > 0)).toEqual({
      "2026-03": { count: 1, average: 5 },
      "2026-10": { count: 2, average: 2.5 },
      "2026-11": { count: 2, average: 4.5 },
    });
  });

  test("over the last 12 months, the months add up to the period's figures", async () => {
    const year = resolvePeriod({ period: "last-12-months" }, TODAY).period;
    const figures = await readOverviewFigures(db, year, TODAY);
    const sum = <T>(months: T[], of: (month: T) => number) => months.reduce((total, month) => total + of(month), 0);
    expect(figures.conversion.current.quoted).toBe(sum(figures.conversion.months, (month) => month.quoted));
    expect(figures.revenue.current.bookedCents).toBe(sum(figures.revenue.months, (month) => month.bookedCents));
    expect(figures.revenue.current.collectedCents).toBe(sum(figures.revenue.months, (month) => month.collectedCents));
    expect(figures.rating.current.count).toBe(sum(figures.rating.months, (month) => month.count));
    // Dec 2025 – Nov 18, 2026: conversion 1 + 1 + 3 + 4 = 9; booked J$10,000 + 28,000 + 78,000; collected 1,650,000.
    expect(figures.conversion.current).toEqual({ quoted: 9, booked: 7 });
    expect(figures.revenue.current).toEqual({ bookedCents: 11_600_000, collectedCents: 1_650_000 });
    // c1 (June first, then repeat), c3 (October first), c5: customers 3; repeat none before Dec 2025.
    expect(figures.repeatCustomers.current).toEqual({ customers: 3, repeat: 0 });
  });

  test("repeat customers over a range cut inside months: its whole months and its other days, each customer once", async () => {
    // June 21 – November 10: whole months July to October, and June 21–30 and November 1–10 day by day.
    // c1 (v3, v15 in October, v4 on Nov 10; first on June 20, before: repeat), c3 (v2, Oct 10, first), c5 (v16, Nov 5, first).
    const range = resolvePeriod({ period: "custom", from: "2026-06-21", to: "2026-11-10" }, TODAY).period;
    expect((await readOverviewFigures(db, range, TODAY)).repeatCustomers.current).toEqual({ customers: 3, repeat: 1 });
    // From June 20: c1's first visit is in the range, so no one is a repeat customer.
    const fromJune20 = resolvePeriod({ period: "custom", from: "2026-06-20", to: "2026-11-10" }, TODAY).period;
    expect((await readOverviewFigures(db, fromJune20, TODAY)).repeatCustomers.current).toEqual({ customers: 3, repeat: 0 });
    // October 11 – November 4, no whole month: c1 (v3 Oct 28, v15 Oct 15) alone.
    const noWholeMonth = resolvePeriod({ period: "custom", from: "2026-10-11", to: "2026-11-04" }, TODAY).period;
    expect((await readOverviewFigures(db, noWholeMonth, TODAY)).repeatCustomers.current).toEqual({ customers: 1, repeat: 1 });
  });

  test("customers served in any range, whole months or cut short, with visits done after it in its last month or not, equal a count of the visits", async () => {
    const servedByVisits = async (from: string, to: string) =>
      Number(
        (
          await worker.db
            .prepare(
              `SELECT count(DISTINCT q.customer_id) AS n FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id
               WHERE v.status = 'done' AND q.customer_id IS NOT NULL AND v.day BETWEEN ? AND ?`,
            )
            .bind(from, to)
            .first<{ n: number }>()
        )?.n,
      );
    const ranges: Array<[string, string]> = [];
    for (const from of ["2025-12-01", "2026-06-01", "2026-06-20", "2026-10-01", "2026-10-15", "2026-11-01"])
      for (const to of ["2026-10-14", "2026-10-28", "2026-10-31", "2026-11-04", "2026-11-10", "2026-11-18"])
        if (from <= to) ranges.push([from, to]);
    for (const [from, to] of ranges) {
      const period = resolvePeriod({ period: "custom", from, to }, TODAY).period;
      const figures = await readOverviewFigures(db, period, TODAY);
      expect({ from, to, customers: figures.repeatCustomers.current.customers }).toEqual({
        from,
        to,
        customers: await servedByVisits(from, to),
      });
      const previous = period.previous;
      expect({ ...previous, customers: figures.repeatCustomers.previous.customers }).toEqual({
        ...previous,
        customers: await servedByVisits(previous.from, previous.to),
      });
      // The trend's last month stops at the range's last day.
      const lastMonth = figures.repeatCustomers.months.at(-1)!;
      expect(lastMonth.customers).toBe(await servedByVisits(`${to.slice(0, 7)}-01`, to));
    }
  });
});

describe("the summaries the figures read", () => {
  const run = (statement: string, ...values: unknown[]) =>
    worker.db
      .prepare(statement)
      .bind(...values)
      .run();
  const all = async (statement: string) => (await worker.db.prepare(statement).all()).results;

  /**
   * Every summary column of migrations/0019_overview_summaries.sql, 0024_overview_answers_served.sql,
   * 0029_overview_days_folded.sql and 0030_overview_served_since.sql against the same figure computed
   * by a plain query over the rows (through the request for a visit's customer, never the summary columns).
   */
  async function expectSummariesMatchRows() {
    expect(
      await all(
        "SELECT day, booked_cents, collected_cents, requests FROM overview_days WHERE booked_cents <> 0 OR collected_cents <> 0 OR requests <> 0 ORDER BY day",
      ),
    ).toEqual(
      await all(`SELECT day, SUM(booked) AS booked_cents, SUM(collected) AS collected_cents, SUM(received) AS requests FROM (
          SELECT day, amount_jmd * 100 AS booked, 0 AS collected, 0 AS received FROM visits WHERE status IN ('scheduled', 'done')
          UNION ALL SELECT paid_on, 0, CASE kind WHEN 'payment' THEN amount_cents ELSE -amount_cents END, 0 FROM payments
          UNION ALL SELECT date((created_at - 18000000) / 1000, 'unixepoch'), 0, 0, 1 FROM quote_requests
        ) GROUP BY day HAVING SUM(booked) <> 0 OR SUM(collected) <> 0 OR SUM(received) <> 0 ORDER BY day`),
    );
    expect(
      await all("SELECT v.id FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id WHERE v.customer_id IS NOT q.customer_id"),
    ).toEqual([]);
    expect(await all("SELECT id, first_done_day FROM customers ORDER BY id")).toEqual(
      await all(`SELECT c.id, (SELECT MIN(v.day) FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id
          WHERE q.customer_id = c.id AND v.status = 'done') AS first_done_day FROM customers c ORDER BY c.id`),
    );
    const jamaicaDay = (column: string) => `date((${column} - 18000000) / 1000, 'unixepoch')`;
    expect(
      await all(
        "SELECT day, quoted, quoted_booked, answered, answer_wait_ms FROM overview_days WHERE quoted <> 0 OR quoted_booked <> 0 OR answered <> 0 OR answer_wait_ms <> 0 ORDER BY day",
      ),
    ).toEqual(
      await all(`SELECT day, SUM(quoted) AS quoted, SUM(booked) AS quoted_booked, SUM(answered) AS answered, SUM(wait) AS answer_wait_ms FROM (
          SELECT ${jamaicaDay("first_quote")} AS day, 1 AS quoted, booked, 0 AS answered, 0 AS wait FROM (
            SELECT (SELECT MIN(r.created_at) FROM customer_replies r WHERE r.entity = 'quote_request' AND r.entity_id = q.id AND r.kind = 'quote' AND r.amount_jmd > 0) AS first_quote,
              EXISTS (SELECT 1 FROM visits v WHERE v.quote_request_id = q.id) AS booked
            FROM quote_requests q
          ) WHERE first_quote IS NOT NULL
          UNION ALL SELECT ${jamaicaDay("created_at")}, 0, 0, 1, first_reply_at - created_at FROM quote_requests WHERE first_reply_at IS NOT NULL
          UNION ALL SELECT ${jamaicaDay("created_at")}, 0, 0, 1, first_reply_at - created_at FROM contact_messages WHERE first_reply_at IS NOT NULL
        ) GROUP BY day HAVING SUM(quoted) <> 0 OR SUM(answered) <> 0 ORDER BY day`),
    );
    expect(
      await all(
        "SELECT day, first_served, reviews, review_stars FROM overview_days WHERE first_served <> 0 OR reviews <> 0 OR review_stars <> 0 ORDER BY day",
      ),
    ).toEqual(
      await all(`SELECT day, SUM(first) AS first_served, SUM(counted) AS reviews, SUM(stars) AS review_stars FROM (
          SELECT first_done_day AS day, 1 AS first, 0 AS counted, 0 AS stars FROM customers WHERE first_done_day IS NOT NULL
          UNION ALL SELECT reviewed_on, 0, 1, rating FROM reviews
        ) GROUP BY day ORDER BY day`),
    );
    expect(await all("SELECT month, customer_id FROM overview_served_months ORDER BY month, customer_id")).toEqual(
      await all(`SELECT DISTINCT substr(v.day, 1, 7) AS month, q.customer_id FROM visits v JOIN quote_requests q ON q.id = v.quote_request_id
          WHERE v.status = 'done' AND q.customer_id IS NOT NULL ORDER BY month, q.customer_id`),
    );
    // Each pair's month served before (migrations/0030_overview_served_since.sql), and the pairs counted by it.
    expect(await all("SELECT month, customer_id, since FROM overview_served_months ORDER BY month, customer_id")).toEqual(
      await all(`SELECT month, customer_id, coalesce(lag(month) OVER (PARTITION BY customer_id ORDER BY month), '') AS since
          FROM overview_served_months ORDER BY month, customer_id`),
    );
    expect(await all("SELECT month, since, customers FROM overview_served_since WHERE customers <> 0 ORDER BY month, since")).toEqual(
      await all("SELECT month, since, count(*) AS customers FROM overview_served_months GROUP BY month, since ORDER BY month, since"),
    );
    // The months' counts (migrations/0028_overview_served_counts.sql): a month whose pairs are all gone may keep a 0.
    expect(await all("SELECT month, customers FROM overview_served_counts WHERE customers <> 0 ORDER BY month")).toEqual(
      await all("SELECT month, count(*) AS customers FROM overview_served_months GROUP BY month ORDER BY month"),
    );
    expect(await all("SELECT id, first_quote_at, first_visit_at FROM quote_requests ORDER BY id")).toEqual(
      await all(`SELECT q.id,
          (SELECT MIN(r.created_at) FROM customer_replies r WHERE r.entity = 'quote_request' AND r.entity_id = q.id AND r.kind = 'quote' AND r.amount_jmd > 0) AS first_quote_at,
          (SELECT MIN(v.created_at) FROM visits v WHERE v.quote_request_id = q.id) AS first_visit_at
        FROM quote_requests q ORDER BY q.id`),
    );
  }

  test("follow stored, moved, cancelled, done, repriced and deleted visits, payments, quotes, requests, first replies, messages, a merge and a split", async () => {
    // The small company's rows, as its inserts left them.
    await expectSummariesMatchRows();
    const userId = crypto.randomUUID();
    await run("INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, 'x', 0)", userId, `staff-${userId}@example.com`);
    const actor = { userId, email: `staff-${userId}@example.com` };
    const request = (id: string, createdAt: number, customerId: string) =>
      run(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, customer_id) VALUES (?, ?, ?, 'Client', ?, '876 555 0101', '1 Main Street', 'residential', 'quoted', ?)",
        id,
        createdAt,
        createdAt,
        `${customerId}@example.com`,
        customerId,
      );
    const visit = (id: string, requestId: string, day: string, status: string, amountJmd: number, createdAt: number) =>
      run(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'quote', ?, '13:00', '15:00', ?, '1 Main Street', 'residential', ?, ?, ?)",
        id,
        requestId,
        day,
        status,
        amountJmd,
        createdAt,
        createdAt,
      );
    const quote = (id: string, requestId: string, amountJmd: number | null, createdAt: number) =>
      run(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, ?, 14, 'Text', ?)",
        id,
        requestId,
        amountJmd,
        createdAt,
      );
    const payment = (kind: "payment" | "refund", cents: number, paidOn: string) =>
      run(
        "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, paid_on, idempotency_key, created_at) VALUES (?, 'inv-1', ?, 'cash', ?, ?, ?, 0)",
        crypto.randomUUID(),
        kind,
        cents,
        paidOn,
        crypto.randomUUID(),
      );

    // Two customers of their own, two requests each way; quotes (a later one, an unpriced one, an earlier one).
    for (const id of ["s1", "s2"]) {
      await run("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, 0, 0, 'Client', ?)", id, `${id}@example.com`);
    }
    await request("t1", at("2026-12-03", 9), "s1");
    await request("t2", at("2026-12-03", 23.5), "s1");
    await request("t3", at("2026-12-04", 2), "s2");
    await quote("tq1", "t1", 9000, at("2026-12-04", 9));
    await quote("tq2", "t1", 8000, at("2026-12-05", 9));
    await quote("tq3", "t3", null, at("2026-12-04", 8));
    await quote("tq4", "t3", 7000, at("2026-12-06", 8));
    await quote("tq5", "t1", 9500, at("2026-12-04", 7));
    await expectSummariesMatchRows();

    // First replies: a request answered (once: a second move keeps the first time), messages stored, answered, deleted.
    await run("UPDATE quote_requests SET first_reply_at = ? WHERE id = 't1'", at("2026-12-03", 15));
    await run("UPDATE quote_requests SET first_reply_at = coalesce(first_reply_at, ?) WHERE id = 't1'", at("2026-12-05"));
    await run("UPDATE quote_requests SET first_reply_at = ? WHERE id = 't3'", at("2026-12-05", 2));
    const message = (id: string, createdAt: number, firstReplyAt: number | null) =>
      run(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status, first_reply_at) VALUES (?, ?, ?, 'Client', 'client@example.com', 'Hello', 'unread', ?)",
        id,
        createdAt,
        createdAt,
        firstReplyAt,
      );
    await message("tm1", at("2026-12-03", 10), null);
    await message("tm2", at("2026-12-03", 11), at("2026-12-03", 12));
    await message("tm3", at("2026-12-04", 1), at("2026-12-06", 1));
    await run("UPDATE contact_messages SET first_reply_at = ? WHERE id = 'tm1'", at("2026-12-03", 20));
    await expectSummariesMatchRows();
    await run("DELETE FROM contact_messages WHERE id = 'tm2'");
    await expectSummariesMatchRows();

    // Visits stored (s1 done on Dec 10, s2 done on Dec 12 then Dec 8), one a day twice.
    await visit("tv1", "t1", "2026-12-10", "done", 9000, at("2026-12-05"));
    await visit("tv2", "t1", "2026-12-17", "scheduled", 9000, at("2026-12-05", 1));
    await visit("tv3", "t3", "2026-12-12", "done", 7000, at("2026-12-07"));
    await visit("tv4", "t3", "2026-12-10", "scheduled", 7000, at("2026-12-06"));
    await visit("tv5", "t3", "2026-12-08", "done", 7000, at("2026-12-06", 2));
    await payment("payment", 900_000, "2026-12-10");
    await payment("payment", 50_000, "2026-12-10");
    await payment("refund", 20_000, "2026-12-11");
    await expectSummariesMatchRows();
    // Reviews stored, re-rated, re-dated and deleted.
    const review = (id: string, rating: number, reviewedOn: string) =>
      run(
        "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, 'Author', 'residential', ?, 'Good', ?, 0, 0, 0)",
        id,
        rating,
        reviewedOn,
      );
    await review("tr1", 5, "2026-12-10");
    await review("tr2", 3, "2026-12-10");
    await review("tr3", 4, "2026-12-11");
    await expectSummariesMatchRows();
    await run("UPDATE reviews SET rating = 2 WHERE id = 'tr1'");
    await run("UPDATE reviews SET reviewed_on = '2026-12-11' WHERE id = 'tr2'");
    await run("UPDATE reviews SET body = 'Edited' WHERE id = 'tr3'");
    await expectSummariesMatchRows();
    await run("DELETE FROM reviews WHERE id = 'tr3'");
    await expectSummariesMatchRows();
    expect(await all("SELECT id, first_done_day FROM customers WHERE id IN ('s1', 's2') ORDER BY id")).toEqual([
      { id: "s1", first_done_day: "2026-12-10" },
      { id: "s2", first_done_day: "2026-12-08" },
    ]);

    // Moved, cancelled, marked done, no-show, repriced, deleted.
    await run("UPDATE visits SET day = '2026-12-18' WHERE id = 'tv4'");
    await run("UPDATE visits SET status = 'cancelled' WHERE id = 'tv2'");
    await run("UPDATE visits SET status = 'done', day = '2026-12-09' WHERE id = 'tv4'");
    await run("UPDATE visits SET status = 'no_show' WHERE id = 'tv5'");
    await run("UPDATE visits SET amount_jmd = 7500 WHERE id = 'tv3'");
    await run("UPDATE visits SET amount_jmd = amount_jmd WHERE id = 'tv1'");
    await expectSummariesMatchRows();
    await run("DELETE FROM visits WHERE id = 'tv1'");
    await expectSummariesMatchRows();

    // s2 merged into s1: its requests and their visits move; then t3 split off to a customer of its own.
    expect(await mergeCustomers(db, { intoId: "s1", fromId: "s2", actor })).toMatchObject({ status: "merged" });
    await expectSummariesMatchRows();
    expect(await all("SELECT DISTINCT customer_id FROM visits WHERE quote_request_id IN ('t1', 't3')")).toEqual([{ customer_id: "s1" }]);
    const split = await splitRecord(db, { customerId: "s1", entity: "quote_request", recordId: "t3", actor });
    if (split.status !== "split") throw new Error(JSON.stringify(split));
    await expectSummariesMatchRows();
    expect(await all(`SELECT first_done_day FROM customers WHERE id = '${split.customerId}'`)).toEqual([{ first_done_day: "2026-12-09" }]);

    // A customer with a first visit done, deleted: their first day counts one fewer.
    await run(`DELETE FROM customers WHERE id = '${split.customerId}'`);
    await expectSummariesMatchRows();
    // A request deleted takes its visits (and its day's count) with it.
    await run("DELETE FROM quote_requests WHERE id = 't3'");
    await expectSummariesMatchRows();
  });
});
