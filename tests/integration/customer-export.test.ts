/**
 * A customer's data, exported (docs/product.md §14 "Their data, exported"), against the production
 * Worker in Miniflare with real D1 and R2: GET /admin/customers/<id>/export answers a ZIP holding
 * every kind of record of the customer (a request with its two photos byte for byte, a message, a
 * visit, a review, an invoice with its payment, the e-mails sent), one CSV per kind with its header,
 * a README, and nothing of another customer; eight photos of the largest size streamed whole and
 * stored as they are; the export is noted in the customer's history; a
 * non-admin gets 403, a signed-out visitor the sign-in page, an unknown or junk id a 404, never a 5xx.
 */
import { randomBytes } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { todayInJamaica } from "~/domain/dates";
import { MAX_PHOTO_BYTES } from "~/domain/limits";
import { makePng, VALID_CONTACT, VALID_QUOTE } from "../fixtures";
import { createAdminSession, postForm, startWorker, waitFor, type TestWorker } from "./worker";

/** The tables each test starts without, children first. */
/** Issued invoices and payments are never deleted (migrations/0016_billing_guards.sql): each test numbers its own. */
const EMPTIED = [
  "review_requests",
  "reviews",
  "visit_changes",
  "visits",
  "record_notes",
  "mail_deliveries",
  "attachments",
  "quote_requests",
  "contact_messages",
  "customers",
  "sessions",
  "users",
];

let worker: TestWorker;
let cookie = "";
let adminEmail = "";
let invoiceSeq = 0;
beforeAll(async () => (worker = await startWorker()));
afterAll(async () => worker?.dispose());
beforeEach(async () => {
  const keys = await worker.listKeys();
  if (keys.length) await worker.bucket.delete(keys);
  await worker.db.batch(EMPTIED.map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
  ({ cookie, email: adminEmail } = await createAdminSession(worker));
});

const get = (path: string, withCookie = cookie) =>
  worker.fetch(path, { redirect: "manual", headers: withCookie ? { Cookie: withCookie } : {} });

/** Submits a quote request through the form, with photos; returns its row's id and customer. */
async function submitQuote(fields: Record<string, string>, photos: Array<[Uint8Array<ArrayBuffer>, string]> = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_QUOTE, ...fields })) form.append(name, value);
  for (const [bytes, name] of photos) form.append("photos", new File([bytes], name, { type: "image/png" }));
  expect((await postForm(worker, "/quote", form)).status).toBe(303);
  return (await worker.db
    .prepare("SELECT id, customer_id AS customerId FROM quote_requests WHERE email = ?")
    .bind(fields.email ?? VALID_QUOTE.email)
    .first<{ id: string; customerId: string }>())!;
}

/** One customer with every kind of record; the other with a request of their own (and a photo). */
async function seed() {
  const photoA = makePng(12, 9);
  const photoB = makePng(7, 5, 4096);
  // Two photos of the same name: the archive keeps both.
  const request = await submitQuote({ additionalInfo: "Gate code 4412, two dogs." }, [
    [photoA, "kitchen.png"],
    [photoB, "kitchen.png"],
  ]);
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_CONTACT, email: VALID_QUOTE.email, message: '=HYPERLINK("x") pool deck?' }))
    form.append(name, value);
  expect((await postForm(worker, "/contact", form)).status).toBe(303);
  const other = await submitQuote(
    { name: "Zed Other", email: "zed.other@example.com", phone: "876 555 0999", address: "99 Elsewhere Road" },
    [[makePng(3, 3), "other.png"]],
  );
  expect(other.customerId).not.toBe(request.customerId);

  const now = Date.now();
  const visitId = crypto.randomUUID();
  const otherVisitId = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  const otherInvoiceId = crypto.randomUUID();
  const visit = (id: string, requestId: string, address: string) =>
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, notes, created_at, updated_at) VALUES (?, ?, 'q', '2026-10-02', '08:00', '10:00', 'done', ?, 'residential', 18000, 'Crew: bring ladder', ?, ?)",
      )
      .bind(id, requestId, address, now, now);
  const [seq, otherSeq] = [(invoiceSeq += 1), (invoiceSeq += 1)];
  const number = (n: number) => `INV-2091-${String(n).padStart(4, "0")}`;
  const invoice = (id: string, customerId: string, name: string, n: number) =>
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, quote_request_id, bill_to_name, bill_to_email,
          issue_date, due_date, tax_rate_bp, subtotal_cents, discount_cents, tax_cents, total_cents, token, issued_at, created_at, updated_at)
         VALUES (?, 'invoice', 'issued', 'visit', 'INV-2091', ?, ?, ?, NULL, ?, NULL, '2026-10-02', '2026-10-09', 0, 1800000, 0, 0, 1800000, ?, ?, ?, ?)`,
      )
      .bind(id, n, number(n), customerId, name, crypto.randomUUID().replaceAll("-", ""), now, now, now);
  await worker.db.batch([
    visit(visitId, request.id, VALID_QUOTE.address),
    visit(otherVisitId, other.id, "99 Elsewhere Road"),
    worker.db
      .prepare(
        "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, visit_id, verified, created_at, updated_at) VALUES (?, 'Ana B.', 'residential', 5, 'Spotless kitchen, thank you!', '2026-10-03', ?, 1, ?, ?)",
      )
      .bind(crypto.randomUUID(), visitId, now, now),
    worker.db
      .prepare(
        "INSERT INTO reviews (id, author, service_type, rating, body, reviewed_on, visit_id, verified, created_at, updated_at) VALUES (?, 'Zed O.', 'residential', 2, 'Zed was not pleased.', '2026-10-03', ?, 1, ?, ?)",
      )
      .bind(crypto.randomUUID(), otherVisitId, now, now),
    invoice(invoiceId, request.customerId, VALID_QUOTE.name, seq),
    invoice(otherInvoiceId, other.customerId, "Zed Other", otherSeq),
    worker.db
      .prepare(
        "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, reference, paid_on, idempotency_key, created_at) VALUES (?, ?, 'payment', 'bank_transfer', 1200000, 'NCB-7788', '2026-10-05', ?, ?)",
      )
      .bind(crypto.randomUUID(), invoiceId, crypto.randomUUID(), now),
  ]);
  return { request, other, photoA, photoB, visitId, invoiceId, invoiceNumber: number(seq), otherInvoiceNumber: number(otherSeq) };
}

/** The archive's files by name. */
async function unzip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** A CSV file's rows (the byte order mark dropped), split naively: the tests' values hold no commas or quotes. */
const csvRows = (bytes: Uint8Array) =>
  strFromU8(bytes)
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);

describe("GET /admin/customers/:id/export", () => {
  test("a ZIP of every kind of the customer's records, their photos byte for byte, CSVs with headers, and nothing of another customer", async () => {
    const { request, photoA, photoB, visitId, invoiceId, invoiceNumber, otherInvoiceNumber } = await seed();
    // A visitor may name a photo anything; the archive keeps it inside its folder.
    await worker.db
      .prepare("UPDATE attachments SET file_name = '../../etc/passwd.png' WHERE owner_id = ? AND size_bytes = ?")
      .bind(request.id, photoB.length)
      .run();
    // The confirmation e-mails reach the outbox after the response.
    await waitFor(async () => {
      const row = await worker.db
        .prepare("SELECT count(*) AS n FROM mail_deliveries WHERE to_address = ?")
        .bind(VALID_QUOTE.email)
        .first<{ n: number }>();
      return row!.n >= 2 ? true : undefined;
    }, "the confirmation e-mails");
    const response = await get(`/admin/customers/${request.customerId}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="customer-${request.customerId}-${todayInJamaica(new Date())}.zip"`,
    );
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const files = await unzip(response);

    // The photos, as uploaded, under photos/<request id>/ (a name with a path in it stays in its folder).
    const photoFiles = Object.keys(files).filter((name) => name.startsWith("photos/"));
    expect(photoFiles.sort()).toEqual([`photos/${request.id}/_.._etc_passwd.png`, `photos/${request.id}/kitchen.png`]);
    expect(Buffer.from(files[`photos/${request.id}/kitchen.png`]!).equals(Buffer.from(photoA))).toBe(true);
    expect(Buffer.from(files[`photos/${request.id}/_.._etc_passwd.png`]!).equals(Buffer.from(photoB))).toBe(true);

    // customer.json: every kind of record, with the customer's values.
    const json = JSON.parse(strFromU8(files["customer.json"]!)) as Record<string, Array<Record<string, unknown>>> & { exportedBy: string };
    expect(json.exportedBy).toBe(adminEmail);
    expect(json.customer).toEqual([expect.objectContaining({ id: request.customerId, name: VALID_QUOTE.name, email: VALID_QUOTE.email })]);
    expect(json.requests).toEqual([
      expect.objectContaining({ id: request.id, address: VALID_QUOTE.address, additional_info: "Gate code 4412, two dogs." }),
    ]);
    expect(json.requests![0]).not.toHaveProperty("status_token");
    expect(json.messages).toEqual([expect.objectContaining({ email: VALID_QUOTE.email, message: '=HYPERLINK("x") pool deck?' })]);
    expect(json.attachments!.map((row) => row.file_name).sort()).toEqual(["../../etc/passwd.png", "kitchen.png"]);
    expect(json.attachments!.every((row) => row.in_archive === true)).toBe(true);
    expect(json.visits).toEqual([expect.objectContaining({ id: visitId, address: VALID_QUOTE.address, notes: "Crew: bring ladder" })]);
    expect(json.reviews).toEqual([expect.objectContaining({ body: "Spotless kitchen, thank you!", rating: 5 })]);
    expect(json.invoices).toEqual([expect.objectContaining({ id: invoiceId, number: invoiceNumber, bill_to_name: VALID_QUOTE.name })]);
    expect(json.invoices![0]).not.toHaveProperty("token");
    expect(json.payments).toEqual([expect.objectContaining({ invoice_id: invoiceId, amount_cents: 1200000, reference: "NCB-7788" })]);
    expect(json.mails!.length).toBeGreaterThanOrEqual(2);
    expect(json.mails!.filter((mail) => mail.kind === "confirmation").every((mail) => mail.to_address === VALID_QUOTE.email)).toBe(true);

    // One CSV per kind, each with its header row; a text cell that looks like a formula is neutralised.
    for (const name of ["customer.csv", "requests.csv", "messages.csv", "attachments.csv", "visits.csv", "reviews.csv", "invoices.csv"]) {
      expect(files[name], name).toBeDefined();
    }
    for (const name of ["payments.csv", "mails.csv", "notes.csv", "series.csv", "invoice-lines.csv", "status-changes.csv", "replies.csv"]) {
      expect(files[name], name).toBeDefined();
    }
    expect(csvRows(files["requests.csv"]!)[0]).toMatch(/^id,created_at,updated_at,name,email,phone,address,service_type/);
    expect(csvRows(files["requests.csv"]!)).toHaveLength(2);
    expect(csvRows(files["visits.csv"]!)[1]).toContain(visitId);
    expect(csvRows(files["invoices.csv"]!)[0]).not.toContain("token");
    expect(csvRows(files["payments.csv"]!)[1]).toContain("NCB-7788");
    expect(csvRows(files["series.csv"]!)).toHaveLength(1);
    expect(csvRows(files["series.csv"]!)[0]).toMatch(/^id,quote_request_id,/);
    expect(strFromU8(files["messages.csv"]!)).toContain(`"'=HYPERLINK(""x"") pool deck?"`);
    expect(csvRows(files["attachments.csv"]!)[0]).toMatch(/,in_archive,archive_path$/);

    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain(request.customerId);
    expect(readme).toContain(adminEmail);

    // Nothing of the other customer, anywhere in the archive.
    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString("latin1"))
      .join("\n");
    for (const value of ["Zed", "zed.other@example.com", "99 Elsewhere Road", otherInvoiceNumber, "+18765550999"]) {
      expect(everything, value).not.toContain(value);
    }

    // The export is noted in the customer's history, on each of their records.
    const notes = await worker.db
      .prepare("SELECT entity, body, author_user_id AS author FROM record_notes WHERE body LIKE 'Customer: their data was exported%'")
      .all<{ entity: string; body: string; author: string }>();
    expect(notes.results.map((note) => note.entity).sort()).toEqual(["contact_message", "quote_request"]);
    expect(notes.results[0]!.body).toContain(adminEmail);
    const page = await (await get(`/admin/customers/${request.customerId}`)).text();
    expect(page).toContain("their data was exported");
  });

  test("two photos of one name are both kept; a photo missing from R2 is left out and said so; the archive still opens", async () => {
    const { request, photoA } = await seed();
    const both = await unzip(await get(`/admin/customers/${request.customerId}/export`));
    expect(
      Object.keys(both)
        .filter((name) => name.startsWith("photos/"))
        .sort(),
    ).toEqual([`photos/${request.id}/kitchen-2.png`, `photos/${request.id}/kitchen.png`]);
    const key = await worker.db
      .prepare("SELECT r2_key AS key FROM attachments WHERE size_bytes = ?")
      .bind(photoA.length)
      .first<{ key: string }>();
    await worker.bucket.delete(key!.key);
    const response = await get(`/admin/customers/${request.customerId}/export`);
    expect(response.status).toBe(200);
    const files = await unzip(response);
    expect(Object.keys(files).filter((name) => name.startsWith("photos/"))).toHaveLength(1);
    const json = JSON.parse(strFromU8(files["customer.json"]!)) as { attachments: Array<{ size_bytes: number; in_archive: boolean }> };
    expect(json.attachments.map((row) => [row.size_bytes === photoA.length, row.in_archive]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(strFromU8(files["README.txt"]!)).toContain("1 photo(s)");
  });

  test("many photos of the largest size are streamed whole, stored as they are (no recompression); the text files are deflated", async () => {
    const { request } = await seed();
    const now = Date.now();
    const photos = Array.from({ length: 8 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `large-${i}.jpg`,
      bytes: new Uint8Array(randomBytes(MAX_PHOTO_BYTES)),
    }));
    for (const photo of photos) await worker.bucket.put(`quote-requests/${request.id}/${photo.id}`, photo.bytes);
    await worker.db.batch(
      photos.map((photo) =>
        worker.db
          .prepare(
            "INSERT INTO attachments (id, owner_kind, owner_id, r2_key, file_name, content_type, size_bytes, created_at) VALUES (?, 'quote', ?, ?, ?, 'image/jpeg', ?, ?)",
          )
          .bind(photo.id, request.id, `quote-requests/${request.id}/${photo.id}`, photo.name, photo.bytes.length, now),
      ),
    );
    const response = await get(`/admin/customers/${request.customerId}/export`);
    expect(response.status).toBe(200);
    const methods = new Map<string, number>();
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()), {
      filter: (file) => (methods.set(file.name, file.compression), true),
    });
    for (const photo of photos) {
      const path = `photos/${request.id}/${photo.name}`;
      expect(methods.get(path), path).toBe(0);
      expect(Buffer.from(files[path]!).equals(Buffer.from(photo.bytes)), path).toBe(true);
    }
    expect(methods.get("customer.json")).toBe(8);
    expect(methods.get("requests.csv")).toBe(8);
  }, 60_000);

  test("admins only: signed out goes to sign-in, a signed-in non-admin gets 403, and neither is noted", async () => {
    const { request } = await seed();
    const path = `/admin/customers/${request.customerId}/export`;
    const signedOut = await get(path, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    const { cookie: userCookie } = await createAdminSession(worker, "user");
    const forbidden = await get(path, userCookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("Content-Type")).toContain("text/html");
    expect(await forbidden.text()).not.toContain(VALID_QUOTE.email);
    const notes = await worker.db.prepare("SELECT count(*) AS n FROM record_notes WHERE body LIKE '%exported%'").first<{ n: number }>();
    expect(notes!.n).toBe(0);
  });

  test("an unknown or junk id answers a 404 page, never a 5xx", async () => {
    for (const id of [
      crypto.randomUUID(),
      "not-an-id",
      "%27%20OR%201%3D1--",
      "..%2F..%2Fetc",
      "x".repeat(300),
      "%00",
      "%E2%80%AE",
      crypto.randomUUID().toUpperCase(),
    ]) {
      let response = await get(`/admin/customers/${id}/export`);
      // The input gate first sends a path with capitals or encoded letters to its canonical form (app/http/input-gate.server.ts).
      if (response.status === 301) response = await get(response.headers.get("Location")!);
      expect(response.status, id).toBe(404);
      expect(await response.text(), id).toContain("no such customer");
    }
  });
});
