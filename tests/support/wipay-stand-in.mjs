/**
 * A local stand-in for WiPay's hosted card checkout, for the integration and e2e tests (no test
 * machine reaches the internet). It follows the contract of "WiPay Payments API Documentation",
 * version 1.0.8 (23/12/2024), as app/server/billing/card.server.ts's header sums it up:
 * - POST /plugins/payments/request (form-urlencoded): checks the required fields and their formats
 *   (account_number as configured, country_code, currency, environment, fee_structure, method
 *   credit_card, order_id unique and at most 16 characters for JM, origin, response_url, total with
 *   two decimals), makes a transaction id ("SB-" in the sandbox, a number, the merchant's id, the
 *   order_id, YYYYMMDDhhmmss) and answers `{ url, message, transaction_id }` with the hosted page's
 *   URL on itself (200), or 400 `{ url, message }` (url: response_url with status=error). Without
 *   `Accept: application/json` it redirects (302) instead, as WiPay's web-redirect mode does.
 * - GET /checkout/<transaction_id>: the hosted page, a tiny HTML form with "Pay" and "Decline"
 *   (works without JavaScript).
 * - POST /checkout/<transaction_id>: redirects (303) to response_url with the response parameters
 *   (card, currency, data, date, hash, message, order_id, status, total, transaction_id); the
 *   hash, for a success only, is md5(transaction_id + original total + API key); total is the final
 *   total (plus WiPay's JM fee of 4.2% and 15% GCT on it under customer_pay, half under split).
 *   A transaction is paid or declined once; the page then answers 410.
 * WiPay's document describes no transaction status/lookup API, so the stand-in has none either.
 * Test-only extras (not WiPay's): GET /__stand-in/transactions lists every transaction as JSON;
 * `failNext` (or POST /__stand-in/fail-next) makes the next request answer 503.
 *
 * Use: `const wipay = await startWipayStandIn({ apiKey: "123" })` → `wipay.url`, `wipay.stop()`;
 * or from a shell: `node tests/support/wipay-stand-in.mjs [--port N] [--api-key K] [--account A]`
 * prints `WiPay stand-in on http://127.0.0.1:N` and runs until stopped.
 */
import { createHash, randomInt } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

/** WiPay's sandbox account number and API key (the document's test account). */
export const SANDBOX_ACCOUNT = "1234567890";
const SANDBOX_API_KEY = "123";

/**
 * The e2e server's stand-in (scripts/e2e-server.mjs): the API key it shares with the site, and
 * the file where its address (`http://127.0.0.1:<port>`) is written once it listens.
 */
export const E2E_WIPAY = { apiKey: "e2e-wipay-key", urlFile: ".wrangler/e2e/wipay-url" };

/** WiPay's JM card fee on the BASIC FREE plan: 4.2%, plus 15% GCT on the fee (the document's fee table). */
const JM_FEE_RATE = 0.042 * 1.15;

const ORDER_ID = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;
const ORIGIN = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,30}[A-Za-z0-9])?$/;
const CURRENCIES = { BB: ["USD"], JM: ["JMD", "USD"], TT: ["TTD", "USD"] };

/** md5(transaction_id + total + API key), lowercase hex. */
export function wipayHash(transactionId, total, apiKey) {
  return createHash("md5").update(`${transactionId}${total}${apiKey}`, "utf8").digest("hex");
}

const pad = (n) => String(n).padStart(2, "0");
const stamp = (date, joiner = "") =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${joiner}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `base` with `params` added to its query. */
function withQuery(base, params) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The first problem with a payment request's fields, or null. */
function requestProblem(fields, { accountNumber, orders }) {
  const required = [
    "account_number",
    "country_code",
    "currency",
    "environment",
    "fee_structure",
    "method",
    "order_id",
    "origin",
    "response_url",
    "total",
  ];
  const missing = required.find((name) => !fields[name]);
  if (missing) return `The ${missing} field is required.`;
  if (!/^\d{10}$/.test(fields.account_number)) return "The account number must be 10 digits.";
  if (fields.environment !== "live" && fields.environment !== "sandbox") return "The environment must be live or sandbox.";
  if (fields.environment === "sandbox" && fields.account_number !== SANDBOX_ACCOUNT)
    return `Sandbox requests use the account number ${SANDBOX_ACCOUNT}.`;
  if (fields.account_number !== accountNumber) return "The account number is not valid.";
  if (!CURRENCIES[fields.country_code]) return "The country code must be BB, JM or TT.";
  if (!CURRENCIES[fields.country_code].includes(fields.currency))
    return `The currency ${fields.currency} is not supported for ${fields.country_code}.`;
  if (!["customer_pay", "merchant_absorb", "split"].includes(fields.fee_structure)) return "The fee structure is not valid.";
  if (fields.method !== "credit_card") return "The method must be credit_card.";
  const maxOrder = fields.country_code === "JM" ? 16 : 48;
  if (!ORDER_ID.test(fields.order_id) || fields.order_id.length > maxOrder)
    return `The order id must be 1-${maxOrder} letters, digits, - or _.`;
  if (orders.has(fields.order_id)) return "The order id has been used before.";
  if (!ORIGIN.test(fields.origin)) return "The origin must be 1-32 letters, digits, - or _.";
  let responseUrl;
  try {
    responseUrl = new URL(fields.response_url);
  } catch {
    return "The response URL is not valid.";
  }
  if (!/^https?:$/.test(responseUrl.protocol) || fields.response_url.length > 255) return "The response URL is not valid.";
  if (!/^\d+\.\d{2}$/.test(fields.total) || Number(fields.total) < 1) return "The total must be at least 1.00, with two decimals.";
  return null;
}

/** The final total for a fee structure, two decimals. */
function finalTotal(total, feeStructure) {
  const cents = Math.round(Number(total) * 100);
  const fee = Math.round(cents * JM_FEE_RATE);
  const charged = feeStructure === "customer_pay" ? cents + fee : feeStructure === "split" ? cents + Math.round(fee / 2) : cents;
  return `${Math.floor(charged / 100)}.${pad(charged % 100)}`;
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response, status, body, headers = {}) {
  response.writeHead(status, headers);
  response.end(body);
}

/**
 * Starts the stand-in. In: `{ apiKey, accountNumber, merchantId, port, host }` (defaults: the
 * sandbox's key 123 and account 1234567890, merchant 1, a free port on 127.0.0.1). Out:
 * `{ url, transactions, failNext, stop() }`: url without a trailing slash (give it to the site as
 * WIPAY_BASE_URL); transactions: every transaction by id ({ fields, transactionId, outcome });
 * failNext: how many next payment requests answer 503 (settable).
 */
export async function startWipayStandIn(options = {}) {
  const apiKey = options.apiKey ?? SANDBOX_API_KEY;
  const accountNumber = options.accountNumber ?? SANDBOX_ACCOUNT;
  const merchantId = options.merchantId ?? "1";
  const transactions = new Map();
  const orders = new Set();
  const state = { failNext: 0 };
  let base = "";

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", base);
      if (request.method === "POST" && url.pathname === "/plugins/payments/request") {
        const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
        const wantsJson = (request.headers.accept ?? "").includes("application/json");
        if (state.failNext > 0) {
          state.failNext--;
          return send(response, 503, JSON.stringify({ url: "", message: "Service Unavailable" }), { "Content-Type": "application/json" });
        }
        const problem = requestProblem(fields, { accountNumber, orders });
        if (problem) {
          let back = "";
          try {
            back = withQuery(fields.response_url, { status: "error", message: problem, order_id: fields.order_id });
          } catch {
            back = "";
          }
          if (!wantsJson && back) return send(response, 302, "", { Location: back });
          return send(response, 400, JSON.stringify({ url: back, message: problem }), { "Content-Type": "application/json" });
        }
        orders.add(fields.order_id);
        const sandbox = fields.environment === "sandbox";
        const transactionId = `${sandbox ? "SB-" : ""}${randomInt(1, 100)}-${merchantId}-${fields.order_id}-${stamp(new Date())}`;
        transactions.set(transactionId, { transactionId, fields, outcome: null });
        const page = `${base}/checkout/${encodeURIComponent(transactionId)}`;
        if (!wantsJson) return send(response, 302, "", { Location: page });
        return send(response, 200, JSON.stringify({ url: page, message: "OK", transaction_id: transactionId }), {
          "Content-Type": "application/json",
        });
      }
      const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
      if (checkout) {
        const transaction = transactions.get(decodeURIComponent(checkout[1]));
        if (!transaction) return send(response, 404, "No such transaction", { "Content-Type": "text/plain" });
        if (transaction.outcome) return send(response, 410, "This transaction is complete.", { "Content-Type": "text/plain" });
        const { fields, transactionId } = transaction;
        const total = finalTotal(fields.total, fields.fee_structure);
        if (request.method === "GET") {
          const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>WiPay stand-in checkout</title></head><body>
<h1>WiPay stand-in checkout</h1><p>Order <span id="order">${escapeHtml(fields.order_id)}</span>: total due <strong id="total">${escapeHtml(total)} ${escapeHtml(fields.currency)}</strong></p>
<form method="post"><button type="submit" name="outcome" value="pay">Pay</button> <button type="submit" name="outcome" value="decline">Decline</button></form>
</body></html>`;
          return send(response, 200, html, { "Content-Type": "text/html; charset=utf-8" });
        }
        if (request.method === "POST") {
          const outcome = new URLSearchParams(await readBody(request)).get("outcome") === "pay" ? "success" : "failed";
          transaction.outcome = outcome;
          const success = outcome === "success";
          const back = withQuery(fields.response_url, {
            card: "(VISA) ... 4977",
            currency: fields.currency,
            data: fields.data,
            date: stamp(new Date(), " ").replace(/^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})$/, "$1-$2-$3 $4:$5:$6"),
            hash: success ? wipayHash(transactionId, fields.total, apiKey) : undefined,
            message: success ? "[Y-R00]: Transaction is approved." : "[N-R05]: Transaction is declined.",
            order_id: fields.order_id,
            status: outcome,
            total,
            transaction_id: transactionId,
          });
          return send(response, 303, "", { Location: back });
        }
      }
      if (request.method === "GET" && url.pathname === "/__stand-in/transactions") {
        return send(response, 200, JSON.stringify([...transactions.values()]), { "Content-Type": "application/json" });
      }
      if (request.method === "POST" && url.pathname === "/__stand-in/fail-next") {
        state.failNext++;
        return send(response, 204, "");
      }
      return send(response, 404, "Not found", { "Content-Type": "text/plain" });
    } catch (error) {
      return send(response, 500, String(error?.message ?? error), { "Content-Type": "text/plain" });
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address();
  base = `http://${options.host ?? "127.0.0.1"}:${address.port}`;
  return {
    url: base,
    transactions,
    get failNext() {
      return state.failNext;
    },
    set failNext(count) {
      state.failNext = count;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// From a shell: start it and keep it running.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const standIn = await startWipayStandIn({
    port: option("port") ? Number(option("port")) : 0,
    apiKey: option("api-key"),
    accountNumber: option("account"),
  });
  console.log(`WiPay stand-in on ${standIn.url}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => standIn.stop().then(() => process.exit(0)));
}
