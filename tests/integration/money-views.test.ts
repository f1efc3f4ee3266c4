/**
 * The money views (docs/product.md §15) against the production Worker in Miniflare with real D1:
 * /admin/billing refuses every field it cannot save with its own message and writes nothing,
 * and saves a valid form whole; /admin/invoices filters and searches; /admin/invoices/unpaid
 * shows the age buckets; /admin/invoices.csv answers the accountant's CSV of a period, 400 with
 * a message page for a missing, impossible or reversed period, and guards text cells against
 * CSV injection. Admins only.
 *
 * Invoices and payments cannot be deleted (migrations/0016_billing_guards.sql): the file writes
 * its own invoices once, with their own numbers.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { createAdminSession, postFields, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

const get = (path: string, cookie = admin.cookie) => worker.fetch(path, { headers: { Cookie: cookie }, redirect: "manual" });

/** The settings row as stored. */
const settingsRow = () => worker.db.prepare("SELECT * FROM billing_settings WHERE id = 1").first<Record<string, unknown>>();

/** A valid settings form: GCT off, terms 7 days, no deposit, 48 hours, reminder after 7 days. */
const VALID = {
  paymentTermsDays: "7",
  depositRule: "none",
  depositPercent: "25",
  depositFixed: "",
  depositHoldHours: "48",
  reminderDays: "7",
  paymentInstructions: "NCB Montego Bay, account 123456789",
};

const saveSettings = (fields: Record<string, string>) => postFields(worker, "/admin/billing", fields, { Cookie: admin.cookie });

describe("/admin/billing", () => {
  test.each([
    ["GCT ticked without a TRN", { gctRegistered: "on", gctNumber: "GCT-12345" }, "TRN: a Tax Invoice must show it."],
    ["a TRN of 5 digits", { gctRegistered: "on", trn: "12345", gctNumber: "GCT-12345" }, "A TRN is 9 digits"],
    ["GCT ticked without its number", { gctRegistered: "on", trn: "123-456-789" }, "Enter the GCT registration number"],
    ["payment terms of 91 days", { paymentTermsDays: "91" }, "Payment terms must be a whole number of days from 0 to 90."],
    ["a deposit of 0%", { depositRule: "percent", depositPercent: "0" }, "Enter the deposit as a whole percentage from 1 to 100."],
    ["a deposit of 101%", { depositRule: "percent", depositPercent: "101" }, "Enter the deposit as a whole percentage from 1 to 100."],
    ["a fixed deposit in US$", { depositRule: "fixed", depositFixed: "US$50" }, "Amounts are in Jamaican dollars (J$) only."],
    ["a fixed deposit left empty", { depositRule: "fixed", depositFixed: "" }, "Enter an amount in Jamaican dollars."],
    ["an unknown deposit rule", { depositRule: "half" }, "Choose no deposit, a percentage or a fixed amount."],
    ["0 hours to pay a deposit", { depositHoldHours: "0" }, "Hours to pay a deposit must be a whole number from 1 to 720"],
    ["721 hours to pay a deposit", { depositHoldHours: "721" }, "Hours to pay a deposit must be a whole number from 1 to 720"],
    ["a reminder after 'soon'", { reminderDays: "soon" }, "The automatic reminder must be a whole number of days from 0 to 90"],
    [
      "instructions of 1,001 characters",
      { paymentInstructions: "x".repeat(1001) },
      "Payment instructions must be at most 1000 characters.",
    ],
  ])("refuses %s with its message and writes nothing", async (_what, change, message) => {
    const before = await settingsRow();
    const response = await saveSettings({ ...VALID, ...change });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await settingsRow()).toEqual(before);
  });

  test("saves a valid form whole: the TRN as 9 digits, a fixed deposit in cents, the instructions", async () => {
    const response = await saveSettings({
      ...VALID,
      gctRegistered: "on",
      trn: "123-456-789",
      gctNumber: "GCT-0042",
      depositRule: "fixed",
      depositFixed: "5,000",
      reminderDays: "10",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Billing settings saved.");
    expect(await settingsRow()).toMatchObject({
      gct_registered: 1,
      trn: "123456789",
      gct_number: "GCT-0042",
      payment_terms_days: 7,
      deposit_rule: "fixed",
      deposit_fixed_cents: 500000,
      deposit_hold_hours: 48,
      reminder_days: 10,
      payment_instructions: "NCB Montego Bay, account 123456789",
    });
    // Back to no GCT: the numbers may stay empty.
    expect((await saveSettings(VALID)).status).toBe(200);
    expect(await settingsRow()).toMatchObject({
      gct_registered: 0,
      trn: null,
      gct_number: null,
      deposit_rule: "none",
      deposit_fixed_cents: 500000,
    });
  });

  test("is for admins only", async () => {
    const user = await createAdminSession(worker, "user");
    expect((await get("/admin/billing", user.cookie)).status).toBe(302);
    const before = await settingsRow();
    expect((await postFields(worker, "/admin/billing", { ...VALID, paymentTermsDays: "30" }, { Cookie: user.cookie })).status).toBe(302);
    expect(await settingsRow()).toEqual(before);
  });
});

const TODAY = todayInJamaica();
let seq = 0;

/** An issued invoice of J$18,000.00 due `dueDaysAgo` days ago, billed to `name`; out: its id and number. */
async function issuedInvoice(name: string, dueDaysAgo: number) {
  const n = ++seq;
  const id = crypto.randomUUID();
  const number = `INV-2091-${String(n).padStart(4, "0")}`;
  const now = Date.now();
  await worker.db
    .prepare(
      `INSERT INTO invoices (id, kind, status, purpose, series, seq, number, customer_id, bill_to_name, bill_to_email, bill_to_phone,
        issue_date, due_date, tax_rate_bp, subtotal_cents, discount_cents, tax_cents, total_cents, token, issued_at, created_at, updated_at)
       VALUES (?, 'invoice', 'issued', 'visit', 'INV-2091', ?, ?, ?, ?, ?, '+18765550101', ?, ?, 0, 1800000, 0, 0, 1800000, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      n,
      number,
      crypto.randomUUID(),
      name,
      `money${n}@example.com`,
      plusDays(TODAY, -dueDaysAgo),
      plusDays(TODAY, -dueDaysAgo),
      crypto.randomUUID().replaceAll("-", ""),
      now,
      now,
      now,
    )
    .run();
  return { id, number };
}

describe("the invoices list, the Unpaid view and the accountant's CSV", () => {
  let late: { id: string; number: string };
  let formula: { id: string; number: string };
  beforeAll(async () => {
    late = await issuedInvoice("Marcia Late", 45);
    formula = await issuedInvoice('=HYPERLINK("http://evil.example")', 0);
    // J$5,000.00 paid by bank transfer, J$1,000.00 of it refunded in cash.
    const entry = (kind: string, method: string, cents: number, reference: string) =>
      worker.db
        .prepare(
          "INSERT INTO payments (id, invoice_id, kind, method, amount_cents, reference, paid_on, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(crypto.randomUUID(), late.id, kind, method, cents, reference, plusDays(TODAY, -10), crypto.randomUUID(), Date.now());
    await worker.db.batch([entry("payment", "bank_transfer", 500000, "-NCB 4471"), entry("refund", "cash", 100000, "R1")]);
  });

  test("/admin/invoices filters by state and searches; unknown query names are refused by the gate", async () => {
    const unpaid = await get(`/admin/invoices?state=overdue&q=Marcia`);
    expect(unpaid.status).toBe(200);
    const html = await unpaid.text();
    expect(html).toContain(late.number);
    expect(html).not.toContain(formula.number);
    const paid = await (await get("/admin/invoices?state=paid")).text();
    expect(paid).not.toContain(late.number);
    expect((await get("/admin/invoices?sort=amount")).status).toBe(400);
    expect((await get("/admin/invoices", (await createAdminSession(worker, "user")).cookie)).status).toBe(302);
  });

  test("/admin/invoices/unpaid shows the buckets and the invoice with its days overdue", async () => {
    const response = await get("/admin/invoices/unpaid");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const label of ["Current", "1-30 days overdue", "31-60 days overdue", "Over 60 days overdue"]) expect(html).toContain(label);
    expect(html).toContain(late.number);
    expect(html).toContain("45 days overdue");
    expect(html).toContain("tel:+18765550101");
  });

  test("/admin/invoices.csv: the period's documents with plain amounts, text cells guarded, a file named by the period", async () => {
    const from = plusDays(TODAY, -60);
    const response = await get(`/admin/invoices.csv?from=${from}&to=${TODAY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="invoices-${from}-to-${TODAY}.csv"`);
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Type,Date,Number,Customer,Description,Net (J$),GCT (J$),Total (J$),Method,Reference,Invoice");
    const lateLine = lines.find((line) => line.includes(late.number));
    expect(lateLine).toMatch(/^Invoice,/);
    expect(lateLine).toContain("Marcia Late");
    expect(lateLine).toContain("18000.00");
    // Money: the invoice's number in the last column; a refund negative, as a number; a reference starting with "-" as text.
    expect(lines).toContain(`Payment,${plusDays(TODAY, -10)},,Marcia Late,,,,5000.00,Bank transfer,'-NCB 4471,${late.number}`);
    expect(lines).toContain(`Refund,${plusDays(TODAY, -10)},,Marcia Late,,,,-1000.00,Cash,R1,${late.number}`);
    const formulaLine = lines.find((line) => line.includes(formula.number));
    expect(formulaLine).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  test.each([
    ["no period", ""],
    ["an impossible day", "?from=2026-02-30&to=2026-03-01"],
    ["a reversed period", "?from=2026-03-01&to=2026-02-01"],
    ["a day that is not a date", "?from=yesterday&to=2026-03-01"],
  ])("/admin/invoices.csv answers 400 with a message page for %s", async (_what, query) => {
    const response = await get(`/admin/invoices.csv${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(await response.text()).toContain("The export needs a period");
  });
});

describe("the Unpaid view a page at a time", () => {
  test("50 invoices a page, longest overdue first, the buckets and the total over all of them; a page out of range shows the first", async () => {
    const made = [];
    for (let days = 100; days < 155; days++) made.push(await issuedInvoice(`Paged Owing ${days}`, days));
    const first = await (await get("/admin/invoices/unpaid")).text();
    const owing = Number(/on ([\d,]+) invoices/.exec(first)?.[1]?.replace(",", ""));
    expect(owing).toBeGreaterThanOrEqual(55);
    const shown = (html: string) => [...html.matchAll(/data-invoice="([^"]+)"/g)].map((match) => match[1]);
    // Each invoice is there twice: a card below `lg`, a table row from it.
    expect(new Set(shown(first)).size).toBe(50);
    // The longest overdue first: 154 days down to 105 on page 1.
    expect(first.indexOf("Paged Owing 154")).toBeLessThan(first.indexOf("Paged Owing 105"));
    expect(first).not.toContain("Paged Owing 104<");
    expect(first).toContain(`Page 1 of ${Math.ceil(owing / 50)}`);
    const second = await (await get("/admin/invoices/unpaid?page=2")).text();
    expect(second).toContain("Paged Owing 104");
    expect(new Set([...shown(first), ...shown(second)]).size).toBe(Math.min(owing, 100));
    // The buckets count every invoice owing, whichever page is shown.
    const overSixty = (html: string) => /data-bucket="over-60"[\s\S]*?(\d+) invoices/.exec(html)?.[1];
    expect(overSixty(second)).toBe(overSixty(first));
    expect(Number(overSixty(first))).toBeGreaterThanOrEqual(55);
    for (const junk of ["abc", "0", "999"])
      expect(new Set(shown(await (await get(`/admin/invoices/unpaid?page=${junk}`)).text())).size).toBe(50);
    expect(made).toHaveLength(55);
  });
});
