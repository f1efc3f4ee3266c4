/**
 * Customers as people (docs/product.md §14), against the production Worker in Miniflare with
 * real D1: a request or message is linked to its customer when it is stored (by e-mail in any
 * case, else by phone in E.164, whatever its format), ten submissions at once from a new
 * address make one customer, the list and its search, the customer's page, merge and split
 * (guarded, idempotent, audited), the admin guard, and the backfill of migrations/0013_customers_search.sql.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { formOf, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { D1_CLIENT_SCRIPT, d1Client, sendTo } from "./d1-client";
import { createAdminSession, postFields, postForm, startWorker, type TestWorker } from "./worker";

/** The tables each test starts without, children first. */
const EMPTIED = ["record_notes", "visits", "attachments", "quote_requests", "contact_messages", "customers", "sessions", "users"];

let worker: TestWorker;
let cookie = "";
beforeAll(async () => (worker = await startWorker()));
afterAll(async () => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(EMPTIED.map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
  ({ cookie } = await createAdminSession(worker));
});

interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
}

const customers = async () => (await worker.db.prepare("SELECT * FROM customers ORDER BY created_at, id").all<CustomerRow>()).results;
const customerOf = async (table: "quote_requests" | "contact_messages", email: string) =>
  (await worker.db.prepare(`SELECT customer_id AS id FROM ${table} WHERE email = ?`).bind(email).first<{ id: string | null }>())?.id;

async function submitQuote(fields: Record<string, string>) {
  const response = await postForm(worker, "/quote", formOf({ ...VALID_QUOTE, ...fields }));
  expect(response.status).toBe(303);
}

async function submitContact(fields: Record<string, string>) {
  const response = await postForm(worker, "/contact", formOf({ ...VALID_CONTACT, ...fields }));
  expect(response.status).toBe(303);
}

const get = (path: string, withCookie = cookie) =>
  worker.fetch(path, { redirect: "manual", headers: withCookie ? { Cookie: withCookie } : {} });
const post = (path: string, fields: Record<string, string>) => postFields(worker, path, fields, { Cookie: cookie });
/** Follows an admin post's redirect with the session and the notice cookie, as the browser would. */
const follow = (response: Response) =>
  get(response.headers.get("Location")!, [cookie, response.headers.get("Set-Cookie")?.split(";")[0]].filter(Boolean).join("; "));
const pageText = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("<!-- -->", "");

describe("matching at submission", () => {
  test("by e-mail, whatever its case and spaces: a quote request and a contact message make one customer", async () => {
    await submitQuote({ email: "Ana.Brown@Example.com", phone: "876 555 0100" });
    await submitContact({ name: "Ana B", email: "ana.brown@example.com", phone: "" });
    const [customer, ...others] = await customers();
    expect(others).toHaveLength(0);
    expect(customer).toMatchObject({ name: "Ana Brown", email: "ana.brown@example.com", phone: "+18765550100" });
    expect(await customerOf("quote_requests", "Ana.Brown@Example.com")).toBe(customer!.id);
    expect(await customerOf("contact_messages", "ana.brown@example.com")).toBe(customer!.id);
  });

  test("else by phone in E.164: '876-555-1234', '(876) 555 1234' and '+1 876 555 1234' are one customer", async () => {
    await submitQuote({ email: "first@example.com", phone: "876-555-1234" });
    await submitQuote({ email: "second@example.com", phone: "(876) 555 1234" });
    await submitContact({ email: "third@example.com", phone: "+1 876 555 1234" });
    const rows = await customers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "first@example.com", phone: "+18765551234" });
    expect(await customerOf("contact_messages", "third@example.com")).toBe(rows[0]!.id);
  });

  test("different e-mail and phone: two customers", async () => {
    await submitQuote({ email: "one@example.com", phone: "876 555 0001" });
    await submitQuote({ email: "two@example.com", phone: "876 555 0002" });
    expect(await customers()).toHaveLength(2);
  });

  test("10 submissions at once from one new e-mail make one customer, with every request linked", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => submitQuote({ email: "rush@example.com", phone: `876 555 01${String(i).padStart(2, "0")}` })),
    );
    const rows = await customers();
    expect(rows).toHaveLength(1);
    const linked = await worker.db
      .prepare("SELECT count(*) AS n FROM quote_requests WHERE customer_id = ?")
      .bind(rows[0]!.id)
      .first<{ n: number }>();
    expect(linked?.n).toBe(10);
  });
});

describe("/admin/customers", () => {
  test("needs an admin", async () => {
    const response = await get("/admin/customers", "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });

  test("lists every customer once with their figures, and searches by name, e-mail and phone", async () => {
    await submitQuote({ name: "Ana Brown", email: "ana@example.com", phone: "876 555 0100" });
    await submitContact({ name: "Ana Brown", email: "ana@example.com", phone: "" });
    await submitQuote({ name: "Bob Green", email: "bob@example.com", phone: "876 555 0200" });
    const all = await pageText(await get("/admin/customers"));
    expect(all).toContain("2 customers");
    expect(all).toContain("Ana Brown");
    expect(all).toContain("Bob Green");
    expect(all).toContain("Repeat");
    expect(all).toContain("tel:+18765550100");
    for (const q of ["ana", "ana@example.com", "5550100", "876-555-0100"]) {
      const found = await pageText(await get(`/admin/customers?q=${encodeURIComponent(q)}`));
      expect(found, q).toContain("1 customer match");
      expect(found, q).toContain("Ana Brown");
      expect(found, q).not.toContain("Bob Green");
    }
    expect(await pageText(await get("/admin/customers?q=nobody"))).toContain("No customers match this search.");
    expect((await get("/admin/customers?q=")).headers.get("Location")).toBe("/admin/customers");
  });

  test("a customer's page: requests with their stage, messages, visits and total booked (cancelled visits left out)", async () => {
    await submitQuote({ name: "Ana Brown", email: "ana@example.com" });
    const [customer] = await customers();
    const request = await worker.db.prepare("SELECT id FROM quote_requests").first<{ id: string }>();
    const visit = (status: string, amount: number, day: string) =>
      worker.db
        .prepare(
          "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', ?, '08:00', '10:00', ?, 'x', 'residential', ?, 1, 1)",
        )
        .bind(crypto.randomUUID(), request!.id, day, status, amount);
    await worker.db.batch([visit("scheduled", 18000, "2099-01-15"), visit("cancelled", 5000, "2099-01-08")]);
    const page = await pageText(await get(`/admin/customers/${customer!.id}`));
    expect(page).toContain("Ana Brown");
    expect(page).toContain("mailto:ana@example.com");
    expect(page).toContain('data-stage="booked"');
    expect(page).toMatch(/data-testid="total-booked"[^>]*>J\$18,000</);
    expect(page).toContain("Visits (2)");
    expect((await get(`/admin/customers/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get("/admin/customers/not-an-id")).status).toBe(404);
  });

  test("notes are saved, and the answer is at the form", async () => {
    await submitQuote({});
    const [customer] = await customers();
    const response = await post(`/admin/customers/${customer!.id}`, { intent: "notes", notes: "Gate code 1234" });
    expect(response.status).toBe(200);
    expect((await customers())[0]!.notes).toBe("Gate code 1234");
    const tooLong = await post(`/admin/customers/${customer!.id}`, { intent: "notes", notes: "x".repeat(2001) });
    expect(tooLong.status).toBe(400);
  });
});

describe("merge and split", () => {
  async function twoCustomers() {
    await submitQuote({ name: "Ana Brown", email: "ana@example.com", phone: "876 555 0100" });
    await submitContact({ name: "Ana B", email: "ana.work@example.com", phone: "876 555 0999" });
    const [ana, work] = await customers();
    return { ana: ana!, work: work! };
  }

  test("merging moves every request and message, removes the other customer, leaves a note, and a second click changes nothing", async () => {
    const { ana, work } = await twoCustomers();
    await post(`/admin/customers/${work.id}`, { intent: "notes", notes: "Prefers mornings" });
    await post(`/admin/customers/${ana.id}`, { intent: "notes", notes: "Two dogs" });
    const response = await post(`/admin/customers/${ana.id}`, { intent: "merge", from: work.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/customers/${ana.id}`);
    const rows = await customers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ana.id, email: "ana@example.com", notes: "Two dogs\n\nPrefers mornings" });
    expect(await customerOf("contact_messages", "ana.work@example.com")).toBe(ana.id);
    const page = await pageText(await follow(response));
    expect(page).toContain("Merged: the other customer's requests and messages are now on this page.");
    expect(page).toContain("Ana B (ana.work@example.com) was merged into Ana Brown (ana@example.com)");
    const again = await post(`/admin/customers/${ana.id}`, { intent: "merge", from: work.id });
    expect(again.status).toBe(409);
    expect(await pageText(again)).toContain("already merged");
    expect((await post(`/admin/customers/${ana.id}`, { intent: "merge", from: ana.id })).status).toBe(409);
    expect((await post(`/admin/customers/${ana.id}`, { intent: "merge", from: "nope" })).status).toBe(400);
  });

  test("the merge search finds the other customer by name or id, never this one", async () => {
    const { ana, work } = await twoCustomers();
    const byName = await pageText(await get(`/admin/customers/${ana.id}?find=ana`));
    expect(byName).toContain(`/admin/customers/${work.id}`);
    expect(byName).toContain("Merge into this one");
    const byId = await pageText(await get(`/admin/customers/${ana.id}?find=${work.id}`));
    expect(byId).toContain(`value="${work.id}"`);
    expect(await pageText(await get(`/admin/customers/${ana.id}?find=${ana.id}`))).toContain("That is this customer's own id.");
  });

  test("splitting moves one request to a new customer made from its contact fields, once", async () => {
    await submitQuote({ name: "Ana Brown", email: "ana@example.com", phone: "876 555 0100" });
    await submitQuote({ name: "Carl Brown", email: "ana@example.com", phone: "876 555 0300", address: "5 Hill Road" });
    const [ana] = await customers();
    const carl = await worker.db.prepare("SELECT id FROM quote_requests WHERE name = 'Carl Brown'").first<{ id: string }>();
    const response = await post(`/admin/customers/${ana!.id}`, { intent: "split", entity: "quote_request", record: carl!.id });
    expect(response.status).toBe(302);
    const rows = await customers();
    expect(rows).toHaveLength(2);
    const created = rows.find((row) => row.id !== ana!.id)!;
    expect(created).toMatchObject({ name: "Carl Brown", email: "ana@example.com", phone: "+18765550300" });
    expect(response.headers.get("Location")).toBe(`/admin/customers/${created.id}`);
    expect(await pageText(await follow(response))).toContain("moved from Ana Brown (ana@example.com) to a new customer");
    const again = await post(`/admin/customers/${ana!.id}`, { intent: "split", entity: "quote_request", record: carl!.id });
    expect(again.status).toBe(409);
    const only = await post(`/admin/customers/${created.id}`, { intent: "split", entity: "quote_request", record: carl!.id });
    expect(only.status).toBe(409);
    expect(await pageText(only)).toContain("only request or message");
    expect(
      (await post(`/admin/customers/${ana!.id}`, { intent: "split", entity: "quote_request", record: crypto.randomUUID() })).status,
    ).toBe(404);
  });
});

describe("migrations/0013", () => {
  test("backfills one customer per e-mail with the newest name and a readable phone, links every row, and indexes them for search", async () => {
    const mf = new Miniflare({ modules: true, script: D1_CLIENT_SCRIPT, d1Databases: ["DB"] });
    try {
      const db = d1Client(sendTo(await mf.getWorker()));
      // Every migration before 0013, then rows as the site stored them, then 0013 and later.
      const migrations = readdirSync("migrations").filter((name) => name.endsWith(".sql"));
      const run = (file: string) =>
        db.batch(
          readFileSync(join("migrations", file), "utf8")
            .split("--> statement-breakpoint")
            .filter((statement) => statement.trim() !== "")
            .map((statement) => db.prepare(statement)),
        );
      for (const file of migrations.sort().filter((name) => name < "0013")) await run(file);
      const quote = (id: string, at: number, name: string, email: string, phone: string) =>
        db.prepare(
          `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES ('${id}', ${at}, ${at}, '${name}', '${email}', '${phone}', 'a', 'residential', 'pending')`,
        );
      await db.batch([
        quote("q1", 1, "Ana", "Ana@Example.com ", "876-555-1234"),
        quote("q2", 5, "Ana Brown", "ana@example.com", ""),
        quote("q3", 3, "Bob", "bob@example.com", "555 1234"),
        db.prepare(
          "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES ('m1', 9, 9, 'Ana B.', 'ANA@example.com', NULL, 'hi', 'unread')",
        ),
      ]);
      for (const file of migrations.filter((name) => name >= "0013")) await run(file);
      const rows = (await db.prepare("SELECT * FROM customers ORDER BY email").all<Record<string, unknown>>()).results;
      expect(rows).toMatchObject([
        { name: "Ana B.", email: "ana@example.com", phone: "+18765551234", created_at: 1, updated_at: 9 },
        { name: "Bob", email: "bob@example.com", phone: "+18765551234", created_at: 3, updated_at: 3 },
      ]);
      expect(String(rows[0]!.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const unlinked = await db
        .prepare(
          "SELECT (SELECT count(*) FROM quote_requests WHERE customer_id IS NULL) + (SELECT count(*) FROM contact_messages WHERE customer_id IS NULL) AS n",
        )
        .first<{ n: number }>();
      expect(unlinked?.n).toBe(0);
      const found = await db
        .prepare(
          "SELECT c.name FROM customers c WHERE c.search_rowid IN (SELECT rowid FROM customers_search WHERE customers_search MATCH '\"bob\"*')",
        )
        .all<{ name: string }>();
      expect(found.results).toEqual([{ name: "Bob" }]);
    } finally {
      await mf.dispose();
    }
  });
});
