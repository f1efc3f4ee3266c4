/**
 * A quote request's lifecycle on the admin, on real D1 in Miniflare: its stage (one SQL
 * definition, app/server/lifecycle) is the same in the list, the record and the CSV for every
 * combination of status, quote, visits and series that can exist, and the stage filter selects
 * exactly those; 'Mark Quoted' then the price given by phone; 'Complete' refused while a visit is
 * booked, allowed with the cancel tick; 'Cancel request' with its reason (and the customer's
 * e-mail when asked), its visits and regular cleaning ended; 'Reopen'; two Completes at once
 * write one audit row (app/routes/admin/quote/lifecycle.server.ts, app/server/inbox).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { DAY_MS, todayInJamaica } from "~/domain/dates";
import type { JobStage } from "~/domain/lifecycle";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: { userId: string; email: string; cookie: string };
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    [
      "reviews",
      "visit_changes",
      "visits",
      "visit_series",
      "status_changes",
      "mail_deliveries",
      "customer_replies",
      "quote_requests",
      "contact_messages",
      "availability_settings",
      "days_off",
    ].map((table) => worker.db.prepare(`DELETE FROM ${table}`)),
  );
  admin = await createAdminSession(worker);
});

const STATUSES = ["pending", "quoted", "completed", "cancelled"] as const;
const QUOTES = ["none", "valid", "expired"] as const;
const VISITS = ["none", "scheduled", "done", "reviewed", "cancelled"] as const;
const SERIES = ["none", "active"] as const;
type Case = {
  status: (typeof STATUSES)[number];
  quote: (typeof QUOTES)[number];
  visits: (typeof VISITS)[number];
  series: (typeof SERIES)[number];
};

/**
 * Whether the app can reach a combination: a pending request has no quote (sending one quotes
 * it) and so no visits; visits come from a quote; a completed or cancelled request has no visit
 * still scheduled; a series has visits.
 */
function canExist({ status, quote, visits, series }: Case): boolean {
  if (status === "pending") return quote === "none" && visits === "none" && series === "none";
  if (visits !== "none" && quote === "none") return false;
  if (visits === "scheduled" && status !== "quoted") return false;
  if (series === "active" && visits === "none") return false;
  return true;
}

/** The stage docs/product.md §4 "Stage" gives a combination (app/domain/lifecycle.ts, in its order). */
function expectedStage({ status, quote, visits }: Case): JobStage {
  if (status === "cancelled") return "cancelled";
  if (visits === "scheduled") return "booked";
  if (visits === "reviewed") return "reviewed";
  if (visits === "done") return "visit_done";
  if (status === "completed") return "closed";
  if (quote === "expired") return "expired";
  if (quote === "valid" || status === "quoted") return "quoted";
  return "new";
}

const CASES: Case[] = STATUSES.flatMap((status) =>
  QUOTES.flatMap((quote) => VISITS.flatMap((visits) => SERIES.map((series) => ({ status, quote, visits, series })))),
).filter(canExist);

/** A reference "MB-" and 10 characters. */
function reference(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
  return `MB-${Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

/** Writes one request of `c` (n-th, arriving n minutes ago) with its quote, visits, review and series; out: its id. */
async function seedCase(c: Case, n: number, customerId: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const created = now - n * 60_000;
  const statements = [
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token, customer_id) VALUES (?, ?, ?, ?, ?, '876 555 0101', '2 Gloucester Avenue', 'residential', ?, ?, ?, ?)",
      )
      .bind(id, created, created, `Case ${n}`, `case${n}@example.com`, c.status, reference(), crypto.randomUUID(), customerId),
  ];
  const quoteId = crypto.randomUUID();
  if (c.quote !== "none") {
    const sent = c.quote === "valid" ? now : now - 30 * DAY_MS;
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, 14500, 14, 'Quote', ?)",
        )
        .bind(quoteId, id, sent),
    );
  }
  const seriesId = c.series === "active" ? crypto.randomUUID() : null;
  const today = todayInJamaica();
  if (seriesId) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO visit_series (id, quote_request_id, quote_id, rrule, dtstart, window_start, window_end, status, generated_through, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, ?, 'FREQ=WEEKLY', ?, '09:00', '11:00', 'active', ?, '2 Gloucester Avenue', 'residential', 14500, ?, ?)",
        )
        .bind(seriesId, id, quoteId, plusDays(today, -7), plusDays(today, 60), now, now),
    );
  }
  if (c.visits !== "none") {
    const visitId = crypto.randomUUID();
    const status = c.visits === "reviewed" ? "done" : c.visits;
    const day = status === "scheduled" ? plusDays(today, 5) : plusDays(today, -3);
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, series_id, occurrence_day, created_at, updated_at) VALUES (?, ?, ?, ?, '09:00', '11:00', ?, '2 Gloucester Avenue', 'residential', 14500, ?, ?, ?, ?)",
        )
        .bind(visitId, id, quoteId, day, status, seriesId, seriesId ? day : null, now, now),
    );
    if (c.visits === "reviewed") {
      statements.push(
        worker.db
          .prepare(
            "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, visit_id, created_at, updated_at) VALUES (?, 'Case', 'residential', 5, 'Spotless.', ?, ?, ?, ?)",
          )
          .bind(crypto.randomUUID(), today, visitId, now, now),
      );
    }
  }
  await worker.db.batch(statements);
  return id;
}

const get = (path: string) => worker.fetch(path, { headers: { Cookie: admin.cookie } });
const post = (id: string, fields: Record<string, string>) => postFields(worker, `/admin/quotes/${id}`, fields, { Cookie: admin.cookie });

/** Every row of the list, all pages: id → the stage its badge names (`data-stage`). */
async function listStages(search = ""): Promise<Map<string, string>> {
  const stages = new Map<string, string>();
  for (let page = 1; page < 10; page++) {
    const html = await (await get(`/admin/quotes?${search}${search ? "&" : ""}page=${page}`)).text();
    const rows = html.split("<tr").slice(2);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = /\/admin\/quotes\/([0-9a-f-]{36})/.exec(row)?.[1];
      const stage = /data-stage="(\w+)"/.exec(row)?.[1];
      if (id && stage) stages.set(id, stage);
    }
  }
  return stages;
}

/** The CSV's rows (a simple reader: the seeded values have no comma, quote or line break): id → stage. */
async function csvStages(search = ""): Promise<Map<string, string>> {
  const text = (await (await get(`/admin/quotes.csv${search ? `?${search}` : ""}`)).text()).replace(/^\uFEFF/, "");
  const [header, ...lines] = text.split("\r\n").filter(Boolean);
  const names = header!.split(",");
  const [idAt, stageAt] = [names.indexOf("ID"), names.indexOf("Stage")];
  expect(stageAt).toBeGreaterThan(names.indexOf("Status"));
  return new Map(lines.map((line) => line.split(",")).map((cells) => [cells[idAt]!, cells[stageAt]!]));
}

/** The stage the record page shows (its header's badge). */
async function recordStage(id: string): Promise<string | undefined> {
  return /data-stage="(\w+)"/.exec(await (await get(`/admin/quotes/${id}`)).text())?.[1];
}

const countOf = async (sql: string, ...values: unknown[]) =>
  (await worker.db
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

describe("the stage", () => {
  test("every combination of status, quote, visits and series that can exist: the list, the record and the CSV give the same stage, and the stage filter selects exactly its requests", async () => {
    expect(CASES.length).toBeGreaterThan(40);
    const ids = await Promise.all(CASES.map((c, n) => seedCase(c, n + 1)));
    const expected = new Map(ids.map((id, n) => [id, expectedStage(CASES[n]!)]));
    const [list, csv] = await Promise.all([listStages(), csvStages()]);
    for (const [n, id] of ids.entries()) {
      const what = `${JSON.stringify(CASES[n])} → ${expected.get(id)}`;
      expect(list.get(id), `list: ${what}`).toBe(expected.get(id));
      expect(csv.get(id), `CSV: ${what}`).toBe(expected.get(id));
    }
    // The record loader, for one request of each stage.
    const seen = new Set<string>();
    for (const [id, stage] of expected) {
      if (seen.has(stage)) continue;
      seen.add(stage);
      expect(await recordStage(id), `record of a ${stage} request`).toBe(stage);
    }
    expect(seen.size).toBe(8);
    // `?stage=` in the list and its CSV: exactly the requests of that stage.
    for (const stage of seen) {
      const want = [...expected].filter(([, each]) => each === stage).map(([id]) => id);
      expect([...(await csvStages(`stage=${stage}`)).keys()].sort(), `CSV ?stage=${stage}`).toEqual(want.sort());
    }
    const waiting = await listStages("stage=quoted");
    expect([...waiting.values()].every((stage) => stage === "quoted")).toBe(true);
    expect(waiting.size).toBe([...expected.values()].filter((stage) => stage === "quoted").length);
    // A stage that does not exist is left out, as a status that does not exist.
    expect((await csvStages("stage=paid")).size).toBe(ids.length);
  });

  test("a booked request shows its next visit with its stage; a repeat customer is marked in the list", async () => {
    const customer = crypto.randomUUID();
    const booked = await seedCase({ status: "quoted", quote: "valid", visits: "scheduled", series: "none" }, 1, customer);
    const again = await seedCase({ status: "pending", quote: "none", visits: "none", series: "none" }, 2, customer);
    const alone = await seedCase({ status: "pending", quote: "none", visits: "none", series: "none" }, 3, crypto.randomUUID());
    const html = await (await get("/admin/quotes")).text();
    const row = (id: string) =>
      html
        .split("<tr")
        .slice(2)
        .find((each) => each.includes(`/admin/quotes/${id}"`)) ?? "";
    expect(row(booked)).toMatch(/Booked · \w{3}, \w{3} \d{1,2}, 9:00 AM/);
    expect(row(booked)).toContain("data-repeat");
    expect(row(again)).toContain("data-repeat");
    expect(row(alone)).not.toContain("data-repeat");
    expect(await (await get(`/admin/quotes/${again}`)).text()).toContain("data-repeat");
    expect(await (await get(`/admin/quotes/${alone}`)).text()).not.toContain("data-repeat");
    // The record links the customer's page.
    expect(await (await get(`/admin/quotes/${booked}`)).text()).toContain(`href="/admin/customers/${customer}"`);
  });
});

describe("'Mark Quoted' and the price given by phone", () => {
  test("one tap quotes it without a price; the record says so and offers the price, recorded without e-mail by default, or e-mailed when ticked", async () => {
    const [quiet, mailed] = await Promise.all([
      seedCase({ status: "pending", quote: "none", visits: "none", series: "none" }, 1),
      seedCase({ status: "pending", quote: "none", visits: "none", series: "none" }, 2),
    ]);
    for (const id of [quiet, mailed]) {
      expect((await post(id, { id, to: "quoted" })).status).toBe(302);
      const page = (await (await get(`/admin/quotes/${id}`)).text()).replaceAll("&#x27;", "'");
      expect(page).toContain("Quoted without a price: the customer cannot book online until you add it.");
      expect(page).toContain("Add the price you gave by phone");
      expect(await recordStage(id)).toBe("quoted");
    }
    const refused = await post(quiet, { intent: "phone-price", amountJmd: "", validDays: "14" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Amount (JMD) is required.");
    expect((await post(quiet, { intent: "phone-price", amountJmd: "15,000", validDays: "14", included: "Two bathrooms" })).status).toBe(
      302,
    );
    expect(
      await worker.db
        .prepare("SELECT amount_jmd, valid_days, included, mail_delivery_id FROM customer_replies WHERE entity_id = ?")
        .bind(quiet)
        .first(),
    ).toEqual({ amount_jmd: 15000, valid_days: 14, included: "Two bathrooms", mail_delivery_id: null });
    expect(await countOf("SELECT count(*) AS n FROM mail_deliveries WHERE entity_id = ?", quiet)).toBe(0);
    expect(await (await get(`/admin/quotes/${quiet}`)).text()).not.toContain("Quoted without a price");

    expect((await post(mailed, { intent: "phone-price", amountJmd: "12000", validDays: "7", mail: "1" })).status).toBe(302);
    expect(await countOf("SELECT count(*) AS n FROM mail_deliveries WHERE entity_id = ? AND kind = 'quote'", mailed)).toBe(1);
    await waitFor(() => worker.mails().find((sent) => sent.to === "case2@example.com"), "the quote's e-mail");
    // Each request moved to quoted once: one audit row each.
    expect(await countOf("SELECT count(*) AS n FROM status_changes WHERE to_status = 'quoted'")).toBe(2);
  });
});

describe("'Complete', 'Cancel request' and 'Reopen'", () => {
  test("'Complete' asks first, is refused while a visit is booked, and with the tick cancels the visit (audited, the customer e-mailed) and completes", async () => {
    const id = await seedQuotedRequest(worker, 1);
    const day = plusDays(todayInJamaica(), 5);
    await worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) SELECT ?, ?, id, ?, '09:00', '11:00', 'scheduled', '2 Gloucester Avenue', 'residential', 14500, 1, 1 FROM customer_replies WHERE entity_id = ?",
      )
      .bind(crypto.randomUUID(), id, day, id)
      .run();
    // The list's 'Complete' leads to the record's confirmation, which says what is still scheduled.
    expect(await (await get("/admin/quotes")).text()).toContain(`href="/admin/quotes/${id}?confirm=complete"`);
    const confirm = (await (await get(`/admin/quotes/${id}?confirm=complete`)).text()).replaceAll("&#x27;", "'");
    expect(confirm).toContain("Complete this request?");
    expect(confirm).toContain("Still scheduled:");
    expect(confirm).toContain("Cancel the scheduled visits with it");
    const refused = await post(id, { intent: "complete" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("a visit is still scheduled");
    expect(await countOf("SELECT count(*) AS n FROM quote_requests WHERE id = ? AND status = 'quoted'", id)).toBe(1);
    expect(await recordStage(id)).toBe("booked");

    expect((await post(id, { intent: "complete", cancelVisits: "1" })).status).toBe(302);
    expect(await countOf("SELECT count(*) AS n FROM quote_requests WHERE id = ? AND status = 'completed'", id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM visits WHERE quote_request_id = ? AND status = 'cancelled'", id)).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM visit_changes WHERE kind = 'cancelled'")).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM status_changes WHERE entity_id = ? AND to_status = 'completed'", id)).toBe(1);
    expect(await recordStage(id)).toBe("closed");
    await waitFor(() => worker.mails().find((sent) => sent.to === "client1@example.com"), "the visit's cancellation e-mail");
  });

  test("two admins complete at once: one audit row", async () => {
    const id = await seedQuotedRequest(worker, 2);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(id, { intent: "complete" })));
    expect(answers.map((answer) => answer.status).filter((status) => status === 302)).toHaveLength(1);
    expect(answers.map((answer) => answer.status).filter((status) => status === 409)).toHaveLength(4);
    expect(await countOf("SELECT count(*) AS n FROM status_changes WHERE entity_id = ?", id)).toBe(1);
  });

  test("cancel with a reason (required), its regular cleaning ended and its visits cancelled, the customer told when asked; reopen goes back to quoted, or pending when it was never quoted", async () => {
    const id = await seedQuotedRequest(worker, 3, { frequency: "weekly" });
    let day = plusDays(todayInJamaica(), 2);
    while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = plusDays(day, 1);
    expect((await post(id, { intent: "book", day, windowStart: "09:00", repeat: "weekly" })).status).toBe(302);
    const scheduled = await countOf("SELECT count(*) AS n FROM visits WHERE quote_request_id = ? AND status = 'scheduled'", id);
    expect(scheduled).toBeGreaterThan(1);

    const empty = await post(id, { intent: "cancel-request", reason: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the reason for cancelling.");
    expect((await post(id, { intent: "cancel-request", reason: "The customer sold the house.", tell: "1" })).status).toBe(302);
    expect(
      await worker.db.prepare("SELECT from_status, to_status, note FROM status_changes WHERE entity_id = ?").bind(id).all(),
    ).toMatchObject({ results: [{ from_status: "quoted", to_status: "cancelled", note: "The customer sold the house." }] });
    expect(await countOf("SELECT count(*) AS n FROM visits WHERE quote_request_id = ? AND status = 'scheduled'", id)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM visit_series WHERE quote_request_id = ? AND status <> 'ended'", id)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM mail_deliveries WHERE entity_id = ? AND kind = 'reply'", id)).toBe(1);
    const told = await waitFor(
      () => worker.mails().find((sent) => sent.to === "client3@example.com" && sent.text.includes("has been cancelled")),
      "the cancellation e-mail",
    );
    expect(told.text).toContain("Reason: The customer sold the house.");
    const page = await (await get(`/admin/quotes/${id}`)).text();
    expect(page).toContain("Reason: The customer sold the house.");
    expect(await recordStage(id)).toBe("cancelled");
    // Cancelled already: a second cancel is refused, and writes nothing.
    expect((await post(id, { intent: "cancel-request", reason: "Again" })).status).toBe(409);

    expect((await post(id, { intent: "reopen", reason: "They bought another house." })).status).toBe(302);
    expect(await countOf("SELECT count(*) AS n FROM quote_requests WHERE id = ? AND status = 'quoted'", id)).toBe(1);
    expect(
      await countOf(
        "SELECT count(*) AS n FROM status_changes WHERE entity_id = ? AND to_status = 'quoted' AND note = 'They bought another house.'",
        id,
      ),
    ).toBe(1);
    expect((await post(id, { intent: "reopen" })).status).toBe(409);

    // Never quoted: cancelled without telling anyone, reopened to pending.
    const fresh = await seedCase({ status: "pending", quote: "none", visits: "none", series: "none" }, 9);
    expect((await post(fresh, { intent: "cancel-request", reason: "Duplicate request" })).status).toBe(302);
    expect(await countOf("SELECT count(*) AS n FROM mail_deliveries WHERE entity_id = ?", fresh)).toBe(0);
    expect((await post(fresh, { intent: "reopen" })).status).toBe(302);
    expect(await countOf("SELECT count(*) AS n FROM quote_requests WHERE id = ? AND status = 'pending'", fresh)).toBe(1);
    expect(await recordStage(fresh)).toBe("new");
  });
});
