/**
 * Card payments online through WiPay's hosted checkout (docs/decisions/022-invoices-and-payments.md,
 * "Card payments (WiPay)"): the customer's "Pay by card" on an invoice's private page opens a
 * checkout at WiPay, WiPay's hosted page takes the card, and its return to the site is verified
 * before a payment is recorded. The routes (app/routes/public/invoice-pay, invoice-paid) read the
 * invoice and record the payment through the billing core; this module holds the provider's
 * contract, the `card_checkouts` rows and the checks of a return.
 *
 * WiPay's contract, as "WiPay Payments API Documentation", version 1.0.8 (23/12/2024), describes it:
 * - Request ("WiPay Plugins Payment Request"): POST <base>/plugins/payments/request, where <base> is
 *   https://{bb,gy,jm,tt}.wipayfinancial.com (WIPAY_BASE_URL), body
 *   application/x-www-form-urlencoded, header `Accept: application/json` for a JSON answer (else
 *   the browser would be redirected). Required fields: account_number (10 digits; the sandbox's is
 *   1234567890), country_code (JM), currency (JMD), environment (sandbox | live), fee_structure
 *   (customer_pay | merchant_absorb | split), method (credit_card), order_id (the merchant's unique
 *   id: letters, digits, "-" or "_", beginning and ending with a letter or digit, at most 16
 *   characters for the JM hosted page (FGB), 48 for FAC), origin (the application's name, 1-32
 *   characters, same alphabet), response_url (at most 255 characters), total (two decimals, e.g.
 *   "18000.00"; at least US$1.00 or its equivalent). Optional: avs, card_type, data, version and
 *   the payer's details (name, email, phone, address).
 * - Its answer: 2xx/3xx `{ url, message, transaction_id }` (url: the hosted page for this
 *   transaction); 4xx/5xx `{ url, message, transaction_id? }` (url: response_url with the error
 *   in its query).
 * - The return: the hosted page redirects the browser with a GET to response_url, whose query
 *   carries card (last 4 digits), currency (as requested), customer_* (when given), data, date
 *   ("YYYY-MM-DD hh:mm:ss"), hash, message ("[<code>-R<reason>]: <text>."), order_id (as
 *   requested), status (success | failed | error), total (the FINAL total: the requested total plus
 *   the fee under customer_pay, half of it under split, the same under merchant_absorb) and
 *   transaction_id ("SB-" in the sandbox only, then a number, WiPay's id of the merchant, the
 *   order_id and YYYYMMDDhhmmss, joined by "-").
 * - hash: present for status success only; md5 of transaction_id + the ORIGINAL total + the API
 *   key, concatenated without separators, in hexadecimal. A return is authentic only when the
 *   hash computed with the key matches.
 * - The document describes no API to look up a transaction's status: the verified hash is the
 *   confirmation (with the checks below), and nothing else is asked of WiPay.
 *
 * Choices made here: fee_structure "merchant_absorb", so the customer pays exactly the balance and
 * the returned total equals the requested one; card_type left out (the hosted page asks for it);
 * no payer details sent. A return is believed only when its hash verifies (compared in constant
 * time), its order_id is a checkout of THIS invoice, its total and currency are the checkout's,
 * its transaction_id names that order (and has no "SB-" prefix when live) and its status is
 * success. Nothing here trusts the query without those checks.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { cardCheckouts } from "../../../drizzle/schema";
import { centsToPlain } from "~/domain/billing";
import { logProblem, type Database } from "~/server/platform";

/** The card settings: [vars] WIPAY_* and the secret WIPAY_API_KEY. */
export type CardEnv = Pick<CloudflareBindings, "WIPAY_ACCOUNT_NUMBER" | "WIPAY_ENVIRONMENT" | "WIPAY_BASE_URL"> & {
  WIPAY_API_KEY?: string;
};

/** Card payments' configuration, when they are on. */
export interface CardConfig {
  accountNumber: string;
  apiKey: string;
  environment: "sandbox" | "live";
  /** The provider's origin, e.g. "https://jm.wipayfinancial.com" (no trailing slash). */
  baseUrl: string;
}

/** What the site calls itself at WiPay (the request's `origin`). */
const CARD_ORIGIN = "montego-bay-cleaning";
/** The country and currency of every checkout. */
const CARD_COUNTRY = "JM";
const CARD_CURRENCY = "JMD";
/** Who pays WiPay's fee: the business, so the customer is charged exactly the balance. */
const CARD_FEE_STRUCTURE = "merchant_absorb";
/** The request endpoint's path under WIPAY_BASE_URL. */
const CARD_REQUEST_PATH = "/plugins/payments/request";
/** A payment's idempotency key: the provider's transaction id, so a replayed return records once. */
export const cardPaymentKey = (transactionId: string) => `wipay:${transactionId}`;
/** How long the provider has to answer the request (ms). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The short codes the invoice page reads from `?failed=`: why a card payment did not start or
 * was not recorded.
 */
export const CARD_FAILURES = {
  /** Card payments are off (no account number or key). */
  off: "off",
  /** Nothing is owed on the invoice (paid, or a credit note). */
  nothingOwed: "owed",
  /** The invoice is void. */
  void: "void",
  /** A deposit's invoice whose visit is no longer scheduled (released or cancelled): not payable. */
  released: "released",
  /** WiPay did not give a hosted page (down, refused the request). */
  provider: "provider",
  /** The card was declined or the payment failed at WiPay. */
  declined: "declined",
  /** A return that does not verify (hash, order, amount, currency, transaction). */
  unverified: "unverified",
  /** The payment was taken but could not be recorded: staff must look (logged). */
  record: "record",
  /** Too many tries from this client in a minute. */
  busy: "busy",
} as const;
export type CardFailure = (typeof CARD_FAILURES)[keyof typeof CARD_FAILURES];

/** Hosts a plain-http provider may have: a stand-in on this machine (tests), never the internet. */
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** True when `url` is https, or http on a loopback host. */
function secureScheme(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname));
}

/**
 * The hosted page's URL from WiPay's answer when the browser may be sent there: an absolute URL,
 * https (http only on loopback, as `readCardConfig`), on the origin of WIPAY_BASE_URL (the only
 * one the invoice page's CSP form-action allows: `cardCheckoutOrigins`). Else null.
 */
function hostedPageUrl(answered: string, config: CardConfig): string | null {
  let url: URL;
  try {
    url = new URL(answered);
  } catch {
    return null;
  }
  return secureScheme(url) && url.origin === config.baseUrl && !url.username && !url.password ? url.toString() : null;
}

/**
 * Card payments' configuration from the environment, or null when they are off: the account
 * number or the API key is empty. A set account number with a malformed value (not 10 digits),
 * an environment other than sandbox|live or a base URL that is not https (http only for a
 * loopback stand-in) also counts as off, with a logged problem (`npm run deploy` checks them).
 */
export function readCardConfig(env: CardEnv): CardConfig | null {
  const accountNumber = env.WIPAY_ACCOUNT_NUMBER?.trim() ?? "";
  const apiKey = env.WIPAY_API_KEY?.trim() ?? "";
  if (!accountNumber || !apiKey) return null;
  const environment = env.WIPAY_ENVIRONMENT?.trim() ?? "";
  const baseUrl = (env.WIPAY_BASE_URL?.trim() ?? "").replace(/\/+$/, "");
  let base: URL | null = null;
  try {
    base = new URL(baseUrl);
  } catch {
    base = null;
  }
  const problems = [
    /^\d{10}$/.test(accountNumber) ? null : "WIPAY_ACCOUNT_NUMBER is not 10 digits",
    environment === "sandbox" || environment === "live" ? null : `WIPAY_ENVIRONMENT is "${environment}", not sandbox or live`,
    base && secureScheme(base) && base.pathname === "/" && !base.search ? null : `WIPAY_BASE_URL is "${baseUrl}", not https://host`,
  ].filter((problem) => problem !== null);
  if (problems.length > 0) {
    logProblem("card_config_invalid", { problems });
    return null;
  }
  return { accountNumber, apiKey, environment: environment as CardConfig["environment"], baseUrl: base!.origin };
}

/** True when customers can pay invoices by card: an account number and an API key are set (and valid). */
export function cardPaymentsEnabled(env: CardEnv): boolean {
  return readCardConfig(env) !== null;
}

/**
 * The origins a customer's browser is sent to for a card payment: the provider's (its
 * WIPAY_BASE_URL), or none while card payments are off. The invoice page's CSP allows its forms
 * to lead there (server.ts, app/worker/security-headers.ts).
 */
export function cardCheckoutOrigins(env: CardEnv): string[] {
  const config = readCardConfig(env);
  return config ? [config.baseUrl] : [];
}

/** A new order id: 16 lowercase hex characters (WiPay's JM hosted page takes at most 16). */
function newOrderId(): string {
  return randomBytes(8).toString("hex");
}

/**
 * Starts a card checkout for what is owed on an invoice: writes the `card_checkouts` row (open,
 * the amount in cents, JMD), asks WiPay for a hosted page and gives back its URL.
 * In: the database; the config; the invoice's id and balance (cents, > 0); the response URL
 * (`${SITE_URL}/invoice/<token>/paid`); `now`; optionally the fetch to use. Out: `{status:"ready",
 * url, orderId}`, or `{status:"failed", orderId, message}` when WiPay did not answer with a page,
 * or with one the browser must not be sent to (not https, http only on loopback, or not on
 * WIPAY_BASE_URL's origin: `hostedPageUrl`); the checkout is then marked failed with the message
 * and `card_checkout_failed` logged; nothing else is written. Throws only when D1 fails.
 */
export async function startCardCheckout(
  db: Database,
  config: CardConfig,
  invoice: { id: string; balanceCents: number },
  responseUrl: string,
  now: Date,
  send: typeof fetch = fetch,
): Promise<{ status: "ready"; url: string; orderId: string } | { status: "failed"; orderId: string; message: string }> {
  const orderId = newOrderId();
  await db.insert(cardCheckouts).values({
    id: orderId,
    invoiceId: invoice.id,
    amountCents: invoice.balanceCents,
    currency: CARD_CURRENCY,
    status: "open",
    createdAt: now,
    updatedAt: now,
  });
  const body = new URLSearchParams({
    account_number: config.accountNumber,
    country_code: CARD_COUNTRY,
    currency: CARD_CURRENCY,
    environment: config.environment,
    fee_structure: CARD_FEE_STRUCTURE,
    method: "credit_card",
    order_id: orderId,
    origin: CARD_ORIGIN,
    response_url: responseUrl,
    total: centsToPlain(invoice.balanceCents),
  });
  let message: string;
  try {
    const response = await send(`${config.baseUrl}${CARD_REQUEST_PATH}`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { url?: unknown; message?: unknown } | null;
    const answered = typeof answer?.url === "string" ? answer.url : "";
    const url = hostedPageUrl(answered, config);
    if (response.status < 400 && url) return { status: "ready", url, orderId };
    message =
      response.status < 400 && answered
        ? `HTTP ${response.status}: the hosted page "${answered.slice(0, 200)}" is not https on ${config.baseUrl}`
        : `HTTP ${response.status}: ${typeof answer?.message === "string" ? answer.message : "no hosted page"}`;
  } catch (error) {
    message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  message = message.slice(0, 500);
  await db
    .update(cardCheckouts)
    .set({ status: "failed", lastMessage: message, updatedAt: now })
    .where(and(eq(cardCheckouts.id, orderId), eq(cardCheckouts.status, "open")));
  logProblem("card_checkout_failed", { invoiceId: invoice.id, orderId, message });
  return { status: "failed", orderId, message };
}

/** The response parameters a return's checks read, each as sent (strings) or absent. */
export interface CardReturn {
  status: string;
  transactionId: string;
  orderId: string;
  total: string;
  currency: string;
  hash: string;
  message: string;
}

/** The most characters any response parameter the checks read may have. */
const RETURN_VALUE_CHARS = 255;

/**
 * The response parameters of WiPay's return from the response_url's query; a missing or
 * over-long value reads as "".
 */
export function readCardReturn(query: URLSearchParams): CardReturn {
  const value = (name: string) => {
    const text = query.get(name) ?? "";
    return text.length <= RETURN_VALUE_CHARS ? text : "";
  };
  return {
    status: value("status"),
    transactionId: value("transaction_id"),
    orderId: value("order_id"),
    total: value("total"),
    currency: value("currency"),
    hash: value("hash"),
    message: value("message"),
  };
}

/** md5(transaction_id + total + API key) in lowercase hex, as WiPay signs a successful return. */
export function cardReturnHash(transactionId: string, total: string, apiKey: string): string {
  return createHash("md5").update(`${transactionId}${total}${apiKey}`, "utf8").digest("hex");
}

/** `expected` === `given` (hex digests), in time that does not depend on where they differ. */
function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A checkout as the return's checks read it. */
export type CardCheckoutRow = typeof cardCheckouts.$inferSelect;

/**
 * Checks WiPay's return against the invoice's checkout. In: the database, the config, the
 * invoice's id, the return's parameters and `now`. Out:
 * - `{status:"verified", checkout, transactionId}`: a success whose hash verifies, whose order is
 *   a checkout of this invoice, whose total and currency are the checkout's and whose transaction
 *   id names that order (no "SB-" prefix when live): record the payment (`cardPaymentKey`), then
 *   `markCheckoutPaid`. Also for a replay of a return already recorded (the checkout is paid
 *   with this transaction): recording again finds the payment by its key.
 * - `{status:"declined", message}`: a well-formed return of this invoice's open checkout with
 *   status failed or error (unsigned, so it only notes WiPay's message on the checkout).
 * - `{status:"unverified", reason}`: anything else (forged hash, another order or invoice, amount
 *   or currency changed, a paid checkout with another transaction); nothing is written.
 * Throws only when D1 fails.
 */
export async function verifyCardReturn(
  db: Database,
  config: CardConfig,
  invoiceId: string,
  input: CardReturn,
  now: Date,
): Promise<
  | { status: "verified"; checkout: CardCheckoutRow; transactionId: string }
  | { status: "declined"; message: string }
  | { status: "unverified"; reason: string }
> {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/.test(input.orderId)) return { status: "unverified", reason: "order_id malformed" };
  const checkout = await db.query.cardCheckouts.findFirst({
    where: and(eq(cardCheckouts.id, input.orderId), eq(cardCheckouts.invoiceId, invoiceId)),
  });
  if (!checkout) return { status: "unverified", reason: "order_id is not a checkout of this invoice" };
  if (input.status !== "success") {
    if (input.status !== "failed" && input.status !== "error") return { status: "unverified", reason: "status unknown" };
    const message = input.message.slice(0, 500) || `status ${input.status}`;
    await db
      .update(cardCheckouts)
      .set({ status: "failed", lastMessage: message, updatedAt: now })
      .where(and(eq(cardCheckouts.id, checkout.id), eq(cardCheckouts.status, "open")));
    return { status: "declined", message };
  }
  const total = centsToPlain(checkout.amountCents);
  const problem =
    !/^\d+\.\d{2}$/.test(input.total) || input.total !== total
      ? "total differs from the checkout's"
      : input.currency !== checkout.currency
        ? "currency differs from the checkout's"
        : !input.transactionId.includes(`-${checkout.id}-`)
          ? "transaction_id does not name the order"
          : config.environment === "live" && input.transactionId.startsWith("SB-")
            ? "a sandbox transaction on a live account"
            : !/^[0-9a-f]{32}$/i.test(input.hash) || !sameHash(cardReturnHash(input.transactionId, total, config.apiKey), input.hash)
              ? "hash does not verify"
              : checkout.status === "paid" && checkout.transactionId !== input.transactionId
                ? "the checkout is paid by another transaction"
                : null;
  if (problem) return { status: "unverified", reason: problem };
  return { status: "verified", checkout, transactionId: input.transactionId };
}

/**
 * Marks a checkout paid by its verified transaction and recorded payment. A checkout marked
 * failed by an (unsigned) failure return is paid all the same: a verified success outranks it.
 * Already paid: nothing changes. In: the database, the checkout's id, the transaction id, the
 * payment's id, WiPay's message and `now`. Out: true when this call marked it. Throws when D1 fails.
 */
export async function markCheckoutPaid(
  db: Database,
  checkoutId: string,
  transactionId: string,
  paymentId: string,
  message: string,
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(cardCheckouts)
    .set({ status: "paid", transactionId, paymentId, lastMessage: message.slice(0, 500) || null, updatedAt: now })
    .where(and(eq(cardCheckouts.id, checkoutId), ne(cardCheckouts.status, "paid")))
    .returning({ id: cardCheckouts.id });
  return done.length > 0;
}
