/**
 * The follow-up of quotes nobody accepted (app/server/lifecycle/follow-up.server.ts, docs/product.md
 * §11 "Availability"), against the production Worker in Miniflare with real D1 and queues: the
 * daily cron e-mails one reminder with the booking link for a quote with a price at least the
 * owner's number of days old, once however many runs overlap; never when the setting is off, the
 * quote is booked, expired, not priced, too recent, or reminded already. The setting is saved from
 * /admin/availability, whose 'Visits per window' says how the crews replace it once they exist.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { DAY_MS, todayInJamaica } from "~/domain/dates";
import { createAdminSession, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    [
      "mail_deliveries",
      "visit_changes",
      "visits",
      "visit_series",
      "customer_replies",
      "status_changes",
      "quote_requests",
      "availability_settings",
      "crews",
    ].map((table) => worker.db.prepare(`DELETE FROM ${table}`)),
  );
});

const count = async (sql: string, ...values: unknown[]) =>
  (await worker.db
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

/** Runs the Worker's daily cron as if at `at`. */
async function runCron(at: Date) {
  const handler = await worker.mf.getWorker();
  const { outcome } = await handler.scheduled({ scheduledTime: at, cron: "30 13 * * *" });
  expect(outcome).toBe("ok");
}

/** The reminders the queue's consumer sent to `email`. */
const followUps = (email: string) => worker.mails().filter((mail) => mail.to === email && mail.subject.startsWith("Your quote is waiting"));

/** The follow-up's outbox rows of request `id`. */
const outboxRows = (id: string) =>
  count("SELECT count(*) AS n FROM mail_deliveries WHERE entity_id = ? AND subject LIKE 'Your quote is waiting%'", id);

interface Seed {
  /** How many days ago the quote was sent (null: no quote with a price, as after 'Mark Quoted'). */
  quoteDaysAgo: number | null;
  validDays?: number;
  status?: "pending" | "quoted" | "completed" | "cancelled";
  /** A visit that took the quote. */
  visit?: "scheduled" | "cancelled";
  /** False: a price given by phone and saved without e-mailing it (no outbox row). */
  mailed?: boolean;
}

/** A quote request with its quote; out: its id, e-mail, reference and status token. */
async function seed(n: number, { quoteDaysAgo, validDays = 14, status = "quoted", visit, mailed = true }: Seed) {
  const id = crypto.randomUUID();
  const quoteId = crypto.randomUUID();
  const now = Date.now();
  const email = `follow${n}-${id.slice(0, 6)}@example.com`;
  const reference = `MB-F${"23456789ABCDEFGH"[n % 16]}${"JKMNPQRSTV"[n % 10]}2Z`;
  const token = crypto.randomUUID().replaceAll("-", "");
  const statements = [
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES (?, ?, ?, 'Keisha Brown', ?, '876 555 0101', '2 Gloucester Avenue', 'residential', ?, ?, ?)",
      )
      .bind(id, now - 30 * DAY_MS, now, email, status, reference, token),
  ];
  if (quoteDaysAgo !== null) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, amount_usd, valid_days, message, mail_delivery_id, created_at) VALUES (?, 'quote', 'quote_request', ?, 14500, 92, ?, 'Here is your quote.', ?, ?)",
        )
        .bind(quoteId, id, validDays, mailed ? crypto.randomUUID() : null, now - quoteDaysAgo * DAY_MS),
    );
  }
  if (visit) {
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, ?, ?, '09:00', '11:00', ?, '2 Gloucester Avenue', 'residential', 14500, ?, ?)",
        )
        .bind(crypto.randomUUID(), id, quoteId, plusDays(todayInJamaica(), 3), visit, now, now),
    );
  }
  await worker.db.batch(statements);
  return { id, email, reference, token };
}

/** Saves the follow-up setting as the owner would, on /admin/availability (with the other settings at their defaults). */
async function saveFollowUpDays(days: string) {
  const admin = await createAdminSession(worker);
  const response = await postFields(
    worker,
    "/admin/availability",
    {
      intent: "save",
      ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((day) => [`day${day}`, "on"])),
      start1: "09:00",
      end1: "11:00",
      capacity: "2",
      minNoticeDays: "2",
      maxDaysAhead: "60",
      changeCutoffHours: "24",
      quoteFollowUpDays: days,
    },
    { Cookie: admin.cookie },
  );
  return response;
}

describe("the follow-up of a quote not accepted", () => {
  test("20 cron runs at once send one reminder, with the price, the last valid day and the booking link; later runs send nothing", async () => {
    const request = await seed(1, { quoteDaysAgo: 4 });
    const at = new Date();
    await Promise.all(Array.from({ length: 20 }, () => runCron(at)));
    expect(await outboxRows(request.id)).toBe(1);
    expect(
      await count("SELECT count(*) AS n FROM customer_replies WHERE entity_id = ? AND follow_up_sent_at = ?", request.id, at.getTime()),
    ).toBe(1);
    const mail = await waitFor(() => followUps(request.email)[0], "the follow-up");
    expect(mail.subject).toBe(`Your quote is waiting (${request.reference}) - Montego Bay Cleaning Co.`);
    expect(mail.text).toContain("Hello Keisha Brown,");
    expect(mail.text).toContain("J$14,500 (US$92), valid until");
    expect(mail.links[0]).toMatch(new RegExp(`/status/${request.token}/book$`));
    expect(mail.text).toContain(`To accept it, pick a day and an arrival time online:\n${mail.links[0]}`);
    expect(mail.text).not.toMatch(/To book, reply/);

    // Reminded once: the next days' runs send nothing more.
    await runCron(new Date(at.getTime() + DAY_MS));
    await runCron(new Date(at.getTime() + 2 * DAY_MS));
    expect(await outboxRows(request.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(followUps(request.email)).toHaveLength(1);
    expect(worker.output().join("\n")).toMatch(/quote_follow_ups_queued/);
  });

  test("nothing is sent for a quote too recent, booked, expired, not priced, given by phone and not e-mailed, cancelled, or when the setting is 0; the setting is saved from the availability page", async () => {
    const recent = await seed(2, { quoteDaysAgo: 1 });
    const booked = await seed(3, { quoteDaysAgo: 5, visit: "scheduled" });
    const expired = await seed(4, { quoteDaysAgo: 20, validDays: 14 });
    const unpriced = await seed(5, { quoteDaysAgo: null });
    const cancelled = await seed(6, { quoteDaysAgo: 5, status: "cancelled" });
    // A visit cancelled gives the quote back: it is waiting again, and reminded.
    const givenBack = await seed(7, { quoteDaysAgo: 5, visit: "cancelled" });
    const byPhone = await seed(9, { quoteDaysAgo: 5, mailed: false });
    await runCron(new Date());
    for (const request of [recent, booked, expired, unpriced, cancelled, byPhone]) expect(await outboxRows(request.id)).toBe(0);
    expect(await outboxRows(givenBack.id)).toBe(1);

    // Off (0) on the availability page: a due quote is not reminded.
    expect((await saveFollowUpDays("0")).status).toBe(302);
    expect(await count("SELECT quote_follow_up_days AS n FROM availability_settings")).toBe(0);
    const whileOff = await seed(8, { quoteDaysAgo: 10 });
    await runCron(new Date());
    expect(await outboxRows(whileOff.id)).toBe(0);
    // Seven days: the quote sent 1 day ago waits, the one sent 10 days ago goes.
    expect((await saveFollowUpDays("7")).status).toBe(302);
    expect(await count("SELECT quote_follow_up_days AS n FROM availability_settings")).toBe(7);
    await runCron(new Date());
    expect(await outboxRows(whileOff.id)).toBe(1);
    expect(await outboxRows(recent.id)).toBe(0);
    // Out of range: refused with the field's message, the setting unchanged.
    const refused = await saveFollowUpDays("61");
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(
      "The reminder must come after a whole number of days from 0 (no reminder) to 60.",
    );
    expect(await count("SELECT quote_follow_up_days AS n FROM availability_settings")).toBe(7);
  });
});

describe("the availability page", () => {
  test("shows the follow-up setting (3 days before the first save); 'Visits per window' says how crews replace it once they exist", async () => {
    const admin = await createAdminSession(worker);
    const page = async () =>
      (await (await worker.fetch("/admin/availability", { headers: { Cookie: admin.cookie } })).text()).replaceAll("&#x27;", "'");
    const before = await page();
    expect(before).toContain("Remind the customer about a quote not accepted after (days)");
    expect(before).toMatch(/<input id="quoteFollowUpDays"[^>]*value="3"/);
    expect(before).toContain("Each window takes this many visits while no crew is set up.");
    const now = Date.now();
    await worker.db.batch(
      [
        ["Crew A", "[1,2,3,4,5,6]", 1],
        ["Crew B", "[1,2,3]", 1],
        ["Crew C", "[1,2,3,4,5,6]", 0],
      ].map(([name, days, active], i) =>
        worker.db
          .prepare("INSERT INTO crews (id, name, working_days, active, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .bind(crypto.randomUUID(), name, days, active, i + 1, now, now),
      ),
    );
    const after = await page();
    expect(after).toContain(
      "Not used while crews are set up (3 on the Crews page, 2 active): each window takes one visit per active crew working that day, so now Monday 2, Tuesday 2, Wednesday 2, Thursday 1, Friday 1, Saturday 1. A working day no active crew works cannot be booked.",
    );
  });
});
