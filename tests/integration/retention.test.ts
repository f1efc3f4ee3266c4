/**
 * Retention by default (app/server/retention/retention.server.ts, docs/product.md §17
 * "Retention"), against the production Worker in Miniflare with real D1 and R2, the daily cron
 * called as Cloudflare calls it: photos of requests closed past the owner's period go from R2 and
 * D1; requests that never became a job, and contact messages, are anonymised past theirs (the
 * search no longer finds them); mail texts go after 90 days; a second run changes nothing; 20
 * runs at once end as one run does, with the same counts; the owner's settings form refuses what
 * is out of range and keeps the old value.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "../../drizzle/schema";
import { DAY_MS } from "~/domain/dates";
import { ANONYMISED_NAME, monthsBefore, RETENTION_DEFAULTS } from "~/domain/retention";
import { RETENTION_MESSAGES } from "~/domain/texts/staff-messages";
import type { Database } from "~/server/platform";
import { retentionSummaryFrom, retentionSummaryQuery } from "~/server/retention";
import { createAdminSession, postFields, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** The cron's instant for every run of this file (13:30 UTC, wrangler.toml's daily trigger). */
const NOW = new Date(`${new Date().toISOString().slice(0, 10)}T13:30:00Z`);
const monthsAgo = (months: number) => monthsBefore(NOW, months);
const daysAgo = (days: number) => NOW.getTime() - days * DAY_MS;
/** A seeded request's status token: 32 hex characters made from its id. */
const tokenOf = (id: string) => Buffer.from(id).toString("hex").padEnd(32, "0").slice(0, 32);

/** The tables a run may touch; emptied before each seed. */
const TABLES = [
  "attachments",
  "record_notes",
  "status_changes",
  "customer_replies",
  "mail_deliveries",
  "visits",
  "quote_requests",
  "contact_messages",
  "customers",
];

/** Runs the Worker's daily cron at NOW; out: whether the run ended well. */
async function runCron() {
  const handler = await worker.mf.getWorker();
  return (await handler.scheduled({ scheduledTime: NOW, cron: "30 13 * * *" })).outcome;
}

/**
 * Every table of the database, row by row, and the bucket's keys: what a run could change. The
 * search indexes are read through their FTS5 tables (rowid and columns), not their shadow tables,
 * whose segments record how often the index was written, not what it holds.
 */
async function dump() {
  const tables = await worker.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
    .all<{ name: string }>();
  const out: Record<string, unknown> = { keys: (await worker.listKeys()).sort() };
  for (const { name } of tables.results) {
    if (/_search_(data|idx|docsize|config|content)$/.test(name)) continue;
    const rows = await worker.db.prepare(`SELECT rowid AS "(rowid)", * FROM "${name}"`).all();
    out[name] = rows.results.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** A quote request's row (status, created and updated instants), its status change at `changedAt`, and `photos` photos in R2. */
async function request(
  id: string,
  input: { name: string; status: string; createdAt: number; changedAt: number; photos: number; customerId?: string },
) {
  const statements = [
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, additional_info, status, reference, status_token, customer_id) VALUES (?, ?, ?, ?, ?, '876 555 0142', '14 Queens Drive, Montego Bay', 'airbnb', 'Gate code 4711', ?, ?, ?, ?)",
      )
      .bind(
        id,
        input.createdAt,
        input.createdAt,
        input.name,
        `${id}@example.com`,
        input.status,
        `MB-${id.slice(-5).toUpperCase()}`,
        tokenOf(id),
        input.customerId ?? null,
      ),
  ];
  if (input.status !== "pending")
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO status_changes (id, entity, entity_id, from_status, to_status, note, created_at) VALUES (?, 'quote_request', ?, 'pending', ?, 'Customer said no', ?)",
        )
        .bind(`${id}-change`, id, input.status, input.changedAt),
    );
  for (let n = 0; n < input.photos; n++) {
    const key = `quote-requests/${id}/${n}`;
    await worker.bucket.put(key, new Uint8Array([0xff, 0xd8, 0xff, n]));
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO attachments (id, owner_kind, owner_id, r2_key, file_name, content_type, size_bytes, created_at) VALUES (?, 'quote', ?, ?, ?, 'image/jpeg', 4, ?)",
        )
        .bind(`${id}-photo-${n}`, id, key, `kitchen-${n}.jpg`, input.createdAt),
    );
  }
  await worker.db.batch(statements);
}

/** A sent e-mail about `entity`/`entityId` (or none), created at `createdAt`, with its text and links. */
function mail(id: string, createdAt: number, about: { entity: string; entityId: string } | null = null) {
  return (
    worker.db
      .prepare(
        "INSERT INTO mail_deliveries (id, kind, entity, entity_id, to_address, reply_to, subject, body_text, links, status, attempts, created_at, updated_at, sent_at) VALUES (?, 'reply', ?, ?, ?, ?, ?, 'Dear customer, the text.', '[\"https://example.com/x\"]', 'sent', 1, ?, ?, ?)",
      )
      // The owner's notice of a form: replies go to the visitor, the subject names them.
      .bind(
        id,
        about?.entity ?? null,
        about?.entityId ?? null,
        `${id}@example.com`,
        `${id}-visitor@example.com`,
        `About your request, ${id}`,
        createdAt,
        createdAt,
        createdAt,
      )
  );
}

/** The file's seed: the same ids every time, so two seeds' end states can be compared. */
async function seed() {
  await worker.db.batch(TABLES.map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
  await worker.db
    .prepare(
      "UPDATE retention_settings SET last_run_at = NULL, last_run_day = NULL, last_photos_deleted = 0, last_requests_anonymised = 0, last_messages_anonymised = 0, last_mail_bodies_cleared = 0",
    )
    .run();
  for (const key of await worker.listKeys()) await worker.bucket.delete(key);
  // Closed (completed by staff, no visit) 13 months ago: its photos go; 11 months ago: kept.
  await request("closed-13", {
    name: "Closed Thirteen",
    status: "completed",
    createdAt: monthsAgo(14),
    changedAt: monthsAgo(13),
    photos: 2,
  });
  await request("closed-11", { name: "Closed Eleven", status: "completed", createdAt: monthsAgo(12), changedAt: monthsAgo(11), photos: 2 });
  // Never booked, last touched 25 months ago (cancelled), with its customer, a note, a reply and its e-mail: anonymised.
  await worker.db
    .prepare(
      "INSERT INTO customers (id, name, email, phone, notes, created_at, updated_at) VALUES ('cust-old', 'Zebedee Quartermaine', 'zebedee@example.com', '+18765550199', 'Likes tea', ?, ?)",
    )
    .bind(monthsAgo(26), monthsAgo(26))
    .run();
  await request("never-25", {
    name: "Zebedee Quartermaine",
    status: "cancelled",
    createdAt: monthsAgo(26),
    changedAt: monthsAgo(25),
    photos: 1,
    customerId: "cust-old",
  });
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO record_notes (id, entity, entity_id, body, created_at) VALUES ('note-old', 'quote_request', 'never-25', 'Zebedee has a dog', ?)",
      )
      .bind(monthsAgo(26)),
    worker.db
      .prepare(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, message, mail_delivery_id, created_at) VALUES ('reply-old', 'reply', 'quote_request', 'never-25', 'Dear Zebedee', 'mail-never-25', ?)",
      )
      .bind(monthsAgo(26)),
    mail("mail-never-25", monthsAgo(26), { entity: "quote_request", entityId: "never-25" }),
  ]);
  // Never booked, 23 months without activity (still new): kept whole.
  await request("never-23", {
    name: "Yolanda Twentythree",
    status: "pending",
    createdAt: monthsAgo(23),
    changedAt: monthsAgo(23),
    photos: 1,
  });
  // Booked (a visit done) 30 months ago: never anonymised; closed long ago, so its photo goes.
  await request("booked-30", { name: "Booked Thirty", status: "quoted", createdAt: monthsAgo(31), changedAt: monthsAgo(31), photos: 1 });
  await worker.db
    .prepare(
      "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES ('visit-30', 'booked-30', 'q', '2020-01-01', '09:00', '11:00', 'done', '14 Queens Drive, Montego Bay', 'airbnb', 14500, ?, ?)",
    )
    .bind(monthsAgo(30), monthsAgo(30))
    .run();
  // Contact messages: 25 months old (anonymised) and 23 months (kept); e-mails 91 days old (text cleared) and 89 (kept).
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES ('msg-25', ?, ?, 'Xavier Oldmessage', 'xavier@example.com', '876 555 0100', 'Please call me', 'unread')",
      )
      .bind(monthsAgo(25), monthsAgo(25)),
    worker.db
      .prepare(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES ('msg-23', ?, ?, 'Wanda Newmessage', 'wanda@example.com', '876 555 0101', 'Hello there', 'unread')",
      )
      .bind(monthsAgo(23), monthsAgo(23)),
    mail("mail-91", daysAgo(91), { entity: "quote_request", entityId: "closed-11" }),
    mail("mail-89", daysAgo(89), { entity: "quote_request", entityId: "closed-11" }),
  ]);
}

const row = (sql: string, ...values: unknown[]) =>
  worker.db
    .prepare(sql)
    .bind(...values)
    .first<Record<string, unknown>>();
/** The quote requests whose search index row matches `word` (migrations/0003_search_index.sql). */
const found = async (table: string, word: string) =>
  (
    await worker.db
      .prepare(`SELECT r.id FROM ${table} r JOIN ${table}_search s ON s.rowid = r.search_rowid WHERE ${table}_search MATCH ?`)
      .bind(`"${word}"*`)
      .all<{ id: string }>()
  ).results.map((hit) => hit.id);
/** The last run's summary as the overview reads it (the exported query and its decoding). */
const summary = async () => retentionSummaryFrom(await retentionSummaryQuery(drizzle(worker.db, { schema }) as unknown as Database));
/** The cron's failures in the Worker's output from line `from` on. */
const failures = (from: number) =>
  worker
    .output()
    .slice(from)
    .filter((line) => line.includes("_failed"));

describe("the daily retention run", () => {
  test("deletes old photos, anonymises never-booked records and old messages, clears old mail texts; a second run changes nothing", async () => {
    await seed();
    expect(await found("quote_requests", "Zebedee")).toEqual(["never-25"]);
    const linked = await worker.fetch(`/status/${tokenOf("never-25")}`);
    expect(linked.status).toBe(200);
    expect((await linked.text()).includes("Reference MB-ER-25")).toBe(true);
    const from = worker.output().length;
    expect(await runCron()).toBe("ok");
    expect(failures(from)).toEqual([]);

    const keys = await worker.listKeys();
    expect(keys.sort()).toEqual(["quote-requests/closed-11/0", "quote-requests/closed-11/1", "quote-requests/never-23/0"]);
    const owners = await worker.db.prepare("SELECT owner_id AS id FROM attachments ORDER BY r2_key").all<{ id: string }>();
    expect(owners.results.map((attachment) => attachment.id)).toEqual(["closed-11", "closed-11", "never-23"]);

    // The never-booked request of 25 months: nothing personal left, its link dead, the search blind to it.
    expect(
      await row(
        "SELECT name, email, phone, address, additional_info, status_token, reference, service_type, status FROM quote_requests WHERE id = 'never-25'",
      ),
    ).toEqual({
      name: ANONYMISED_NAME,
      email: "",
      phone: "",
      address: "",
      additional_info: null,
      status_token: null,
      reference: "MB-ER-25",
      service_type: "airbnb",
      status: "cancelled",
    });
    expect(await found("quote_requests", "Zebedee")).toEqual([]);
    expect(await found("customers", "Zebedee")).toEqual([]);
    expect(await row("SELECT name, email, phone, notes FROM customers WHERE id = 'cust-old'")).toEqual({
      name: ANONYMISED_NAME,
      email: null,
      phone: null,
      notes: null,
    });
    expect(await row("SELECT body FROM record_notes WHERE id = 'note-old'")).toEqual({ body: ANONYMISED_NAME });
    expect(await row("SELECT note FROM status_changes WHERE id = 'never-25-change'")).toEqual({ note: null });
    expect(await row("SELECT message FROM customer_replies WHERE id = 'reply-old'")).toEqual({ message: "" });
    expect(await row("SELECT to_address, reply_to, body_text, links, subject FROM mail_deliveries WHERE id = 'mail-never-25'")).toEqual({
      to_address: "",
      reply_to: null,
      body_text: null,
      links: null,
      subject: ANONYMISED_NAME,
    });
    // Nor in the search indexes' own segments (FTS5 keeps replaced words there until they are merged).
    for (const table of ["quote_requests_search_data", "customers_search_data"]) {
      const blocks = await worker.db.prepare(`SELECT block FROM ${table}`).all<{ block: ArrayBuffer | number[] | null }>();
      const text = blocks.results
        .map(({ block }) =>
          block === null ? "" : Buffer.from(block instanceof ArrayBuffer ? new Uint8Array(block) : block).toString("latin1"),
        )
        .join("");
      expect(text, table).not.toContain("zebedee");
    }
    const status = await worker.fetch(`/status/${tokenOf("never-25")}`);
    expect(status.status).toBe(404);
    await status.text();

    // What stays: the request of 23 months, the booked one, the messages' newer one, the newer mail.
    expect(await row("SELECT name FROM quote_requests WHERE id = 'never-23'")).toEqual({ name: "Yolanda Twentythree" });
    expect(await row("SELECT name, email FROM quote_requests WHERE id = 'booked-30'")).toEqual({
      name: "Booked Thirty",
      email: "booked-30@example.com",
    });
    expect(await row("SELECT name FROM quote_requests WHERE id = 'closed-13'")).toEqual({ name: "Closed Thirteen" });
    expect(await row("SELECT name, email, phone, message FROM contact_messages WHERE id = 'msg-25'")).toEqual({
      name: ANONYMISED_NAME,
      email: "",
      phone: null,
      message: "",
    });
    expect(await found("contact_messages", "Xavier")).toEqual([]);
    expect(await row("SELECT name FROM contact_messages WHERE id = 'msg-23'")).toEqual({ name: "Wanda Newmessage" });
    expect(await row("SELECT to_address, body_text, links FROM mail_deliveries WHERE id = 'mail-91'")).toEqual({
      to_address: "mail-91@example.com",
      body_text: null,
      links: null,
    });
    expect(await row("SELECT body_text FROM mail_deliveries WHERE id = 'mail-89'")).toEqual({ body_text: "Dear customer, the text." });

    // The run is recorded with its counts, and logged with them.
    expect(await summary()).toEqual({
      lastRunAt: NOW,
      lastRunDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      photosDeleted: 4,
      requestsAnonymised: 1,
      messagesAnonymised: 1,
      mailBodiesCleared: 1,
    });
    const logged = worker
      .output()
      .slice(from)
      .find((line) => line.includes('"retention_applied"'));
    expect(JSON.parse(logged!)).toMatchObject({
      photosDeleted: 4,
      requestsAnonymised: 1,
      messagesAnonymised: 1,
      customersAnonymised: 1,
      mailBodiesCleared: 1,
    });

    // Run again: not one row or key changes.
    const before = await dump();
    expect(await runCron()).toBe("ok");
    expect(await dump()).toEqual(before);
  });

  test("20 runs at once end in the state one run leaves, with the same counts and no failure", async () => {
    await seed();
    expect(await runCron()).toBe("ok");
    const once = await dump();

    await seed();
    const from = worker.output().length;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => runCron()));
    expect(outcomes).toEqual(Array(20).fill("ok"));
    expect(failures(from)).toEqual([]);
    expect(await dump()).toEqual(once);
    const counted = worker
      .output()
      .slice(from)
      .filter((line) => line.includes('"retention_applied"'))
      .map((line) => JSON.parse(line) as Record<string, number>);
    expect(counted).toHaveLength(20);
    const total = (field: string) => counted.reduce((sum, line) => sum + line[field]!, 0);
    expect([total("photosDeleted"), total("requestsAnonymised"), total("messagesAnonymised"), total("mailBodiesCleared")]).toEqual([
      4, 1, 1, 1,
    ]);
    expect(await summary()).toMatchObject({
      lastRunAt: NOW,
      photosDeleted: 4,
      requestsAnonymised: 1,
      messagesAnonymised: 1,
      mailBodiesCleared: 1,
    });
  });
});

describe("a backlog", () => {
  test("is drained over nights: at most 2,000 mail texts a run, the rest the next night", async () => {
    await seed();
    // 2,100 e-mails of a year ago, made by one statement (the seed's e-mail of 91 days goes the second night, being newer).
    await worker.db
      .prepare(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2100) INSERT INTO mail_deliveries (id, kind, entity, entity_id, to_address, subject, body_text, links, status, attempts, created_at, updated_at, sent_at) SELECT 'backlog-' || i, 'reply', 'quote_request', 'closed-11', 'a@example.com', 'S', 'Text', NULL, 'sent', 1, ?1, ?1, ?1 FROM n",
      )
      .bind(daysAgo(365))
      .run();
    const kept = async () =>
      (await row("SELECT COUNT(*) AS n FROM mail_deliveries WHERE body_text IS NOT NULL AND id LIKE 'backlog-%'"))!.n;
    const from = worker.output().length;
    expect(await runCron()).toBe("ok");
    expect(await kept()).toBe(100);
    const handler = await worker.mf.getWorker();
    const nextNight = new Date(NOW.getTime() + DAY_MS);
    expect((await handler.scheduled({ scheduledTime: nextNight, cron: "30 13 * * *" })).outcome).toBe("ok");
    expect(await kept()).toBe(0);
    const runs = worker
      .output()
      .slice(from)
      .filter((line) => line.includes('"retention_applied"'))
      .map((line) => JSON.parse(line) as { mailBodiesCleared: number; more: boolean });
    expect(runs.map((run) => [run.mailBodiesCleared, run.more])).toEqual([
      [2000, true],
      [101, false],
    ]);
  });
});

describe("the owner's retention settings", () => {
  const months = () => row("SELECT photo_months AS photos, never_booked_months AS records FROM retention_settings");

  test("refuses 0, 121 and 'abc' with a message and keeps the old values; saves whole months in range", async () => {
    const admin = await createAdminSession(worker);
    const page = await worker.fetch("/admin/retention", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`value="${RETENTION_DEFAULTS.photoMonths}"`);
    expect(html).toContain(`value="${RETENTION_DEFAULTS.neverBookedMonths}"`);
    expect(html).toContain("90 days");

    const saved = await postFields(worker, "/admin/retention", { photoMonths: "18", neverBookedMonths: "36" }, { Cookie: admin.cookie });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(RETENTION_MESSAGES.saved);
    expect(await months()).toEqual({ photos: 18, records: 36 });

    for (const bad of ["0", "121", "abc", "", "12.5", "-3"]) {
      for (const fields of [
        { photoMonths: bad, neverBookedMonths: "24" },
        { photoMonths: "12", neverBookedMonths: bad },
      ]) {
        const refused = await postFields(worker, "/admin/retention", fields, { Cookie: admin.cookie });
        expect(refused.status).toBe(400);
        expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(RETENTION_MESSAGES.months);
        expect(await months()).toEqual({ photos: 18, records: 36 });
      }
    }

    // Staff without the admin role cannot change them.
    const user = await createAdminSession(worker, "user");
    const denied = await postFields(worker, "/admin/retention", { photoMonths: "1", neverBookedMonths: "1" }, { Cookie: user.cookie });
    expect(denied.status).toBeGreaterThanOrEqual(300);
    expect(denied.status).toBeLessThan(500);
    await denied.text();
    expect(await months()).toEqual({ photos: 18, records: 36 });
    await worker.db.prepare("UPDATE retention_settings SET photo_months = 12, never_booked_months = 24").run();
  });
});
