/**
 * The admin inbox against the production Worker in Miniflare with real D1 (docs/product.md
 * §10): counts needing attention and overdue marks, full-text search with the status tab,
 * service and date filters in the URL, internal notes in the history, 'Export CSV', and the
 * migrations applied to a database filled under the previous schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { createAdminSession, postFields, startWorker, type TestWorker } from "./worker";
import { D1_CLIENT_SCRIPT, d1Client, sendTo } from "./d1-client";

let worker: TestWorker;
let cookie = "";
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["record_notes", "status_changes", "sessions", "users", "quote_requests", "contact_messages"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
  cookie = (await createAdminSession(worker)).cookie;
});

const HOUR = 3_600_000;

interface QuoteRow {
  name: string;
  email?: string;
  phone?: string;
  address?: string;
  service?: string;
  status?: string;
  info?: string | null;
  /** Arrival, ms since the epoch. */
  at?: number;
}

async function insertQuotes(rows: QuoteRow[]): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  await worker.db.batch(
    rows.map((row, i) =>
      worker.db
        .prepare(
          "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, additional_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(
          ids[i],
          row.at ?? Date.now(),
          row.at ?? Date.now(),
          row.name,
          row.email ?? "client@example.com",
          row.phone ?? "876-555-0100",
          row.address ?? "1 Main Street, Montego Bay",
          row.service ?? "residential",
          row.status ?? "pending",
          row.info ?? null,
        ),
    ),
  );
  return ids;
}

async function insertMessage(name: string, message: string, status = "unread", at = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES (?, ?, ?, ?, 'm@example.com', NULL, ?, ?)",
    )
    .bind(id, at, at, name, message, status)
    .run();
  return id;
}

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await worker.fetch(path, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** The names of the records a list page shows, in order (from its cards). */
function names(html: string): string[] {
  const cards = html.slice(html.indexOf('data-testid="record-cards"'), html.indexOf("</ul>", html.indexOf('data-testid="record-cards"')));
  return [...cards.matchAll(/<a [^>]*href="\/admin\/(?:quotes|messages)\/[0-9a-f-]{36}"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!);
}

/** A POST as the signed-in admin of this test. */
const post = (path: string, fields: Record<string, string>) => postFields(worker, path, fields, { Cookie: cookie });

describe("new and overdue", () => {
  test("each tab counts what waits for a reply and what waits past 24 hours; overdue rows are marked and can be listed alone", async () => {
    const now = Date.now();
    await insertQuotes([
      { name: "Fresh Pending", at: now - 2 * HOUR },
      { name: "Late Pending", at: now - 25 * HOUR },
      { name: "Late Quoted", status: "quoted", at: now - 50 * HOUR },
    ]);
    await insertMessage("Old Unread", "Hello", "unread", now - 30 * HOUR);
    await insertMessage("Old Read", "Hello", "read", now - 30 * HOUR);
    const { html } = await page("/admin/quotes");
    expect(html).toContain("Quote Requests (3)");
    expect(html).toMatch(/data-testid="attention-count">2<!-- --> <!-- -->pending/);
    expect(html).toMatch(/data-testid="overdue-count">1<!-- --> overdue/);
    expect(html).toMatch(/data-testid="attention-count">1<!-- --> <!-- -->unread/);
    expect(html.match(/data-overdue=/g)?.length).toBe(2); // the one overdue row, as a card and as a table row
    expect(names((await page("/admin/quotes?overdue=1")).html)).toEqual(["Late Pending"]);
    expect(names((await page("/admin/messages?overdue=1")).html)).toEqual(["Old Unread"]);
  });

  test("the tabs' and the customers list's totals are the rows the writes keep, equal to a count of each table after inserts and deletes", async () => {
    const totals = async () => (await worker.db.prepare("SELECT entity, total FROM record_totals ORDER BY entity").all()).results;
    const counted = async () =>
      (
        await worker.db
          .prepare(
            "SELECT 'contact_message' AS entity, (SELECT count(*) FROM contact_messages) AS total UNION ALL SELECT 'customer', (SELECT count(*) FROM customers) UNION ALL SELECT 'invoice', (SELECT count(*) FROM invoices) UNION ALL SELECT 'quote_request', (SELECT count(*) FROM quote_requests)",
          )
          .all()
      ).results;
    await insertQuotes([{ name: "Counted One" }, { name: "Counted Two" }]);
    await insertMessage("Counted Message", "Hello", "unread", Date.now());
    expect(await totals()).toEqual(await counted());
    await worker.db.prepare("DELETE FROM quote_requests WHERE name = 'Counted Two'").run();
    await worker.db.prepare("DELETE FROM contact_messages WHERE name = 'Counted Message'").run();
    const stamp = Date.now();
    await worker.db
      .prepare(
        "INSERT INTO customers (id, name, email, created_at, updated_at) VALUES ('c-counted-1', 'Counted Customer', 'counted1@example.com', ?, ?), ('c-counted-2', 'Counted Customer', 'counted2@example.com', ?, ?)",
      )
      .bind(stamp, stamp, stamp, stamp)
      .run();
    await worker.db.prepare("DELETE FROM customers WHERE id = 'c-counted-2'").run();
    expect(await totals()).toEqual(await counted());
    const total = async (entity: string) => (await counted()).find((row) => row.entity === entity)!.total as number;
    expect(await total("customer")).toBeGreaterThan(0);
    // The unfiltered lists show the kept totals.
    expect((await page("/admin/quotes")).html).toContain(`Quote Requests (${await total("quote_request")})`);
    expect((await page("/admin/messages")).html).toMatch(new RegExp(`data-testid="list-total"[^>]*>${await total("contact_message")}`));
    expect((await page("/admin/customers")).html).toMatch(new RegExp(`data-testid="list-total"[^>]*>${await total("customer")}`));
  });
});

describe("what a list carries", () => {
  test("a long message is cut to 280 characters (never inside a character) in the card, the row and the data; a quote request sends no column its row does not show", async () => {
    const long = `${"Ünïcödé 🧹 ".repeat(30)}END-OF-THE-MESSAGE`;
    await insertMessage("Long Writer", long);
    const { html } = await page("/admin/messages");
    const excerpt = `${[...long].slice(0, 280).join("").trimEnd()}…`;
    expect(html.split(excerpt).length - 1).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain("END-OF-THE-MESSAGE");
    await insertQuotes([{ name: "Quiet Columns", info: "A note only the record shows" }]);
    const data = await worker.fetch("/admin/quotes.data", { headers: { Cookie: cookie } });
    const text = await data.text();
    expect(text).toContain("Quiet Columns");
    for (const hidden of ["A note only the record shows", "statusToken", "additionalInfo"]) expect(text, hidden).not.toContain(hidden);
  });
});

describe("search and filters", () => {
  test("finds by name, e-mail, phone in any form, address and words of the additional information, with the status tab and paging", async () => {
    const now = Date.now();
    await insertQuotes([
      { name: "José Brown", email: "jose.brown@example.com", phone: "+1 (876) 555-1234", at: now - 1000 },
      {
        name: "Maria Campbell",
        address: "14 Gloucester Avenue",
        info: "Two dogs; the café floor needs care",
        status: "quoted",
        at: now - 2000,
      },
      { name: "Devon Clarke", email: "devon@example.org", phone: "658 222 9999", at: now - 3000 },
    ]);
    const search = async (q: string, extra = "") => names((await page(`/admin/quotes?q=${encodeURIComponent(q)}${extra}`)).html);
    expect(await search("jose")).toEqual(["José Brown"]);
    expect(await search("brown@example")).toEqual(["José Brown"]);
    expect(await search("8765551234")).toEqual(["José Brown"]);
    expect(await search("876-555-1234")).toEqual(["José Brown"]);
    expect(await search("555 1234")).toEqual(["José Brown"]);
    expect(await search("5551234")).toEqual(["José Brown"]);
    expect(await search("gloucester")).toEqual(["Maria Campbell"]);
    expect(await search("cafe dogs")).toEqual(["Maria Campbell"]);
    expect(await search("cam")).toEqual(["Maria Campbell"]);
    expect(await search("example")).toEqual(["José Brown", "Maria Campbell", "Devon Clarke"]);
    expect(await search("example org")).toEqual(["Devon Clarke"]);
    expect(await search("dogs", "&status=pending")).toEqual([]);
    expect(await search("dogs", "&status=quoted")).toEqual(["Maria Campbell"]);
    expect((await page("/admin/quotes?q=nobody")).html).toContain(ADMIN_MESSAGES.noMatches);
    // FTS5 syntax typed into the field is only words: nothing breaks, nothing is read as an operator.
    for (const q of ['"', "*", "NEAR(a b)", "name:jose", "jose OR devon", "AND", "-", "' OR 1=1 --", "(((", "ü"]) {
      expect((await page(`/admin/quotes?q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
    expect(await search("jose OR devon")).toEqual([]);
    // A reference finds its one request, however it is typed; a word that looks like a code does not.
    await worker.db.prepare("UPDATE quote_requests SET reference = 'MB-7K4Q2' WHERE name = 'Devon Clarke'").run();
    expect(await search("MB-7K4Q2")).toEqual(["Devon Clarke"]);
    expect(await search("mb 7k4q2")).toEqual(["Devon Clarke"]);
    expect(await search("MB-7K4Q3")).toEqual([]);

    await insertQuotes(
      Array.from({ length: 55 }, (_, i) => ({ name: `Paged ${String(i).padStart(2, "0")}`, info: "shutters", at: now - 10_000 - i })),
    );
    const first = (await page("/admin/quotes?q=shutters")).html;
    expect(names(first)).toHaveLength(50);
    expect(first).toContain('href="/admin/quotes?q=shutters&amp;page=2"');
    expect(names((await page("/admin/quotes?q=shutters&page=2")).html)).toEqual([
      "Paged 50",
      "Paged 51",
      "Paged 52",
      "Paged 53",
      "Paged 54",
    ]);
  });

  test("messages are searched by their text; a record changed later is found by its new text", async () => {
    const id = await insertMessage("Kemar", "Do you clean louvre windows in Ironshore?");
    await insertMessage("Tanya", "Office cleaning quote please");
    expect(names((await page("/admin/messages?q=louvre")).html)).toEqual(["Kemar"]);
    await worker.db.prepare("UPDATE contact_messages SET name = 'Kemar Reid' WHERE id = ?").bind(id).run();
    expect(names((await page("/admin/messages?q=reid")).html)).toEqual(["Kemar Reid"]);
    await worker.db.prepare("DELETE FROM contact_messages WHERE id = ?").bind(id).run();
    expect(names((await page("/admin/messages?q=louvre")).html)).toEqual([]);
  });

  test("service type and an inclusive date range in Jamaica's days, kept in the filter form and the tab links", async () => {
    // 2026-03-10 23:30 in Jamaica is 2026-03-11 04:30 UTC.
    const lateOnThe10th = Date.UTC(2026, 2, 11, 4, 30);
    const earlyOnThe11th = Date.UTC(2026, 2, 11, 5, 30);
    await insertQuotes([
      { name: "Tenth Airbnb", service: "airbnb", at: lateOnThe10th },
      { name: "Eleventh Airbnb", service: "airbnb", at: earlyOnThe11th },
      { name: "Eleventh Office", service: "commercial", at: earlyOnThe11th + 1000 },
    ]);
    expect(names((await page("/admin/quotes?service=airbnb")).html)).toEqual(["Eleventh Airbnb", "Tenth Airbnb"]);
    expect(names((await page("/admin/quotes?from=2026-03-11")).html)).toEqual(["Eleventh Office", "Eleventh Airbnb"]);
    expect(names((await page("/admin/quotes?to=2026-03-10")).html)).toEqual(["Tenth Airbnb"]);
    const { html } = await page("/admin/quotes?service=airbnb&from=2026-03-10&to=2026-03-10&status=pending");
    expect(names(html)).toEqual(["Tenth Airbnb"]);
    expect(html).toContain('value="2026-03-10"');
    expect(html).toMatch(/<option value="airbnb" selected="">/);
    expect(html).toContain('href="/admin/quotes?service=airbnb&amp;from=2026-03-10&amp;to=2026-03-10"'); // the "All" tab keeps the filters
    expect(html).toContain('href="/admin/quotes.csv?status=pending&amp;service=airbnb&amp;from=2026-03-10&amp;to=2026-03-10"');
  });

  test("unusable filter values are left out with a message, never a 500", async () => {
    await insertQuotes([{ name: "Anyone" }]);
    const { status, html } = await page("/admin/quotes?from=2026-02-30&to=yesterday&service=space&overdue=maybe&page=-4");
    expect(status).toBe(200);
    expect(html).toContain(ADMIN_MESSAGES.badDate("&#x27;From&#x27;"));
    expect(html).toContain(ADMIN_MESSAGES.badDate("&#x27;To&#x27;"));
    expect(names(html)).toEqual(["Anyone"]);
    expect((await page(`/admin/quotes?q=${"a".repeat(600)}`)).html).toContain(ADMIN_MESSAGES.searchTooLong(200));
    // 150 emoji are 300 UTF-16 units but 150 characters: nothing to cut.
    expect((await page(`/admin/quotes?q=${encodeURIComponent("🧽".repeat(150))}`)).html).not.toContain(ADMIN_MESSAGES.searchTooLong(200));
    const punctuation = await page(`/admin/quotes?q=${encodeURIComponent("!!! —")}`);
    expect(punctuation.html).toContain(ADMIN_MESSAGES.searchHasNoWords);
    expect((await page("/admin/quotes?colour=red")).status).toBe(400);
  });
});

describe("internal notes", () => {
  test("'Add note' stores the text with its author and time and shows it in the history with the status changes; only staff see it", async () => {
    const admin = await createAdminSession(worker);
    cookie = admin.cookie;
    const [id] = await insertQuotes([{ name: "Noted Client" }]);
    expect((await post(`/admin/quotes/${id}`, { id: id!, to: "quoted" })).status).toBe(302);
    const added = await post(`/admin/quotes/${id}`, { intent: "note", body: "Called her: <b>gate code</b> 4411, come after 10am" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/admin/quotes/${id}`);
    const { html } = await page(`/admin/quotes/${id}`);
    expect(html).toContain("&lt;b&gt;gate code&lt;/b&gt; 4411");
    expect(html).toContain(`by ${admin.email}`);
    const history = html.slice(html.indexOf('data-testid="history"'));
    expect(history.indexOf("gate code")).toBeLessThan(history.indexOf("pending")); // newest first
    expect(await worker.db.prepare("SELECT entity, entity_id, author_user_id FROM record_notes").first()).toEqual({
      entity: "quote_request",
      entity_id: id,
      author_user_id: admin.userId,
    });

    const messageId = await insertMessage("Message Sender", "Hi");
    expect((await post(`/admin/messages/${messageId}`, { intent: "note", body: "Replied on WhatsApp" })).status).toBe(302);
    expect((await page(`/admin/messages/${messageId}`)).html).toContain("Replied on WhatsApp");
  });

  test("an empty or too long note, an unknown record, a stranger or another site change nothing", async () => {
    const [id] = await insertQuotes([{ name: "Client" }]);
    const empty = await post(`/admin/quotes/${id}`, { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(ADMIN_MESSAGES.noteEmpty);
    const long = await post(`/admin/quotes/${id}`, { intent: "note", body: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(ADMIN_MESSAGES.noteTooLong(2000));
    expect((await post(`/admin/quotes/${crypto.randomUUID()}`, { intent: "note", body: "Lost" })).status).toBe(404);
    expect((await post(`/admin/quotes/${id}`, { intent: "note", body: "Hi", extra: "1" })).status).toBe(400);
    const stranger = await worker.fetch(`/admin/quotes/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "note", body: "Hi" }),
      redirect: "manual",
      headers: { Origin: worker.origin, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const user = await createAdminSession(worker, "user");
    const denied = await worker.fetch(`/admin/quotes/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "note", body: "Hi" }),
      redirect: "manual",
      headers: { Origin: worker.origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: user.cookie },
    });
    expect(denied.headers.get("Location")).toBe("/");
    const crossSite = await worker.fetch(`/admin/quotes/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "note", body: "Hi" }),
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(crossSite.status).toBe(403);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM record_notes").first()).toEqual({ n: 0 });
  });
});

describe("Export CSV", () => {
  test("the filtered list, every page, every field and the status; RFC 4180 quoting; formulas neutralised", async () => {
    const now = Date.now();
    await insertQuotes([
      {
        name: '=HYPERLINK("http://evil.example","Click")',
        phone: "+1 876 555 0100",
        info: 'Line one\nLine "two", with comma',
        at: now - 1000,
      },
      { name: "@SUM(A1)", info: "-2+3", at: now - 2000 },
      { name: "Filtered Out", service: "commercial", at: now - 3000 },
      ...Array.from({ length: 1200 }, (_, i) => ({ name: `Bulk ${i}`, service: "airbnb", at: now - 10_000 - i })),
    ]);
    const response = await worker.fetch("/admin/quotes.csv?service=residential", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Reference,ID,Received (Jamaica time),Updated (Jamaica time),Name,Email,Phone,Property address,Service type,Property size,Frequency,Preferred date,Additional information,Status,Stage,Next visit",
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain("'+1 876 555 0100");
    expect(csv).toContain('"Line one\nLine ""two"", with comma"');
    expect(csv).toContain("'@SUM(A1)");
    expect(csv).toContain("'-2+3");
    expect(csv).toContain(",Residential Cleaning,");
    expect(csv).toContain(",pending,new,\r\n");
    expect(csv).not.toContain("Filtered Out");

    const all = await (await worker.fetch("/admin/quotes.csv?service=airbnb", { headers: { Cookie: cookie } })).text();
    const bulk = all.split("\r\n").filter((line) => line.includes(",Bulk "));
    expect(bulk).toHaveLength(1200); // across three batches, none twice
    expect(new Set(bulk).size).toBe(1200);

    const messages = await (await worker.fetch("/admin/messages.csv", { headers: { Cookie: cookie } })).text();
    expect(messages.split("\r\n")[0]).toBe("Reference,ID,Received (Jamaica time),Updated (Jamaica time),Name,Email,Phone,Message,Status");
  });

  test("only admins can export", async () => {
    await insertQuotes([{ name: "Secret Client" }]);
    const anonymous = await worker.fetch("/admin/quotes.csv", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    const user = await createAdminSession(worker, "user");
    const denied = await worker.fetch("/admin/messages.csv", { redirect: "manual", headers: { Cookie: user.cookie } });
    expect(denied.status).toBe(302);
    expect(await denied.text()).not.toContain("Secret Client");
  });
});

describe("migrations", () => {
  test("apply to a database filled under the previous schema: rows kept, search index backfilled", async () => {
    const mf = new Miniflare({ modules: true, script: D1_CLIENT_SCRIPT, d1Databases: ["DB"] });
    try {
      const db = d1Client(sendTo(await mf.getWorker()));
      const files = readdirSync("migrations")
        .filter((name) => name.endsWith(".sql"))
        .sort();
      const apply = async (file: string) => {
        const statements = readFileSync(join("migrations", file), "utf8")
          .split("--> statement-breakpoint")
          .map((s) => s.trim())
          .filter(Boolean);
        await db.batch(statements.map((statement) => db.prepare(statement)));
      };
      const before = files.filter((file) => file < "0002");
      for (const file of before) await apply(file);
      await db.batch([
        db.prepare(
          "INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at) VALUES ('u1', 'owner@example.com', 'h', 'admin', 1, 1)",
        ),
        db.prepare(
          "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, additional_info) VALUES ('q1', 1, 1, 'Old Client', 'old@example.com', '876 555 7777', '3 Hill Road', 'strata', 'quoted', 'Pool deck')",
        ),
        db.prepare(
          "INSERT INTO contact_messages (id, created_at, updated_at, name, email, message, status) VALUES ('m1', 1, 1, 'Old Sender', 'os@example.com', 'Jalousie windows', 'read')",
        ),
        db.prepare(
          "INSERT INTO status_changes (id, entity, entity_id, from_status, to_status, actor_user_id, created_at) VALUES ('s1', 'quote_request', 'q1', 'pending', 'quoted', 'u1', 2)",
        ),
      ]);
      for (const file of files.filter((name) => !before.includes(name))) await apply(file);
      expect(await db.prepare("SELECT name, status FROM quote_requests").all()).toMatchObject({
        results: [{ name: "Old Client", status: "quoted" }],
      });
      expect(await db.prepare("SELECT role, last_sign_in_at FROM users").first()).toEqual({ role: "admin", last_sign_in_at: null });
      // A reference names one request of either kind.
      const taken = (await db.prepare("SELECT reference FROM contact_messages").first<{ reference: string }>())!.reference;
      await expect(
        db
          .prepare(
            "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference) VALUES ('q9', 1, 1, 'N', 'n@example.com', '1', 'A', 'airbnb', 'pending', ?)",
          )
          .bind(taken)
          .run(),
      ).rejects.toThrow(/reference taken/);
      // Requests from before references got one of ten characters.
      for (const table of ["quote_requests", "contact_messages"]) {
        const { reference } = (await db.prepare(`SELECT reference FROM ${table}`).first<{ reference: string }>())!;
        expect(reference).toMatch(/^MB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
      }
      expect(await db.prepare("SELECT count(*) AS n FROM status_changes").first()).toEqual({ n: 1 });
      const found = (table: string, match: string) =>
        db
          .prepare(`SELECT r.id FROM ${table} r JOIN ${table}_search s ON s.rowid = r.search_rowid WHERE ${table}_search MATCH ?`)
          .bind(match)
          .first();
      expect(await found("quote_requests", '"pool"*')).toEqual({ id: "q1" });
      expect(await found("quote_requests", '"5557777"*')).toEqual({ id: "q1" });
      expect(await found("contact_messages", '"jalousie"')).toEqual({ id: "m1" });
      // A record stored afterwards gets the next search key and is found; the old one keeps its own.
      await db
        .prepare(
          "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES ('q2', 3, 3, 'New Client', 'new@example.com', '876 555 8888', 'Bay Road', 'airbnb', 'pending')",
        )
        .run();
      expect(await db.prepare("SELECT id, search_rowid FROM quote_requests ORDER BY search_rowid").all()).toMatchObject({
        results: [
          { id: "q1", search_rowid: 1 },
          { id: "q2", search_rowid: 2 },
        ],
      });
      expect(await found("quote_requests", '"bay"*')).toEqual({ id: "q2" });
    } finally {
      await mf.dispose();
    }
  });
});
