/**
 * The customer's side of an invoice (app/routes/public/invoice/, app/routes/public/receipt/, the
 * status page's invoices section), against the production Worker in Miniflare with real D1: the
 * page by its token shows the document (Tax Invoice, GCT as its own line, payments, balance) and
 * its receipts, never cached and never indexed; an unknown or malformed token is a 404 that shows
 * nothing of any invoice; a receipt of another invoice's payment is a 404; a card payment's return
 * is told; the status page lists the request's invoices with their links. Each test writes its own
 * documents (issued invoices and payments cannot be deleted: migrations/0016_billing_guards.sql).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** A page's HTML with the entities React writes for quotes turned back. */
const textOf = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

let issued = 0;
interface Seeded {
  id: string;
  token: string;
  number: string;
  customerId: string;
}

/**
 * An issued invoice of one line of `subtotalCents` with GCT 15% (Tax Invoice), written as the core
 * writes it: a draft with its line, then one UPDATE that issues it. `quoteRequestId` links it to a
 * request. Out: its id, token, number and customer.
 */
async function issuedInvoice(subtotalCents: number, quoteRequestId: string | null = null): Promise<Seeded> {
  const id = crypto.randomUUID();
  const customerId = crypto.randomUUID();
  const token = crypto.randomUUID().replaceAll("-", "");
  const now = Date.now();
  const seq = 5000 + ++issued + Math.floor(Math.random() * 1000) * 100;
  const number = `PGT-2026-${seq}`;
  const tax = Math.floor((subtotalCents * 1500 + 5000) / 10000);
  const email = `owner-${customerId.slice(0, 8)}@example.com`;
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, ?, ?, 'Marcia Clarke', ?)")
      .bind(customerId, now, now, email),
    worker.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, customer_id, quote_request_id, bill_to_name, bill_to_email, bill_to_address, due_date,
           tax_rate_bp, business_trn, business_gct_number, subtotal_cents, discount_cents, tax_cents, total_cents, created_at, updated_at)
         VALUES (?, 'invoice', 'draft', 'visit', ?, ?, 'Marcia Clarke', ?, '7 Kent Avenue', '2026-12-31', 1500, '123-456-789', 'GCT-998877',
           ?, 0, ?, ?, ?, ?)`,
      )
      .bind(id, customerId, quoteRequestId, email, subtotalCents, tax, subtotalCents + tax, now, now),
    worker.db
      .prepare(
        `INSERT INTO invoice_lines (id, invoice_id, position, description, quantity, unit_cents, amount_cents)
         VALUES (?, ?, 1, 'Deep cleaning, three bedrooms', 1, ?, ?)`,
      )
      .bind(crypto.randomUUID(), id, subtotalCents, subtotalCents),
    worker.db
      .prepare(
        `UPDATE invoices SET status = 'issued', series = 'PGT-2026', seq = ?, number = ?, issue_date = '2026-11-20', token = ?,
           issued_at = ?, updated_at = ? WHERE id = ?`,
      )
      .bind(seq, number, token, now, now, id),
  ]);
  return { id, token, number, customerId };
}

/** A payment on `invoiceId` (cash unless told), recorded by staff. Out: its id. */
async function payment(invoiceId: string, amountCents: number, extra: { kind?: string; tipCents?: number; reference?: string } = {}) {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      `INSERT INTO payments (id, invoice_id, kind, method, amount_cents, tip_cents, reference, paid_on, note, idempotency_key, created_at)
       VALUES (?, ?, ?, 'bank_transfer', ?, ?, ?, '2026-11-22', 'staff only: matched by Andre', ?, ?)`,
    )
    .bind(id, invoiceId, extra.kind ?? "payment", amountCents, extra.tipCents ?? 0, extra.reference ?? null, `test:${id}`, Date.now())
    .run();
  return id;
}

/** The never-cached, never-indexed headers of a private page. */
function expectPrivate(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  expect(cacheControl).toContain("private");
  expect(cacheControl).toContain("no-store");
  expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
}

describe("/invoice/:token", () => {
  test("shows the Tax Invoice with GCT on its own line, the payment, the balance due and its receipt; private, no-store, noindex", async () => {
    const invoice = await issuedInvoice(1_800_000);
    const paid = await payment(invoice.id, 500_000, { reference: "BNS-4471" });
    const response = await worker.fetch(`/invoice/${invoice.token}`);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const page = await textOf(response);
    expect(page).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(page).toContain("Tax Invoice");
    expect(page).toContain(invoice.number);
    expect(page).toContain("TRN 123-456-789");
    expect(page).toContain("GCT No. GCT-998877");
    expect(page).toContain("Deep cleaning, three bedrooms");
    expect(page).toContain("GCT 15%");
    expect(page).toContain("J$2,700.00");
    expect(page).toContain("J$20,700.00");
    expect(page).toContain("Balance due");
    expect(page).toContain("J$15,700.00");
    expect(page).toContain(`/invoice/${invoice.token}/receipt/${paid}`);
    // Staff's note on a payment is not the customer's to read.
    expect(page).not.toContain("matched by Andre");
    // No WiPay account in this Worker: no card payment offered.
    expect(page).not.toContain("by card");
    expect(page).toContain("Print");
  });

  test("an unknown or malformed token is a 404 that shows nothing of any invoice", async () => {
    const invoice = await issuedInvoice(900_000);
    for (const token of ["0".repeat(32), invoice.token.slice(1), `${invoice.token}0`, "x", invoice.id]) {
      const response = await worker.fetch(`/invoice/${token}`);
      expect(response.status).toBe(404);
      expectPrivate(response);
      const page = await textOf(response);
      expect(page).toContain("This link does not work");
      expect(page).not.toContain(invoice.number);
      expect(page).not.toContain("Marcia Clarke");
    }
  });

  test("a card payment's return is told: ?paid=1 thanks once a card payment is recorded, ?failed=declined says nothing was recorded; other query names are refused", async () => {
    const invoice = await issuedInvoice(600_000);
    // The URL alone says nothing: no card payment is recorded yet (only a bank transfer).
    await payment(invoice.id, 100_000);
    expect(await textOf(await worker.fetch(`/invoice/${invoice.token}?paid=1`))).not.toContain("your card payment is recorded");
    await worker.db
      .prepare(
        `INSERT INTO payments (id, invoice_id, kind, method, amount_cents, tip_cents, paid_on, idempotency_key, created_at)
         VALUES (?, ?, 'payment', 'card_online', 100000, 0, '2026-11-22', ?, ?)`,
      )
      .bind(crypto.randomUUID(), invoice.id, `wipay:test-${invoice.id}`, Date.now())
      .run();
    expect(await textOf(await worker.fetch(`/invoice/${invoice.token}?paid=1`))).toContain("your card payment is recorded");
    expect(await textOf(await worker.fetch(`/invoice/${invoice.token}?failed=declined`))).toContain("did not go through");
    expect((await worker.fetch(`/invoice/${invoice.token}?page=2`)).status).toBe(400);
  });

  test("a paid invoice reads 'Paid in full'", async () => {
    const invoice = await issuedInvoice(100_000);
    await payment(invoice.id, 115_000);
    const page = await textOf(await worker.fetch(`/invoice/${invoice.token}`));
    expect(page).toContain("Paid in full");
    expect(page).not.toContain("Balance due");
  });
});

describe("/invoice/:token/receipt/:paymentId", () => {
  test("shows the receipt: invoice number, date, method, reference, amount, tip, the balance now; private, noindex", async () => {
    const invoice = await issuedInvoice(1_000_000);
    const paid = await payment(invoice.id, 400_000, { reference: "NCB-2231", tipCents: 50_000 });
    const response = await worker.fetch(`/invoice/${invoice.token}/receipt/${paid}`);
    expect(response.status).toBe(200);
    expectPrivate(response);
    const page = await textOf(response);
    expect(page).toContain("Receipt");
    expect(page).toContain(invoice.number);
    expect(page).toContain("Nov 22, 2026");
    expect(page).toContain("Bank transfer");
    expect(page).toContain("NCB-2231");
    expect(page).toContain("J$4,000.00");
    expect(page).toContain("J$500.00");
    expect(page).toContain("J$7,500.00");
    expect(page).toContain("Thank you");
  });

  test("a refund reads 'Refund'", async () => {
    const invoice = await issuedInvoice(200_000);
    await payment(invoice.id, 230_000);
    const refund = await payment(invoice.id, 30_000, { kind: "refund" });
    const page = await textOf(await worker.fetch(`/invoice/${invoice.token}/receipt/${refund}`));
    expect(page).toContain("Refund");
  });

  test("a payment of another invoice, or an unknown payment, is a 404", async () => {
    const mine = await issuedInvoice(300_000);
    const other = await issuedInvoice(300_000);
    const theirs = await payment(other.id, 100_000, { reference: "OTHER-REF-1" });
    for (const path of [
      `/invoice/${mine.token}/receipt/${theirs}`,
      `/invoice/${mine.token}/receipt/${crypto.randomUUID()}`,
      `/invoice/${"f".repeat(32)}/receipt/${theirs}`,
    ]) {
      const response = await worker.fetch(path);
      expect(response.status).toBe(404);
      const page = await textOf(response);
      expect(page).toContain("This link does not work");
      expect(page).not.toContain("OTHER-REF-1");
    }
  });
});

describe("the status page's invoices", () => {
  test("lists the request's issued invoices with total, paid, balance due and state, and links each to its page", async () => {
    const requestId = crypto.randomUUID();
    const statusToken = crypto.randomUUID().replaceAll("-", "");
    const now = Date.now();
    await worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES (?, ?, ?, 'Marcia Clarke', 'marcia@example.com', '876 555 0102', '7 Kent Avenue', 'residential', 'pending', ?, ?)",
      )
      .bind(requestId, now, now, `MB-${requestId.slice(0, 5).toUpperCase()}`, statusToken)
      .run();
    const invoice = await issuedInvoice(1_800_000, requestId);
    await payment(invoice.id, 700_000);
    const response = await worker.fetch(`/status/${statusToken}`);
    expect(response.status).toBe(200);
    const page = await textOf(response);
    const section = page.slice(page.indexOf('data-testid="invoices"'));
    expect(section).toContain(`Invoice ${invoice.number}`);
    expect(section).toContain("Total J$20,700.00");
    expect(section).toContain("Paid J$7,000.00");
    expect(section).toContain("Balance due J$13,700.00");
    expect(section).toContain("Partly paid");
    expect(section).toContain(`href="/invoice/${invoice.token}"`);
  });
});
