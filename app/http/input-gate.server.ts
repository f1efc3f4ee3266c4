/**
 * The one gate for untrusted input. Every URL and every form body the site reads passes here
 * before anything parses it:
 *
 * - `checkUrl` (run by the Worker first, server.ts): a GET or HEAD for a non-canonical path
 *   (capitals, a trailing or doubled slash, a percent-encoded letter) is sent to the
 *   canonical one with a 301; a query string may only carry the names its path reads
 *   (QUERY_NAMES), plus the tracking names links from ads and social networks add to public
 *   pages, at most QUERY_LIMITS.params of them, each value at most QUERY_LIMITS.valueChars.
 *   Anything else answers 400 with a short page that says what was wrong.
 * - `gateForm` (called by the two body readers, small-form.server.ts and
 *   photo-form-body.server.ts): only the fields of the form's schema (`formContract`), each
 *   at most once (files: up to their limit), at most FORM_LIMITS.fields in all; Conform's
 *   reserved fields only with values it can read. Text values have their line breaks made
 *   `\n`, and a value longer than its field's limit is cut to one character over it, so the
 *   schema refuses it with its own message and an error reply never echoes more than the
 *   limits allow.
 *
 * Names are compared exactly: a bracket or dot path (`token[100]`, `a.b`) is simply a name no
 * schema has, so nothing downstream ever builds an array or object from an index. Lookups
 * keyed by input use Map or Set.
 */
import type { z } from "zod";
import { SERVICE_TYPES } from "~/domain/enumerations";
import { LIST_QUERY_NAMES } from "~/forms/admin-list";
import { OVERVIEW_QUERY_NAMES } from "~/domain/overview";
import { SCHEDULE_QUERY_NAMES } from "~/domain/schedule";
import { GATE_MESSAGES } from "~/domain/texts/messages";

/** Query names marketing links add (UTM, Google, Meta, Microsoft); pages ignore them. */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "msclkid",
]);

/** The names an admin list reads: its status tab, page, search and filters. */
const ADMIN_LIST_QUERY: ReadonlySet<string> = new Set(LIST_QUERY_NAMES);

/** Remix's route discovery (v3_lazyRouteDiscovery): the path its client asks for route patches. */
const ROUTE_DISCOVERY_PATH = "/__manifest";

/** The query names each path reads (canonical paths; `.data` URLs use their page's names). */
const QUERY_NAMES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["/quote", new Set(["service"])],
  ["/auth", new Set(["mode", "redirectTo"])],
  ["/auth/reset", new Set(["token"])],
  ["/auth/verify", new Set(["token"])],
  ["/auth/invite", new Set(["token"])],
  ["/auth/two-step", new Set(["method"])],
  // The admin lists and their CSV exports: status, page, search and filters (docs/product.md §10).
  ["/admin/quotes", ADMIN_LIST_QUERY],
  ["/admin/messages", ADMIN_LIST_QUERY],
  ["/admin/quotes.csv", ADMIN_LIST_QUERY],
  ["/admin/messages.csv", ADMIN_LIST_QUERY],
  // The schedule: the day, the view and the crew (docs/product.md §12); its day sheets: the day and the crew.
  ["/admin/schedule", new Set(SCHEDULE_QUERY_NAMES)],
  ["/admin/schedule/sheet", new Set(SCHEDULE_QUERY_NAMES)],
  // The price guide's editor: the service whose table is shown (docs/product.md §13).
  ["/admin/content/prices", new Set(["service"])],
  // The customers: search and page (docs/product.md §14).
  ["/admin/customers", new Set(["q", "page"])],
  // The reviews: the page (docs/product.md §10 "Reviews").
  ["/admin/reviews", new Set(["page"])],
  // The invoices: filter, search and page; the accountant's CSV: its period (docs/product.md §15).
  ["/admin/invoices", new Set(["state", "q", "page"])],
  ["/admin/invoices.csv", new Set(["from", "to"])],
  ["/admin/invoices/unpaid", new Set(["page"])],
  // The owner's overview and its charts' CSV: the period, and which chart (docs/product.md §16).
  ["/admin", new Set(OVERVIEW_QUERY_NAMES)],
  ["/admin/overview.csv", new Set(OVERVIEW_QUERY_NAMES)],
  // Route discovery: the paths to look up and the build.
  [ROUTE_DISCOVERY_PATH, new Set(["p", "version"])],
]);

/** Paths with an id in them and the query names they read: a record's photo viewer, a photo's download. */
const QUERY_NAME_PATTERNS: ReadonlyArray<[RegExp, ReadonlySet<string>]> = [
  // A record page: the photo open in the viewer, the reply template chosen, the confirmation asked for ('Complete').
  [/^\/admin\/(?:quotes|messages)\/[0-9a-f-]{36}$/, new Set(["photo", "template", "confirm"])],
  [/^\/admin\/attachments\/[0-9a-f-]{36}$/, new Set(["download"])],
  // A customer's page: the search for a customer to merge into it.
  [/^\/admin\/customers\/[0-9a-f-]{36}$/, new Set(["find"])],
  // Booking from the status page: the day whose arrival windows are shown.
  [/^\/status\/[0-9a-f]{32}\/book$/, new Set(["day"])],
  // An invoice's page: the outcome of a card payment (app/routes/public/invoice-paid, invoice-pay).
  [/^\/invoice\/[0-9a-f]{32}$/, new Set(["paid", "failed"])],
  // WiPay's return from its hosted page: its response parameters (app/server/billing/card.server.ts).
  [
    /^\/invoice\/[0-9a-f]{32}\/paid$/,
    new Set([
      ...["card", "currency", "customer_address", "customer_company", "customer_email", "customer_name", "customer_phone"],
      ...["data", "date", "hash", "message", "order_id", "status", "total", "transaction_id"],
    ]),
  ],
];

/** The query names `page` reads, or undefined when it reads none. */
function queryNamesOf(page: string): ReadonlySet<string> | undefined {
  return QUERY_NAMES.get(page) ?? QUERY_NAME_PATTERNS.find(([pattern]) => pattern.test(page))?.[1];
}

/**
 * Query parameters whose values make different pages, with the values that do: the page
 * cache keeps one copy per value (app/worker/page-cache.ts).
 */
export const CONTENT_QUERIES: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map([
  ["/quote", new Map([["service", SERVICE_TYPES]])],
]);

/** Names Remix itself adds: `_routes` on data requests, `index` for an index route's action. */
const REMIX_PARAMS: ReadonlySet<string> = new Set(["_routes", "index"]);

export const QUERY_LIMITS = {
  /** Far above any real link (the admin list's filters are seven; a marketing link adds ~6). */
  params: 20,
  /** A reset or verification token is at most 2,048 characters (app/forms/auth.ts). */
  valueChars: 2048,
  /**
   * Remix's route discovery (`/__manifest`) asks for every link a page shows in one request:
   * one `p` per path, in a URL of at most 7,680 characters (`URL_LIMIT` in @remix-run/react's
   * fog-of-war), so at most 1,280 `&p=%2F` pairs of 6. A long admin page has more than 20.
   * Remix's server answers a longer URL with 400 itself; this count bounds the rest.
   */
  manifestParams: 1280,
} as const;

/**
 * Paths that are never public: checked on the canonical path. The customer's status pages
 * (/status/<token>), invoices (/invoice/<token>), review links (/review/<token>) and the staff's
 * calendar feeds (/calendar/<token>.ics) are personal: never cached, never indexed.
 */
const PRIVATE_PREFIXES = ["/admin", "/auth", "/status", "/invoice", "/review", "/calendar"];

/** True for the admin, sign-in, status, invoice, review-link and calendar feed paths (and below), whatever their case. */
export function isPrivatePath(pathname: string): boolean {
  const path = canonicalPath(pathname);
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The canonical form of a URL path: percent-encoded unreserved characters (RFC 3986 §2.3)
 * decoded, lower case, no repeated slash, no trailing slash (except "/"). Route paths and
 * record ids are lower case, so every page has exactly one URL.
 */
export function canonicalPath(pathname: string): string {
  const decoded = pathname.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : escape;
  });
  const collapsed = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/** The page a path belongs to: `/quote.data` → `/quote`, `/_root.data` → `/`. */
function pagePath(path: string): string {
  if (!path.endsWith(".data")) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * The Worker's first check of every request.
 * In: the request. Out: a 301 to the canonical URL, a 400 page, or null to go on.
 */
export function checkUrl(request: Request): Response | null {
  const url = new URL(request.url);
  const canonical = canonicalPath(url.pathname);
  if (canonical !== url.pathname && (request.method === "GET" || request.method === "HEAD")) {
    return new Response(null, {
      status: 301,
      headers: { Location: `${canonical}${url.search}`, "Cache-Control": "public, max-age=3600" },
    });
  }
  const problem = queryProblem(canonical, url.searchParams);
  return problem === null ? null : badRequestPage(problem, canonical);
}

function queryProblem(path: string, params: URLSearchParams): string | null {
  const page = pagePath(path);
  const names = queryNamesOf(page);
  const limit = page === ROUTE_DISCOVERY_PATH ? QUERY_LIMITS.manifestParams : QUERY_LIMITS.params;
  let count = 0;
  for (const [name, value] of params) {
    if (++count > limit) return GATE_MESSAGES.tooManyQueryParams;
    const known = names?.has(name) || REMIX_PARAMS.has(name) || (TRACKING_PARAMS.has(name) && !isPrivatePath(page));
    if (!known) return GATE_MESSAGES.unknownQueryParam(name);
    if (value.length > QUERY_LIMITS.valueChars) return GATE_MESSAGES.queryValueTooLong(name);
  }
  return null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A small page (about 1 kB), without scripts, for a refused URL: what was wrong and a way on. */
function badRequestPage(problem: string, path: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>This link does not work</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#0f172a"><h1 style="font-size:1.5rem">This link does not work</h1><p>${escapeHtml(problem)}</p><p><a href="${escapeHtml(path)}" style="color:#0f524f;font-weight:600">Open this page without it</a></p></body></html>`;
  return new Response(html, {
    status: 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Form-body limits. */
export const FORM_LIMITS = {
  /** Fields in one body: every form has fewer than 15, photos included. */
  fields: 40,
  /** Characters of a text field whose schema sets no maximum (enumerations, hidden fields, passwords: 256). */
  defaultChars: 256,
} as const;

/** What a form may carry: text field → most characters; file field → most files. */
export interface FormContract {
  text: ReadonlyMap<string, number>;
  files: ReadonlyMap<string, number>;
  /** Fields in one body when the form has more than FORM_LIMITS.fields (the price guide's table: 64 amounts). */
  maxFields?: number;
}

interface SchemaNode {
  def: {
    type: string;
    innerType?: SchemaNode;
    in?: SchemaNode;
    options?: SchemaNode[];
    checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
  };
  shape?: Record<string, SchemaNode>;
  /** zod's own accessor on strings. */
  maxLength?: number | null;
}

/** The `max` of a string or array schema, or undefined. */
function maximumOf(node: SchemaNode): number | undefined {
  if (typeof node.maxLength === "number") return node.maxLength;
  return node.def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
}

/** The schema under optional/default/pipe wrappers: the one whose checks carry the limits. */
function unwrap(node: SchemaNode): SchemaNode {
  const { type, innerType, in: input } = node.def;
  if ((type === "optional" || type === "default" || type === "nullable" || type === "prefault") && innerType) return unwrap(innerType);
  if (type === "pipe" && input) return unwrap(input);
  return node;
}

/**
 * The contract of a form from its zod object schema (or a union of them, nested or not): each
 * key is a field; an array is a file field (its `max` is the number of files); a string's
 * `max` is its limit, else FORM_LIMITS.defaultChars. `extraText` adds fields the schema does
 * not parse (honeypot, Turnstile token, the sign-in form's `js`), with their limits.
 */
export function formContract(schema: z.ZodType, extraText: Record<string, number> = {}): FormContract {
  const text = new Map<string, number>(Object.entries(extraText));
  const files = new Map<string, number>();
  const objectsOf = (node: SchemaNode): SchemaNode[] => (node.def.type === "union" ? (node.def.options ?? []).flatMap(objectsOf) : [node]);
  for (const object of objectsOf(schema as unknown as SchemaNode)) {
    for (const [name, field] of Object.entries(object.shape ?? {})) {
      const inner = unwrap(field);
      const max = maximumOf(inner);
      if (inner.def.type === "array") files.set(name, max ?? 1);
      else text.set(name, Math.max(text.get(name) ?? 0, max ?? FORM_LIMITS.defaultChars));
    }
  }
  return { text, files };
}

/** Conform's reserved field names (@conform-to/dom). */
const INTENT_FIELD = "__intent__";
const STATE_FIELD = "__state__";
/** The intents a server may see from these forms: re-validate or reset a field or the form. */
const ACCEPTED_INTENTS = new Set(["validate", "reset"]);

/** A Conform intent this site's forms can send, for one of the contract's fields (or the whole form). */
function isAcceptedIntent(value: string, contract: FormContract): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return false;
  }
  if (typeof intent !== "object" || intent === null || Array.isArray(intent)) return false;
  const { type, payload } = intent as { type?: unknown; payload?: unknown };
  if (typeof type !== "string" || !ACCEPTED_INTENTS.has(type)) return false;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return false;
  const keys = Object.keys(payload);
  if (keys.some((key) => key !== "name")) return false;
  const { name } = payload as { name?: unknown };
  return name === undefined || (typeof name === "string" && (contract.text.has(name) || contract.files.has(name)));
}

/** A JSON object: the only shape Conform's state field has. */
function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export type GateResult = { ok: true; formData: FormData } | { ok: false; message: string };

/**
 * Checks a form body's fields against its contract, before any parsing.
 * In: the fields in the order they came (text and files) and the contract.
 * Out: the FormData to parse (line breaks `\n`, values over their limit cut to limit + 1
 * characters, Conform's state field dropped), or the reason it was refused (a sentence for
 * the visitor, GATE_MESSAGES).
 */
export function gateForm(entries: Iterable<[string, string | File]>, contract: FormContract): GateResult {
  const formData = new FormData();
  const seen = new Map<string, number>();
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > (contract.maxFields ?? FORM_LIMITS.fields)) return { ok: false, message: GATE_MESSAGES.tooManyFields };
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    if (name === INTENT_FIELD || name === STATE_FIELD) {
      const valid =
        typeof value === "string" && times === 1 && (name === INTENT_FIELD ? isAcceptedIntent(value, contract) : isJsonObject(value));
      if (!valid) return { ok: false, message: GATE_MESSAGES.reservedField(name) };
      if (name === INTENT_FIELD) formData.append(name, value);
      continue;
    }
    if (typeof value !== "string") {
      const most = contract.files.get(name);
      if (most === undefined) return { ok: false, message: GATE_MESSAGES.unknownField(name) };
      if (times > most) return { ok: false, message: GATE_MESSAGES.repeatedField(name) };
      formData.append(name, value);
      continue;
    }
    const most = contract.text.get(name);
    if (most === undefined) {
      // A file input left empty arrives as an empty text part in some clients.
      if (contract.files.has(name) && value === "") continue;
      return { ok: false, message: GATE_MESSAGES.unknownField(name) };
    }
    if (times > 1) return { ok: false, message: GATE_MESSAGES.repeatedField(name) };
    const text = value.replace(/\r\n?/g, "\n");
    formData.append(name, text.length > most ? text.slice(0, most + 1) : text);
  }
  return { ok: true, formData };
}
