/**
 * The admin invoice page and where invoices start (app/routes/admin/invoice/,
 * app/routes/admin/invoice-new/), through the production Worker in Miniflare with real D1 and an
 * admin's cookie: 'Invoice from the quote' makes one draft and opens it (again: the same one);
 * every refused field of the draft's editor gets its message and writes nothing; a saved draft is
 * issued and e-mailed; a payment posted twice with its key records once; a payment above the
 * balance, a bank transfer without reference and a void without reason are refused and write
 * nothing; unknown invoices are 404s; the record page's Invoices card offers 'Invoice this visit'
 * for a visit whose deposit is paid, and a request invoiced from its quote points its visits to
 * that invoice and refuses their own; the accountant's CSV names the invoice a credit note
 * corrects. Invoices and payments cannot be deleted
 * (migrations/0016_billing_guards.sql): every test starts from its own request and customer.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_INVOICE_LINES } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { createDepositInvoice, recordPayment } from "~/server/billing";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

/** A page's HTML with the entities React writes for quotes turned back. */
const textOf = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

const post = (path: string, fields: Record<string, string>) => postFields(worker, path, fields, { Cookie: admin.cookie });

let n = 0;
/** A quoted request of J$14,500 matched to its own customer; out: the request's and the customer's ids. */
async function quotedRequest(): Promise<{ requestId: string; customerId: string }> {
  n++;
  const requestId = await seedQuotedRequest(worker, 500 + n, { name: `Billed${n}` });
  const customerId = crypto.randomUUID();
  await worker.db.batch([
    worker.db
      .prepare("INSERT INTO customers (id, name, email, phone, created_at, updated_at) VALUES (?, ?, ?, '+18765550101', ?, ?)")
      .bind(customerId, `Billed ${n}`, `billed${n}-${customerId.slice(0, 6)}@example.com`, Date.now(), Date.now()),
    worker.db.prepare("UPDATE quote_requests SET customer_id = ? WHERE id = ?").bind(customerId, requestId),
  ]);
  return { requestId, customerId };
}

/** 'Invoice from the quote'; out: the draft's id (from the redirect). */
async function draftOfQuote(requestId: string): Promise<string> {
  const answer = await post("/admin/invoices/new", { from: "quote", quoteRequestId: requestId });
  expect(answer.status, `${answer.headers.get("Location")} ${(await answer.text()).slice(0, 300)}`).toBe(302);
  const match = /^\/admin\/invoices\/([0-9a-f-]{36})$/.exec(answer.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

/** The editor's fields of a valid draft of one line, with `lines` replacing the rows when given. */
function draftFields(intent: "save-draft" | "issue", lines: Array<[string, string, string]> = [["Deep clean", "1", "14,500"]]) {
  const fields: Record<string, string> = {
    intent,
    billToName: "Ann Billed",
    billToEmail: "ann.billed@example.com",
    dueDate: "2030-01-31",
    discount: "",
  };
  lines.forEach(([description, quantity, unit], index) => {
    fields[`lines[${index}].description`] = description;
    fields[`lines[${index}].quantity`] = quantity;
    fields[`lines[${index}].unit`] = unit;
  });
  // A blank row, as the page sends without JavaScript: ignored.
  fields[`lines[${lines.length}].description`] = "";
  fields[`lines[${lines.length}].quantity`] = "";
  fields[`lines[${lines.length}].unit`] = "";
  return fields;
}

/** The invoice's row and its lines as stored. */
async function stored(id: string) {
  const invoice = await worker.db
    .prepare("SELECT status, number, total_cents, bill_to_name, updated_at FROM invoices WHERE id = ?")
    .bind(id)
    .first<{ status: string; number: string | null; total_cents: number; bill_to_name: string; updated_at: number }>();
  const { results: lines } = await worker.db
    .prepare("SELECT description, quantity, unit_cents FROM invoice_lines WHERE invoice_id = ? ORDER BY position")
    .bind(id)
    .all<{ description: string; quantity: number; unit_cents: number }>();
  return { invoice, lines };
}

const paymentCount = async (id: string) =>
  (await worker.db.prepare("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?").bind(id).first<{ n: number }>())!.n;

/** A draft of the quote, saved as one line of J$14,500 and issued; out: its id. */
async function issuedInvoice(): Promise<string> {
  const { requestId } = await quotedRequest();
  const id = await draftOfQuote(requestId);
  const issued = await post(`/admin/invoices/${id}`, draftFields("issue"));
  expect(issued.status).toBe(200);
  return id;
}

describe("starting an invoice", () => {
  test("'Invoice from the quote' makes a draft of the quote's price and opens it; a second time opens the same draft", async () => {
    const { requestId } = await quotedRequest();
    const id = await draftOfQuote(requestId);
    expect(await draftOfQuote(requestId)).toBe(id);
    const { invoice, lines } = await stored(id);
    expect(invoice).toMatchObject({ status: "draft", number: null });
    expect(lines).toEqual([expect.objectContaining({ quantity: 1, unit_cents: 1_450_000 })]);
    const page = await worker.fetch(`/admin/invoices/${id}`, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html).toContain("Invoice Draft");
    expect(html).toContain("Issue and e-mail");
    // The record page lists it.
    const record = await textOf(await worker.fetch(`/admin/quotes/${requestId}`, { headers: { Cookie: admin.cookie } }));
    expect(record).toContain(`/admin/invoices/${id}`);
  });

  test("a request with no customer is refused with the reason, and nothing is written", async () => {
    const requestId = await seedQuotedRequest(worker, 900, { name: "Unmatched" });
    const answer = await post("/admin/invoices/new", { from: "quote", quoteRequestId: requestId });
    expect(answer.status).toBe(409);
    expect(await textOf(answer)).toContain("No invoice was made");
    const count = await worker.db
      .prepare("SELECT COUNT(*) AS n FROM invoices WHERE quote_request_id = ?")
      .bind(requestId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  test("GET /admin/invoices/new says where invoices start; an unknown invoice is a 404; a visitor is sent to sign in", async () => {
    const get = await worker.fetch("/admin/invoices/new", { headers: { Cookie: admin.cookie }, redirect: "manual" });
    expect(get.status).toBe(200);
    expect(await textOf(get)).toContain("Where invoices start");
    const unknown = await worker.fetch(`/admin/invoices/${crypto.randomUUID()}`, { headers: { Cookie: admin.cookie } });
    expect(unknown.status).toBe(404);
    const anonymous = await worker.fetch(`/admin/invoices/${crypto.randomUUID()}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });
});

/** A done visit of the request (J$8,000, 2026-03-10); out: its id. */
async function doneVisit(requestId: string): Promise<string> {
  const id = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', '2026-03-10', '09:00', '12:00', 'done', '5 Kent Avenue', 'residential', 8000, ?, ?)",
    )
    .bind(id, requestId, Date.now(), Date.now())
    .run();
  return id;
}

/** The record page's HTML. */
const recordPage = async (requestId: string) =>
  textOf(await worker.fetch(`/admin/quotes/${requestId}`, { headers: { Cookie: admin.cookie } }));

/** The card's 'Invoice this visit' form for `visitId` is on the page. */
const offersVisit = (html: string, visitId: string) => html.includes(`name="visitId" value="${visitId}"`);

describe("the record page's Invoices card", () => {
  test("a visit whose deposit is paid still offers 'Invoice this visit', and its invoice deducts the deposit", async () => {
    const { requestId, customerId } = await quotedRequest();
    const visitId = await doneVisit(requestId);
    const db = drizzle(worker.db, { schema }) as unknown as Database;
    const deposit = await createDepositInvoice(
      db,
      {
        visitId,
        customerId,
        quoteRequestId: requestId,
        billToName: "Billed",
        billToEmail: null,
        billToPhone: null,
        billToAddress: null,
        amountCents: 200_000,
        dueDate: todayInJamaica(),
        description: "Deposit",
      },
      new Date(),
    );
    const paid = await recordPayment(
      db,
      {
        invoiceId: deposit.id,
        kind: "payment",
        method: "cash",
        amountCents: 200_000,
        excess: "refuse",
        reference: null,
        paidOn: todayInJamaica(),
        note: null,
        idempotencyKey: crypto.randomUUID(),
      },
      { userId: admin.userId },
      new Date(),
    );
    expect(paid.status).toBe("recorded");
    const html = await recordPage(requestId);
    expect(html).toContain(deposit.number);
    expect(html).toContain("Invoice this visit");
    expect(offersVisit(html, visitId)).toBe(true);
    // The deposit does not bill the quote either.
    expect(html).toContain("Invoice from the quote");
    const made = await post("/admin/invoices/new", { from: "visit", visitId });
    expect(made.status).toBe(302);
    const id = /([0-9a-f-]{36})$/.exec(made.headers.get("Location") ?? "")![1]!;
    expect((await stored(id)).lines.map((line) => line.unit_cents)).toEqual([800_000, -200_000]);
  });

  test("invoiced from its quote: each visit points to that invoice, 'Invoice this visit' is gone and refused with the reason", async () => {
    const { requestId } = await quotedRequest();
    const visitId = await doneVisit(requestId);
    expect(offersVisit(await recordPage(requestId), visitId)).toBe(true);
    const id = await draftOfQuote(requestId);
    const html = await recordPage(requestId);
    expect(offersVisit(html, visitId)).toBe(false);
    expect(html).not.toContain("Invoice from the quote");
    expect(html).toContain("Invoice Draft");
    const refused = await post("/admin/invoices/new", { from: "visit", visitId });
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("This request is already invoiced from its quote (a draft).");
    const count = await worker.db
      .prepare("SELECT COUNT(*) AS n FROM invoices WHERE quote_request_id = ?")
      .bind(requestId)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
    expect((await stored(id)).invoice!.status).toBe("draft");
  });
});

describe("the draft's editor", () => {
  test.each([
    ["a negative price", [["Deep clean", "1", "-100"]], "without a minus sign"],
    ["a price that is not a number", [["Deep clean", "1", "lots"]], "Enter an amount like 18000"],
    ["a price above the limit", [["Deep clean", "1", "99999999999999"]], "Enter at most"],
    ["an empty description", [["", "1", "100"]], "Describe the line."],
    ["an overlong description", [["x".repeat(201), "1", "100"]], "at most 200 characters"],
    ["a quantity of 0", [["Deep clean", "0", "100"]], "whole number from 1 to 1000"],
    ["a quantity of 1001", [["Deep clean", "1001", "100"]], "whole number from 1 to 1000"],
    [
      "too many lines",
      Array.from({ length: MAX_INVOICE_LINES + 1 }, (_, i) => [`Line ${i}`, "1", "10"]),
      `at most ${MAX_INVOICE_LINES} lines`,
    ],
  ] as Array<[string, Array<[string, string, string]>, string]>)(
    "%s is refused with its message, and the draft is unchanged",
    async (_what, lines, message) => {
      const { requestId } = await quotedRequest();
      const id = await draftOfQuote(requestId);
      const before = await stored(id);
      const answer = await post(`/admin/invoices/${id}`, draftFields("save-draft", lines));
      expect(answer.status).toBe(400);
      expect(await textOf(answer)).toContain(message);
      expect(await stored(id)).toEqual(before);
    },
  );

  test("a discount that is not an amount, or more than the lines, is refused; so is a missing due date", async () => {
    const { requestId } = await quotedRequest();
    const id = await draftOfQuote(requestId);
    const before = await stored(id);
    for (const [fields, message] of [
      [{ ...draftFields("save-draft"), discount: "-5" }, "without a minus sign"],
      [{ ...draftFields("save-draft"), discount: "20,000" }, "The discount is more than the lines come to"],
      [{ ...draftFields("save-draft"), dueDate: "" }, "Date is required."],
      [{ ...draftFields("save-draft"), dueDate: "2030-02-30" }, "Date must be a date"],
    ] as const) {
      const answer = await post(`/admin/invoices/${id}`, fields);
      expect(answer.status).toBe(400);
      expect(await textOf(answer)).toContain(message);
    }
    expect(await stored(id)).toEqual(before);
  });

  test("'Save draft' keeps the lines typed (blank rows left out) with the totals worked out again; 'Issue and e-mail' numbers it and e-mails it", async () => {
    const { requestId } = await quotedRequest();
    const id = await draftOfQuote(requestId);
    const saved = await post(`/admin/invoices/${id}`, {
      ...draftFields("save-draft", [
        ["Deep clean", "1", "14,500"],
        ["Oven", "2", "J$1,250.50"],
      ]),
      discount: "500",
    });
    expect(saved.status).toBe(200);
    expect(await textOf(saved)).toContain("The draft is saved.");
    const { invoice, lines } = await stored(id);
    expect(lines).toEqual([
      { description: "Deep clean", quantity: 1, unit_cents: 1_450_000 },
      { description: "Oven", quantity: 2, unit_cents: 125_050 },
    ]);
    expect(invoice!.bill_to_name).toBe("Ann Billed");
    // 14,500 + 2 × 1,250.50 - 500 = 16,501.00, with GCT on it when the settings charge it.
    expect([1_650_100, Math.floor((1_650_100 * 11500 + 5000) / 10000)]).toContain(invoice!.total_cents);

    const issued = await post(`/admin/invoices/${id}`, draftFields("issue"));
    expect(issued.status).toBe(200);
    const after = await stored(id);
    expect(after.invoice).toMatchObject({ status: "issued", number: expect.stringMatching(/^INV-\d{4}-\d{4,}$/) });
    expect(await textOf(issued)).toContain(`${after.invoice!.number} is issued.`);
    await waitFor(
      async () =>
        (await worker.db
          .prepare("SELECT id FROM mail_deliveries WHERE entity = 'invoice' AND entity_id = ? AND kind = 'invoice'")
          .bind(id)
          .first()) ?? undefined,
      "the invoice's e-mail",
    );
    // The page lists the e-mail about it.
    const page = await textOf(await worker.fetch(`/admin/invoices/${id}`, { headers: { Cookie: admin.cookie } }));
    expect(page).toContain('data-testid="invoice-mails"');
    expect(page).toContain("ann.billed@example.com");
    // Issued: the editor is gone; editing is refused and writes nothing.
    const edit = await post(`/admin/invoices/${id}`, draftFields("save-draft", [["Changed", "1", "1"]]));
    expect(edit.status).toBe(409);
    expect((await stored(id)).lines).toEqual(after.lines);
  });

  test("'Delete draft' deletes it and goes to the list, whose total (the kept row, record_totals) counts it no more", async () => {
    const kept = async () =>
      [
        await worker.db.prepare("SELECT total FROM record_totals WHERE entity = 'invoice'").first<number>("total"),
        await worker.db.prepare("SELECT count(*) AS n FROM invoices").first<number>("n"),
      ] as const;
    const { requestId } = await quotedRequest();
    const id = await draftOfQuote(requestId);
    const [withDraft, countedWithDraft] = await kept();
    expect(withDraft).toBe(countedWithDraft);
    const answer = await post(`/admin/invoices/${id}`, { intent: "delete-draft" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/invoices");
    expect((await stored(id)).invoice).toBeNull();
    const [total, counted] = await kept();
    expect(total).toBe(counted);
    expect(total).toBe(withDraft! - 1);
    const list = await textOf(await worker.fetch("/admin/invoices", { headers: { Cookie: admin.cookie } }));
    expect(list).toMatch(new RegExp(`data-testid="list-total">${total} document`));
  });
});

describe("money on an issued invoice", () => {
  const payment = (key: string, fields: Record<string, string> = {}) => ({
    intent: "payment",
    method: "cash",
    amount: "5,000",
    paidOn: todayInJamaica(),
    reference: "",
    note: "",
    excess: "refuse",
    key,
    ...fields,
  });

  test("a payment posted twice with the same key is recorded once", async () => {
    const id = await issuedInvoice();
    const key = crypto.randomUUID();
    const first = await post(`/admin/invoices/${id}`, payment(key));
    expect(first.status).toBe(200);
    expect(await textOf(first)).toContain("The payment is recorded.");
    const second = await post(`/admin/invoices/${id}`, payment(key));
    expect(second.status).toBe(200);
    expect(await textOf(second)).toContain("recorded already");
    expect(await paymentCount(id)).toBe(1);
  });

  test("more than the balance with 'refuse', a bank transfer without reference, an amount that is not one: refused, nothing written", async () => {
    const id = await issuedInvoice();
    const over = await post(`/admin/invoices/${id}`, payment(crypto.randomUUID(), { amount: "1,000,000" }));
    expect(over.status).toBe(409);
    const bank = await post(`/admin/invoices/${id}`, payment(crypto.randomUUID(), { method: "bank_transfer" }));
    expect(bank.status).toBe(400);
    expect(await textOf(bank)).toContain("Enter the bank transfer's reference.");
    const nonsense = await post(`/admin/invoices/${id}`, payment(crypto.randomUUID(), { amount: "abc" }));
    expect(nonsense.status).toBe(400);
    expect(await paymentCount(id)).toBe(0);
  });

  test("'Void' needs a reason; with one, the invoice is void and a credit note issued", async () => {
    const id = await issuedInvoice();
    const none = await post(`/admin/invoices/${id}`, { intent: "void", reason: "" });
    expect(none.status).toBe(400);
    expect((await stored(id)).invoice!.status).toBe("issued");
    const voided = await post(`/admin/invoices/${id}`, { intent: "void", reason: "Billed twice" });
    expect(voided.status).toBe(200);
    expect((await stored(id)).invoice!.status).toBe("void");
    const note = await worker.db
      .prepare("SELECT kind, status, number FROM invoices WHERE credit_for_id = ?")
      .bind(id)
      .first<{ number: string }>();
    expect(note).toMatchObject({ kind: "credit_note", status: "issued" });
    // The accountant's CSV: the credit note's row names the invoice it corrects in the last column.
    const today = todayInJamaica();
    const csv = await textOf(await worker.fetch(`/admin/invoices.csv?from=${today}&to=${today}`, { headers: { Cookie: admin.cookie } }));
    const row = csv.split("\r\n").find((line) => line.includes(note!.number));
    expect(row).toMatch(/^Credit note,/);
    expect(row!.endsWith(`,${(await stored(id)).invoice!.number}`)).toBe(true);
  });
});
