/**
 * Card payments through WiPay's hosted checkout (app/server/billing/card.server.ts,
 * app/routes/public/invoice-pay, invoice-paid), against the production Worker in Miniflare with
 * real D1 and the local stand-in of WiPay's documented contract (tests/support/wipay-stand-in.mjs):
 * pay → WiPay's page → return records one payment and marks the checkout paid; a forged hash, a
 * changed amount or currency, another invoice's order, a declined card, WiPay failing to answer
 * record nothing; a replayed return records nothing more; a hosted page off WIPAY_BASE_URL's
 * origin (or not https) is not followed; a verified return on a void invoice is recorded and
 * logged; with no API key the pay route refuses and the invoice page offers no card payment. Each test issues its own invoice (issued
 * invoices and payments cannot be deleted: migrations/0016_billing_guards.sql).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWipayStandIn, wipayHash, SANDBOX_ACCOUNT } from "../support/wipay-stand-in.mjs";
import { startWorker, waitFor, type TestWorker } from "./worker";
import { cardReturnHash } from "~/server/billing";

const API_KEY = "stand-in-key-7f3a";
let worker: TestWorker;
let wipay: Awaited<ReturnType<typeof startWipayStandIn>>;

beforeAll(async () => {
  wipay = await startWipayStandIn({ apiKey: API_KEY });
  worker = await startWorker({
    bindings: {
      WIPAY_ACCOUNT_NUMBER: SANDBOX_ACCOUNT,
      WIPAY_API_KEY: API_KEY,
      WIPAY_ENVIRONMENT: "sandbox",
      WIPAY_BASE_URL: wipay.url,
    },
  });
});
afterAll(async () => {
  await worker?.dispose();
  await wipay?.stop();
});

let invoices = 0;
/**
 * An issued invoice for `totalCents` (one line, no GCT), written as the core writes it: a draft
 * with its line, then one UPDATE that issues it, in `site`'s database. Out: its id and token.
 */
async function issuedInvoice(totalCents = 1_800_000, site: TestWorker = worker): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  const customerId = crypto.randomUUID();
  const token = crypto.randomUUID().replaceAll("-", "");
  const now = Date.now();
  const seq = 9000 + ++invoices + Math.floor(Math.random() * 1000) * 100;
  await site.db.batch([
    site.db
      .prepare("INSERT INTO customers (id, created_at, updated_at, name, email) VALUES (?, ?, ?, 'Card Payer', ?)")
      .bind(customerId, now, now, `payer-${customerId.slice(0, 8)}@example.com`),
    site.db
      .prepare(
        `INSERT INTO invoices (id, kind, status, purpose, customer_id, bill_to_name, bill_to_email, due_date, tax_rate_bp,
           subtotal_cents, discount_cents, tax_cents, total_cents, created_at, updated_at)
         VALUES (?, 'invoice', 'draft', 'visit', ?, 'Card Payer', ?, '2026-12-31', 0, ?, 0, 0, ?, ?, ?)`,
      )
      .bind(id, customerId, `payer-${customerId.slice(0, 8)}@example.com`, totalCents, totalCents, now, now),
    site.db
      .prepare(
        `INSERT INTO invoice_lines (id, invoice_id, position, description, quantity, unit_cents, amount_cents)
         VALUES (?, ?, 1, 'Deep clean', 1, ?, ?)`,
      )
      .bind(crypto.randomUUID(), id, totalCents, totalCents),
    site.db
      .prepare(
        `UPDATE invoices SET status = 'issued', series = 'TST-2026', seq = ?, number = ?, issue_date = '2026-11-20', token = ?,
           issued_at = ?, updated_at = ? WHERE id = ?`,
      )
      .bind(seq, `TST-2026-${seq}`, token, now, now, id),
  ]);
  return { id, token };
}

/** POST /invoice/:token/pay as the page's button does; out: the response (not followed). */
const pay = (token: string) =>
  worker.fetch(`/invoice/${token}/pay`, { method: "POST", redirect: "manual", headers: { Origin: worker.origin } });

/** On WiPay's hosted page: 'Pay' or 'Decline'. Out: the return URL WiPay sends the browser to. */
async function onHostedPage(hostedPage: string, outcome: "pay" | "decline"): Promise<URL> {
  const page = await fetch(hostedPage);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Pay");
  const answer = await fetch(hostedPage, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("Location")!);
}

/** Pays (or declines) `invoice` through the stand-in; out: the return URL, not yet opened. */
async function checkout(token: string, outcome: "pay" | "decline" = "pay"): Promise<URL> {
  const response = await pay(token);
  expect(response.status).toBe(303);
  const hostedPage = response.headers.get("Location")!;
  expect(hostedPage.startsWith(`${wipay.url}/checkout/`)).toBe(true);
  const back = await onHostedPage(hostedPage, outcome);
  expect(back.origin).toBe(worker.origin);
  expect(back.pathname).toBe(`/invoice/${token}/paid`);
  return back;
}

/** Opens a return (path and query) on the site; out: where it redirects to. */
async function returnTo(url: URL | string): Promise<string> {
  const target = typeof url === "string" ? url : `${url.pathname}${url.search}`;
  const response = await worker.fetch(target, { redirect: "manual" });
  expect(response.status).toBe(303);
  return response.headers.get("Location")!;
}

const paymentsOf = async (invoiceId: string) =>
  (
    await worker.db
      .prepare("SELECT kind, method, amount_cents, reference, idempotency_key FROM payments WHERE invoice_id = ?")
      .bind(invoiceId)
      .all<Record<string, unknown>>()
  ).results;
const checkoutsOf = async (invoiceId: string) =>
  (
    await worker.db
      .prepare(
        "SELECT id, amount_cents, currency, status, transaction_id, payment_id FROM card_checkouts WHERE invoice_id = ? ORDER BY created_at",
      )
      .bind(invoiceId)
      .all<Record<string, unknown>>()
  ).results;

test("the return's hash as WiPay's document gives it: md5(transaction_id + the total asked + API key)", () => {
  // The document's FAC example: 10.00 USD asked under customer_pay (12.05 charged), the sandbox key 123.
  const documented = "3d34d20260f7433ceee277e9ed9166a3";
  expect(cardReturnHash("SB-12-1-oid_123-aBc-20210616024001", "10.00", "123")).toBe(documented);
  expect(wipayHash("SB-12-1-oid_123-aBc-20210616024001", "10.00", "123")).toBe(documented);
});

describe("card payment through the hosted page", () => {
  test("pay → return: one card payment of the balance, the checkout paid, the page says so; a replay records nothing more", async () => {
    const invoice = await issuedInvoice(1_800_000);
    // The page offers the card payment (the customer's invoice page, app/routes/public/invoice).
    expect(await (await worker.fetch(`/invoice/${invoice.token}`)).text()).toContain(`/invoice/${invoice.token}/pay`);
    const back = await checkout(invoice.token);
    expect(back.searchParams.get("status")).toBe("success");
    expect(back.searchParams.get("total")).toBe("18000.00");
    expect(back.searchParams.get("currency")).toBe("JMD");
    expect(await returnTo(back)).toBe(`/invoice/${invoice.token}?paid=1`);

    const transactionId = back.searchParams.get("transaction_id")!;
    expect(await paymentsOf(invoice.id)).toEqual([
      {
        kind: "payment",
        method: "card_online",
        amount_cents: 1_800_000,
        reference: transactionId,
        idempotency_key: `wipay:${transactionId}`,
      },
    ]);
    const [row] = await checkoutsOf(invoice.id);
    expect(row).toMatchObject({ amount_cents: 1_800_000, currency: "JMD", status: "paid", transaction_id: transactionId });
    expect(row!.payment_id).toEqual(expect.any(String));
    // The receipt is e-mailed to the bill-to address.
    const receipt = await waitFor(
      () => worker.mails().find((mail) => mail.to.startsWith("payer-") && mail.links.some((link) => link.includes(invoice.token))),
      "the receipt",
    );
    expect(receipt.to).toMatch(/^payer-.*@example\.com$/);
    // What WiPay was asked: the balance, JMD, the sandbox account, this order, the return to this invoice.
    const asked = wipay.transactions.get(transactionId)!.fields;
    expect(asked).toMatchObject({
      account_number: SANDBOX_ACCOUNT,
      country_code: "JM",
      currency: "JMD",
      environment: "sandbox",
      fee_structure: "merchant_absorb",
      method: "credit_card",
      order_id: row!.id,
      total: "18000.00",
      response_url: `${worker.origin}/invoice/${invoice.token}/paid`,
    });

    // The browser's back button, a reload, a second tab: the same return again.
    expect(await returnTo(back)).toBe(`/invoice/${invoice.token}?paid=1`);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);

    // Nothing is owed any more: no second checkout.
    expect((await pay(invoice.token)).headers.get("Location")).toBe(`/invoice/${invoice.token}?failed=owed`);
    expect(await checkoutsOf(invoice.id)).toHaveLength(1);
  });

  test("a forged hash, a changed amount or currency, a transaction of another order: nothing recorded", async () => {
    const invoice = await issuedInvoice(950_000);
    const back = await checkout(invoice.token);
    const transactionId = back.searchParams.get("transaction_id")!;
    const tampered = (change: (query: URLSearchParams) => void) => {
      const url = new URL(back);
      change(url.searchParams);
      return url;
    };
    // Signed with another key.
    const forged = tampered((q) => q.set("hash", wipayHash(transactionId, "9500.00", "not-the-key")));
    expect(await returnTo(forged)).toBe(`/invoice/${invoice.token}?failed=unverified`);
    // A lower amount, even signed with the right key.
    const cheaper = tampered((q) => {
      q.set("total", "95.00");
      q.set("hash", wipayHash(transactionId, "95.00", API_KEY));
    });
    expect(await returnTo(cheaper)).toBe(`/invoice/${invoice.token}?failed=unverified`);
    // Another currency.
    expect(await returnTo(tampered((q) => q.set("currency", "USD")))).toBe(`/invoice/${invoice.token}?failed=unverified`);
    // A transaction id that does not name this order, signed with the right key.
    const otherTransaction = transactionId.replace(/-\d{14}$/, "").replace(/[0-9a-f]{16}$/, "0000000000000000") + "-20261128000000";
    const renamed = tampered((q) => {
      q.set("transaction_id", otherTransaction);
      q.set("hash", wipayHash(otherTransaction, "9500.00", API_KEY));
    });
    expect(await returnTo(renamed)).toBe(`/invoice/${invoice.token}?failed=unverified`);
    // No hash at all, junk values, a bare return: refused, never a 500.
    expect(await returnTo(tampered((q) => q.delete("hash")))).toBe(`/invoice/${invoice.token}?failed=unverified`);
    expect(await returnTo(`/invoice/${invoice.token}/paid?status=success&order_id=%00%FF&total=x`)).toBe(
      `/invoice/${invoice.token}?failed=unverified`,
    );
    expect(await returnTo(`/invoice/${invoice.token}/paid`)).toBe(`/invoice/${invoice.token}?failed=unverified`);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect((await checkoutsOf(invoice.id))[0]).toMatchObject({ status: "open", transaction_id: null });
    expect(worker.output().some((line) => line.includes('"card_return_refused"') && line.includes("hash does not verify"))).toBe(true);

    // The genuine return still records.
    expect(await returnTo(back)).toBe(`/invoice/${invoice.token}?paid=1`);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  test("another invoice's order: nothing recorded on either", async () => {
    const first = await issuedInvoice(500_000);
    const second = await issuedInvoice(500_000);
    const back = await checkout(first.token);
    const elsewhere = `/invoice/${second.token}/paid${back.search}`;
    expect(await returnTo(elsewhere)).toBe(`/invoice/${second.token}?failed=unverified`);
    expect(await paymentsOf(first.id)).toEqual([]);
    expect(await paymentsOf(second.id)).toEqual([]);
    expect(await checkoutsOf(second.id)).toEqual([]);
  });

  test("a declined card: nothing recorded, the checkout failed, the page says so", async () => {
    const invoice = await issuedInvoice(300_000);
    const back = await checkout(invoice.token, "decline");
    expect(back.searchParams.get("status")).toBe("failed");
    expect(back.searchParams.has("hash")).toBe(false);
    expect(await returnTo(back)).toBe(`/invoice/${invoice.token}?failed=declined`);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect((await checkoutsOf(invoice.id))[0]).toMatchObject({ status: "failed", payment_id: null });
    // A failure is unsigned: made into a success by hand, it does not verify.
    const forced = new URL(back);
    forced.searchParams.set("status", "success");
    expect(await returnTo(forced)).toBe(`/invoice/${invoice.token}?failed=unverified`);
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  test("WiPay not answering with a page: back to the invoice, the checkout failed, nothing recorded", async () => {
    const invoice = await issuedInvoice(200_000);
    wipay.failNext = 1;
    const response = await pay(invoice.token);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/invoice/${invoice.token}?failed=provider`);
    expect(await checkoutsOf(invoice.id)).toEqual([expect.objectContaining({ status: "failed", amount_cents: 200_000 })]);
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  test("a verified return on an invoice made void meanwhile: recorded (the money was taken), logged for staff, the page says so", async () => {
    const invoice = await issuedInvoice(150_000);
    const back = await checkout(invoice.token);
    await worker.db
      .prepare("UPDATE invoices SET status = 'void', void_reason = 'Test', voided_at = ?, updated_at = ? WHERE id = ?")
      .bind(Date.now(), Date.now(), invoice.id)
      .run();
    expect(await returnTo(back)).toBe(`/invoice/${invoice.token}?paid=1`);
    expect(await paymentsOf(invoice.id)).toEqual([expect.objectContaining({ method: "card_online", amount_cents: 150_000 })]);
    expect(worker.output().some((line) => line.includes('"card_payment_on_void_invoice"') && line.includes(invoice.id))).toBe(true);
    const page = (await (await worker.fetch(`/invoice/${invoice.token}?paid=1`)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("had already been cancelled");
    expect(page).toContain("please call us");
    expect(page).not.toContain("your card payment is recorded");
  });

  test("a void invoice and an unknown token are refused", async () => {
    const invoice = await issuedInvoice(100_000);
    await worker.db
      .prepare("UPDATE invoices SET status = 'void', void_reason = 'Test', voided_at = ?, updated_at = ? WHERE id = ?")
      .bind(Date.now(), Date.now(), invoice.id)
      .run();
    expect((await pay(invoice.token)).headers.get("Location")).toBe(`/invoice/${invoice.token}?failed=void`);
    expect((await pay("0".repeat(32))).status).toBe(404);
    expect((await pay("not-a-token")).status).toBe(404);
    expect(await checkoutsOf(invoice.id)).toEqual([]);
  });
});

describe("the hosted page WiPay answers with", () => {
  /** The URL the provider's next answer gives as its hosted page. */
  let answered = "";
  let provider: TestWorker;
  beforeAll(async () => {
    provider = await startWorker({
      bindings: {
        WIPAY_ACCOUNT_NUMBER: SANDBOX_ACCOUNT,
        WIPAY_API_KEY: API_KEY,
        WIPAY_ENVIRONMENT: "sandbox",
        WIPAY_BASE_URL: "https://jm.wipayfinancial.com",
      },
      outbound: (request) =>
        new URL(request.url).origin === "https://jm.wipayfinancial.com"
          ? Response.json({ url: answered, message: "OK", transaction_id: "SB-1-1-x-20261128000000" })
          : new Response("offline", { status: 503 }),
    });
  });
  afterAll(() => provider?.dispose());

  const payAt = (token: string) =>
    provider.fetch(`/invoice/${token}/pay`, { method: "POST", redirect: "manual", headers: { Origin: provider.origin } });

  test("is followed only when https on WIPAY_BASE_URL's origin; anything else is WiPay failing: checkout failed, ?failed=provider, logged", async () => {
    const invoice = await issuedInvoice(250_000, provider);
    answered = "https://jm.wipayfinancial.com/plugins/payments/checkout/abc";
    const good = await payAt(invoice.token);
    expect(good.status).toBe(303);
    expect(good.headers.get("Location")).toBe(answered);

    const refused = [
      "https://evil.example/plugins/payments/checkout/abc",
      "http://jm.wipayfinancial.com/plugins/payments/checkout/abc",
      "https://jm.wipayfinancial.com.evil.example/checkout",
      "https://user:pass@jm.wipayfinancial.com/checkout",
      "javascript:alert(1)",
      "//evil.example/checkout",
      "/checkout/abc",
    ];
    for (const url of refused) {
      answered = url;
      const response = await payAt(invoice.token);
      expect(response.status, url).toBe(303);
      expect(response.headers.get("Location"), url).toBe(`/invoice/${invoice.token}?failed=provider`);
    }
    const rows = (
      await provider.db
        .prepare("SELECT status FROM card_checkouts WHERE invoice_id = ? ORDER BY created_at")
        .bind(invoice.id)
        .all<{ status: string }>()
    ).results;
    expect(rows.map((row) => row.status).sort()).toEqual([...refused.map(() => "failed"), "open"]);
    expect(provider.output().some((line) => line.includes('"card_checkout_failed"') && line.includes("evil.example"))).toBe(true);
  });
});

describe("card payments off (no API key)", () => {
  let off: TestWorker;
  beforeAll(async () => {
    off = await startWorker({ bindings: { WIPAY_ACCOUNT_NUMBER: SANDBOX_ACCOUNT, WIPAY_API_KEY: "", WIPAY_BASE_URL: wipay.url } });
  });
  afterAll(() => off?.dispose());

  test("the pay route refuses, nothing is written, and the invoice page offers no card payment", async () => {
    const invoice = await issuedInvoice(400_000, off);
    const requested = wipay.transactions.size;
    const response = await off.fetch(`/invoice/${invoice.token}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: off.origin },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/invoice/${invoice.token}?failed=off`);
    expect(wipay.transactions.size).toBe(requested);
    const page = await (await off.fetch(`/invoice/${invoice.token}`)).text();
    expect(page).not.toContain(`/invoice/${invoice.token}/pay`);
  });
});
