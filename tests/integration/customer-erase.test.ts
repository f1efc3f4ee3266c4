/**
 * A customer's data, erased (docs/product.md §14 "Their data, erased"; docs/decisions/024-erasure.md),
 * against the production Worker in Miniflare with real D1 and R2: a customer with every kind of record
 * (a request with two photos and a derived key, a message, staff notes, a status reason, a reply and
 * its e-mail, a visit with crew notes, a series, a review and its link, an issued invoice with a
 * payment, a draft invoice, the outbox, a status page) is erased with both confirmations; then every
 * table of the database (sqlite_master, the search indexes' own tables included) is dumped and their
 * name, e-mail, phone and address occur nowhere but in the issued invoice's bill-to name; no R2 key of
 * theirs is left; the erasure is noted; their status page and review links answer 404; the
 * invoices' other guards still hold. A non-admin gets 403 (GET and POST) and a missing or wrong
 * confirmation a message, and neither changes anything; erasing twice is harmless.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CUSTOMER_ERASE_MESSAGES } from "~/domain/texts/staff-messages";
import { makePng } from "../fixtures";
import { createAdminSession, postFields, postForm, startWorker, waitFor, type TestWorker } from "./worker";

/** The tables each test starts without, children first (issued invoices and payments are never deleted: each test numbers its own). */
const EMPTIED = [
  "review_requests",
  "reviews",
  "visit_changes",
  "visits",
  "visit_series",
  "record_notes",
  "status_changes",
  "customer_replies",
  "mail_deliveries",
  "attachments",
  "quote_requests",
  "contact_messages",
  "customers",
  "sessions",
  "users",
];

/** The person erased: every string below must be gone (the name stays on the issued invoice only). */
const PERSON = {
  name: "Marisol Quintero-Erasetest",
  email: "marisol.erasetest@example.com",
  phone: "876 555 0177",
  address: "14 Hibiscus Erasetest Lane, Ocho Rios",
};
/** Their phone as stored (E.164) and its digits, and other texts that name them. */
const NEEDLES = [
  PERSON.name,
  PERSON.email,
  PERSON.phone,
  "+18765550177",
  "8765550177",
  PERSON.address,
  "Hibiscus Erasetest",
  "door code 7731",
  "bring the tall ladder",
  "Marisol was lovely",
];

let worker: TestWorker;
let cookie = "";
let adminId = "";
let adminEmail = "";
let invoiceSeq = 0;
beforeAll(async () => (worker = await startWorker()));
afterAll(async () => worker?.dispose());
beforeEach(async () => {
  const keys = await worker.listKeys();
  if (keys.length) await worker.bucket.delete(keys);
  await worker.db.batch(EMPTIED.map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
  ({ cookie, userId: adminId, email: adminEmail } = await createAdminSession(worker));
});

const get = (path: string, withCookie = cookie) =>
  worker.fetch(path, { redirect: "manual", headers: withCookie ? { Cookie: withCookie } : {} });
const post = (path: string, fields: Record<string, string>, withCookie = cookie) =>
  postFields(worker, path, fields, { Cookie: withCookie });
const text = async (response: Response) =>
  (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("<!-- -->", "");
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Submits a quote request through the form with photos; out: its id, customer and status token. */
async function submitQuote(fields: Record<string, string>, photos: string[] = []) {
  const form = new FormData();
  const all = {
    serviceType: "residential",
    propertySize: "medium",
    frequency: "bi-weekly",
    preferredDate: "",
    additionalInfo: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  for (const [index, name] of photos.entries()) form.append("photos", new File([makePng(5 + index, 4)], name, { type: "image/png" }));
  expect((await postForm(worker, "/quote", form)).status).toBe(303);
  return (await worker.db
    .prepare("SELECT id, customer_id AS customerId, status_token AS token FROM quote_requests WHERE email = ?")
    .bind(fields.email)
    .first<{ id: string; customerId: string; token: string }>())!;
}

/** The customer to erase with every kind of record, and another customer who must keep everything. */
async function seed() {
  const request = await submitQuote({ ...PERSON, additionalInfo: "The door code 7731 opens the side gate." }, [
    "marisol-kitchen.png",
    "marisol-bath.png",
  ]);
  const contact = new FormData();
  for (const [name, value] of Object.entries({
    name: PERSON.name,
    email: PERSON.email,
    phone: PERSON.phone,
    message: `Hello, ${PERSON.name} here from ${PERSON.address}.`,
    returnTo: "/contact",
  }))
    contact.append(name, value);
  expect((await postForm(worker, "/contact", contact)).status).toBe(303);
  const message = (await worker.db
    .prepare("SELECT id, customer_id AS customerId FROM contact_messages WHERE email = ?")
    .bind(PERSON.email)
    .first<{ id: string; customerId: string }>())!;
  expect(message.customerId).toBe(request.customerId);
  const other = await submitQuote(
    { name: "Zed Other", email: "zed.other@example.com", phone: "876 555 0999", address: "99 Elsewhere Road" },
    ["other.png"],
  );
  // The confirmation and staff e-mails reach the outbox after the response.
  await waitFor(async () => {
    const row = await worker.db
      .prepare("SELECT count(*) AS n FROM mail_deliveries WHERE to_address = ?")
      .bind(PERSON.email)
      .first<{ n: number }>();
    return row!.n >= 2 ? true : undefined;
  }, "the confirmation e-mails");
  // ... and are sent, so that the outbox no longer changes under the dumps.
  await waitFor(async () => {
    const row = await worker.db
      .prepare("SELECT count(*) AS n FROM mail_deliveries WHERE status IN ('queued', 'sending')")
      .first<{ n: number }>();
    return row!.n === 0 ? true : undefined;
  }, "the e-mails sent");

  // A derived key beside the photos (a thumbnail), which the erasure must find by the record's prefix.
  const [photoKey] = (await worker.listKeys()).filter((key) => key.startsWith(`quote-requests/${request.id}/`));
  await worker.bucket.put(`${photoKey}-thumb`, new Uint8Array([1, 2, 3]));

  const now = Date.now();
  const seriesId = crypto.randomUUID();
  const visitId = crypto.randomUUID();
  const issuedId = crypto.randomUUID();
  const draftId = crypto.randomUUID();
  const otherInvoiceId = crypto.randomUUID();
  const mailId = crypto.randomUUID();
  // A review link's token: 32 characters of base32 (app/domain/reference.ts REVIEW_TOKEN_PATTERN).
  const reviewToken = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => "abcdefghijklmnopqrstuvwxyz234567"[byte % 32]).join(
    "",
  );
  const [seq, otherSeq] = [(invoiceSeq += 1), (invoiceSeq += 1)];
  const number = (n: number) => `INV-2092-${String(n).padStart(4, "0")}`;
  const issued = (id: string, customerId: string, who: typeof PERSON, n: number) =>
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, quote_request_id, bill_to_name, bill_to_email, bill_to_phone,
          bill_to_address, issue_date, due_date, tax_rate_bp, subtotal_cents, discount_cents, tax_cents, total_cents, token, issued_at, created_at, updated_at)
         VALUES (?, 'invoice', 'issued', 'visit', 'INV-2092', ?, ?, ?, NULL, ?, ?, ?, ?, '2026-10-02', '2026-10-09', 0, 1800000, 0, 0, 1800000, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        n,
        number(n),
        customerId,
        who.name,
        who.email,
        who.phone === PERSON.phone ? "+18765550177" : who.phone,
        who.address,
        crypto.randomUUID().replaceAll("-", ""),
        now,
        now,
        now,
      );
  await worker.db.batch([
    worker.db.prepare("UPDATE customers SET notes = ? WHERE id = ?").bind(`${PERSON.name} prefers mornings.`, request.customerId),
    worker.db
      .prepare("INSERT INTO record_notes (id, entity, entity_id, body, author_user_id, created_at) VALUES (?, 'quote_request', ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), request.id, `Called ${PERSON.name} on ${PERSON.phone}.`, adminId, now - 1000),
    worker.db
      .prepare(
        "INSERT INTO record_notes (id, entity, entity_id, body, author_user_id, created_at) VALUES (?, 'contact_message', ?, ?, ?, ?)",
      )
      .bind(
        crypto.randomUUID(),
        message.id,
        `Customer: ${PERSON.name} (${PERSON.email}) was merged into someone by x.`,
        adminId,
        now - 1000,
      ),
    worker.db
      .prepare(
        "INSERT INTO status_changes (id, entity, entity_id, from_status, to_status, note, actor_user_id, created_at) VALUES (?, 'quote_request', ?, 'pending', 'cancelled', ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), request.id, `Spoke to ${PERSON.name}`, adminId, now - 1000),
    worker.db
      .prepare(
        "INSERT INTO mail_deliveries (id, kind, entity, entity_id, to_address, subject, body_text, links, status, attempts, created_at, updated_at) VALUES (?, 'reply', 'quote_request', ?, ?, 'Your quote', ?, ?, 'sent', 1, ?, ?)",
      )
      .bind(
        mailId,
        request.id,
        PERSON.email,
        `Dear ${PERSON.name}, for ${PERSON.address}.`,
        JSON.stringify([`https://x.test/${PERSON.email}`]),
        now,
        now,
      ),
    worker.db
      .prepare(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, included, message, mail_delivery_id, sent_by_user_id, created_at) VALUES (?, 'quote', 'quote_request', ?, 18000, 14, ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), request.id, `Everything at ${PERSON.address}`, `Dear ${PERSON.name}`, mailId, adminId, now),
    worker.db
      .prepare(
        "INSERT INTO visit_series (id, quote_request_id, quote_id, rrule, dtstart, window_start, window_end, status, generated_through, address, service_type, amount_jmd, notes, created_at, updated_at) VALUES (?, ?, 'q', 'FREQ=WEEKLY', '2026-10-02', '08:00', '10:00', 'active', '2026-12-31', ?, 'residential', 18000, ?, ?, ?)",
      )
      .bind(seriesId, request.id, PERSON.address, "Series: bring the tall ladder", now, now),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, notes, series_id, occurrence_day, customer_id, created_at, updated_at) VALUES (?, ?, 'q', '2026-10-02', '08:00', '10:00', 'done', ?, 'residential', 18000, 'Crew: bring the tall ladder', ?, '2026-10-02', ?, ?, ?)",
      )
      .bind(visitId, request.id, PERSON.address, seriesId, request.customerId, now, now),
    worker.db
      .prepare(
        "INSERT INTO reviews (id, author, area, service_type, rating, body, reviewed_on, published, visit_id, verified, created_at, updated_at) VALUES (?, ?, 'Ocho Rios', 'residential', 5, 'Marisol was lovely to deal with.', '2026-10-03', 1, ?, 1, ?, ?)",
      )
      .bind(crypto.randomUUID(), PERSON.name, visitId, now, now),
    worker.db
      .prepare(
        "INSERT INTO review_requests (id, visit_id, token_hash, send_after, sent_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), visitId, sha256(reviewToken), now - 1000, now - 1000, now + 7 * 86_400_000, now),
    issued(issuedId, request.customerId, PERSON, seq),
    issued(
      otherInvoiceId,
      other.customerId,
      { name: "Zed Other", email: "zed.other@example.com", phone: "x", address: "99 Elsewhere Road" },
      otherSeq,
    ),
    worker.db
      .prepare(
        "INSERT INTO mail_deliveries (id, kind, entity, entity_id, to_address, subject, body_text, status, attempts, created_at, updated_at) VALUES (?, 'invoice', 'invoice', ?, ?, 'Invoice', ?, 'sent', 1, ?, ?)",
      )
      .bind(crypto.randomUUID(), issuedId, PERSON.email, `Invoice for ${PERSON.name}`, now, now),
    worker.db
      .prepare(
        "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, reference, paid_on, idempotency_key, created_at) VALUES (?, ?, 'payment', 'bank_transfer', 1200000, 'NCB-7788', '2026-10-05', ?, ?)",
      )
      .bind(crypto.randomUUID(), issuedId, crypto.randomUUID(), now),
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, customer_id, quote_request_id, bill_to_name, bill_to_email, bill_to_phone, bill_to_address,
          due_date, subtotal_cents, tax_cents, total_cents, notes, created_at, updated_at)
         VALUES (?, 'invoice', 'draft', 'visit', ?, ?, ?, ?, '+18765550177', ?, '2026-11-09', 900000, 0, 900000, ?, ?, ?)`,
      )
      .bind(draftId, request.customerId, request.id, PERSON.name, PERSON.email, PERSON.address, `Draft for ${PERSON.name}`, now, now),
    worker.db
      .prepare(
        "INSERT INTO invoice_lines (id, invoice_id, position, description, quantity, unit_cents, amount_cents) VALUES (?, ?, 1, ?, 1, 900000, 900000)",
      )
      .bind(crypto.randomUUID(), draftId, `Cleaning at ${PERSON.address}`),
  ]);
  return { request, message, other, issuedId, draftId, otherInvoiceId, reviewToken };
}

/** Every row of every table (the search indexes' own tables included), as [table, column, value] triples of text. */
async function dumpAll(): Promise<Array<[string, string, string]>> {
  const tables = await worker.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    )
    .all<{ name: string }>();
  const cells: Array<[string, string, string]> = [];
  for (const { name } of tables.results) {
    const rows = await worker.db.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const asText =
          value instanceof ArrayBuffer
            ? Buffer.from(value).toString("latin1")
            : Array.isArray(value)
              ? Buffer.from(value as number[]).toString("latin1")
              : String(value);
        cells.push([name, column, asText]);
      }
    }
  }
  expect(cells.some(([table]) => table === "quote_requests_search_data")).toBe(true);
  return cells;
}

/** The cells holding one of NEEDLES (case-insensitive), or the lower-case word all their texts share in a search index's table. */
async function personalCells() {
  return (await dumpAll()).filter(
    ([table, , value]) =>
      NEEDLES.some((needle) => value.toLowerCase().includes(needle.toLowerCase())) ||
      (table.includes("_search") && value.toLowerCase().includes("erasetest")),
  );
}

const CONFIRMED = { confirm: PERSON.name, understood: "on" };

/** The dump without the staff accounts and sessions (a session's expiry slides as it is used). */
const withoutAccounts = (cells: Array<[string, string, string]>) => cells.filter(([table]) => table !== "sessions" && table !== "users");

describe("erasing a customer", () => {
  test("every table loses their name, e-mail, phone and address (the issued invoice keeps the name), R2 their photos; noted; links dead", async () => {
    const { request, message, other, issuedId, draftId, otherInvoiceId, reviewToken } = await seed();
    expect((await personalCells()).length).toBeGreaterThan(10);
    expect((await get(`/status/${request.token}`, "")).status).toBe(200);
    expect((await worker.fetch(`/review/${reviewToken}`)).status).toBe(200);
    const customerPage = await text(await get(`/admin/customers/${request.customerId}`));
    expect(customerPage).toContain("Customer's data");
    expect(customerPage).toContain(`href="/admin/customers/${request.customerId}/export"`);
    expect(customerPage).toContain(`href="/admin/customers/${request.customerId}/erase"`);

    const page = await get(`/admin/customers/${request.customerId}/erase`);
    expect(page.status).toBe(200);
    const pageText = await text(page);
    expect(pageText).toContain(`Erase ${PERSON.name}'s data`);
    expect(pageText).toContain("Tax Administration Jamaica");

    const erased = await post(`/admin/customers/${request.customerId}/erase`, CONFIRMED);
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe(`/admin/customers/${request.customerId}`);
    const after = await get(erased.headers.get("Location")!, `${cookie}; ${erased.headers.get("Set-Cookie")!.split(";")[0]}`);
    expect(after.status).toBe(200);
    const afterText = await text(after);
    expect(afterText).toContain(CUSTOMER_ERASE_MESSAGES.erasedName);
    expect(afterText).toMatch(/Erased on [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
    expect(afterText).toContain(CUSTOMER_ERASE_MESSAGES.erased);

    // Nowhere in the database, but the issued invoice's bill-to name.
    const left = await personalCells();
    expect(left).toEqual([["invoices", "bill_to_name", PERSON.name]]);
    const invoice = await worker.db.prepare("SELECT * FROM invoices WHERE id = ?").bind(issuedId).first<Record<string, unknown>>();
    expect(invoice).toMatchObject({
      status: "issued",
      bill_to_name: PERSON.name,
      bill_to_email: null,
      bill_to_phone: null,
      bill_to_address: null,
    });
    expect(await worker.db.prepare("SELECT count(*) AS n FROM invoices WHERE id = ?").bind(draftId).first("n")).toBe(0);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM payments WHERE invoice_id = ?").bind(issuedId).first("n")).toBe(1);

    // R2: none of their keys (the derived one included); the other customer's photo stays.
    const keys = await worker.listKeys();
    expect(keys.filter((key) => key.includes(request.id) || key.includes(message.id))).toEqual([]);
    expect(keys.filter((key) => key.startsWith(`quote-requests/${other.id}/`))).toHaveLength(1);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM attachments WHERE owner_id = ?").bind(request.id).first("n")).toBe(0);

    // The audit note: the customer's id, who, when; nothing personal.
    const notes = await worker.db
      .prepare("SELECT entity, entity_id, body, author_user_id, created_at FROM record_notes WHERE body LIKE 'Customer: the data of%'")
      .all<{ entity: string; entity_id: string; body: string; author_user_id: string; created_at: number }>();
    expect(notes.results.map((note) => note.entity_id).sort()).toEqual([request.id, message.id].sort());
    expect(notes.results[0]).toMatchObject({
      body: CUSTOMER_ERASE_MESSAGES.note(request.customerId, adminEmail),
      author_user_id: adminId,
    });
    const customer = await worker.db
      .prepare("SELECT * FROM customers WHERE id = ?")
      .bind(request.customerId)
      .first<Record<string, unknown>>();
    expect(customer).toMatchObject({ name: CUSTOMER_ERASE_MESSAGES.erasedName, email: null, phone: null, notes: null });
    expect(customer!.erased_at).toBeGreaterThan(Date.now() - 60_000);

    // Their links are dead; the other customer keeps everything.
    expect((await get(`/status/${request.token}`, "")).status).toBe(404);
    expect((await worker.fetch(`/review/${reviewToken}`)).status).toBe(404);
    expect(await worker.db.prepare("SELECT name FROM quote_requests WHERE id = ?").bind(other.id).first("name")).toBe("Zed Other");
    expect(await worker.db.prepare("SELECT bill_to_address FROM invoices WHERE id = ?").bind(otherInvoiceId).first("bill_to_address")).toBe(
      "99 Elsewhere Road",
    );
    // The search finds them no more.
    expect(await text(await get(`/admin/customers?q=${encodeURIComponent("Quintero")}`))).toContain("0 customers match");

    // Erasing twice: harmless, no second note; a note written since the first is erased too.
    await worker.db
      .prepare("INSERT INTO record_notes (id, entity, entity_id, body, created_at) VALUES ('note-since', 'quote_request', ?, ?, ?)")
      .bind(request.id, `Called ${PERSON.name} again`, Date.now() + 60_000)
      .run();
    const again = await post(`/admin/customers/${request.customerId}/erase`, { confirm: "ERASE", understood: "on" });
    expect(again.status).toBe(302);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM record_notes WHERE body LIKE 'Customer: the data of%'").first("n")).toBe(2);
    expect(await personalCells()).toEqual([["invoices", "bill_to_name", PERSON.name]]);
  });

  test("the invoices' other guards still hold after an erasure", async () => {
    const { request, issuedId, otherInvoiceId } = await seed();
    expect((await post(`/admin/customers/${request.customerId}/erase`, CONFIRMED)).status).toBe(302);
    const refused = async (statement: string, ...values: unknown[]) =>
      expect(
        worker.db
          .prepare(statement)
          .bind(...values)
          .run(),
      ).rejects.toThrow(/never edited/);
    // The name stays; a value never comes back; nothing else of an issued invoice changes.
    await refused("UPDATE invoices SET bill_to_name = 'Someone' WHERE id = ?", issuedId);
    await refused("UPDATE invoices SET bill_to_email = 'new@example.com' WHERE id = ?", issuedId);
    await refused("UPDATE invoices SET total_cents = 1, subtotal_cents = 1 WHERE id = ?", issuedId);
    await refused("UPDATE invoices SET bill_to_email = NULL, notes = 'x' WHERE id = ?", issuedId);
    // A customer not erased: their issued invoice's contact details stay as issued.
    await refused("UPDATE invoices SET bill_to_email = NULL WHERE id = ?", otherInvoiceId);
    await refused("UPDATE invoices SET bill_to_address = NULL WHERE id = ?", otherInvoiceId);
    await expect(worker.db.prepare("DELETE FROM invoices WHERE id = ?").bind(issuedId).run()).rejects.toThrow(/never deleted/);
  });
});

describe("the confirmations and the guard", () => {
  test("a missing or wrong confirmation gets its message and changes nothing", async () => {
    const { request } = await seed();
    const before = await dumpAll();
    const keysBefore = await worker.listKeys();
    const path = `/admin/customers/${request.customerId}/erase`;
    for (const [fields, message] of [
      [{ understood: "on" }, CUSTOMER_ERASE_MESSAGES.wrongName],
      [{ confirm: "Someone Else", understood: "on" }, CUSTOMER_ERASE_MESSAGES.wrongName],
      [{ confirm: PERSON.name }, CUSTOMER_ERASE_MESSAGES.unticked],
      [{ confirm: "ERASE", understood: "yes" }, CUSTOMER_ERASE_MESSAGES.unticked],
      [{}, CUSTOMER_ERASE_MESSAGES.wrongName],
    ] as const) {
      const response = await post(path, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await text(response)).toContain(message);
    }
    expect(withoutAccounts(await dumpAll())).toEqual(withoutAccounts(before));
    expect(await worker.listKeys()).toEqual(keysBefore);
  });

  test("admins only: a non-admin gets 403 on GET and POST and nothing changes; signed out goes to sign-in; a junk id 404", async () => {
    const { request } = await seed();
    const before = await dumpAll();
    const { cookie: userCookie } = await createAdminSession(worker, "user");
    const path = `/admin/customers/${request.customerId}/erase`;
    expect((await get(path, userCookie)).status).toBe(403);
    expect((await post(path, CONFIRMED, userCookie)).status).toBe(403);
    const signedOut = await post(path, CONFIRMED, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);
    expect(withoutAccounts(await dumpAll())).toEqual(withoutAccounts(before));
    expect(await worker.db.prepare("SELECT name FROM customers WHERE id = ?").bind(request.customerId).first("name")).toBe(PERSON.name);
    expect((await get("/admin/customers/not-a-uuid/erase")).status).toBe(404);
    expect((await get(`/admin/customers/${crypto.randomUUID()}/erase`)).status).toBe(404);
    expect((await post(`/admin/customers/${crypto.randomUUID()}/erase`, { confirm: "ERASE", understood: "on" })).status).toBe(404);
  });
});
