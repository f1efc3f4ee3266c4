/**
 * Public pages from the Workers Cache API: an anonymous GET of a public page is rendered
 * once, stored, and later answered from the cache (`X-Cache: HIT` / `MISS` / `BYPASS`).
 *
 * - The cache key carries a version (see pageVersion): the Worker version's id, so a deploy
 *   never serves a page the previous version rendered, even one that changes only server code
 *   (the client build's own version would not change then); a digest of the [vars] pages show
 *   (company details, features) and of the content version every change staff publish bumps
 *   (server.ts); and Jamaica's date, since pages show it (the quote form's earliest date, the
 *   year).
 * - Only a request with no Cookie header at all may be answered from the cache or fill it;
 *   paths are compared in their canonical form (the Worker has already sent any other form
 *   to it with a 301, app/http/input-gate.server.ts); the admin and sign-in paths, data
 *   requests and queries other than `/quote?service=<a service type>` bypass it. Tracking
 *   parameters (utm_*, fbclid, …) are left out of the key.
 * - Only a 200 to a GET whose own Cache-Control says `public` (and not private or no-store)
 *   and that sets no cookie is stored: a page decides for itself whether it may be shared.
 * - HTML carries a strong ETag of the body and its Content-Security-Policy, which is made from
 *   the body (app/worker/security-headers.ts), so a 304 never pairs a stored body with
 *   another page's policy; a matching If-None-Match answers 304.
 * - Browsers revalidate every time (`no-cache`); the edge keeps a copy for a day. A public
 *   page's data (`/<page>.data`, never stored here) may be reused by the browser for a few
 *   seconds (withDataReuse, PUBLIC_DATA).
 * - In front of the Cache API, each Worker isolate keeps its own copies of the pages it served
 *   last (MEMORY_MAX_PAGES, least recently used first out, for at most MEMORY_TTL_MS): an
 *   isolate serves many requests in a row, and a page from its memory needs no cache lookup.
 *   A copy is only found under its own key, whose version changes with a deploy, the [vars],
 *   the content version and the date, so copies of an older version are never served; they
 *   age out.
 */
import { PUBLIC_DATA, PUBLIC_PAGE } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import { canonicalPath, CONTENT_QUERIES, isPrivatePath, TRACKING_PARAMS } from "~/http/input-gate.server";

export type CacheStatus = "HIT" | "MISS" | "BYPASS";

/** Pages one isolate keeps in memory: about 90 kB each (measured on the home page), so ≤ 4 MB. */
const MEMORY_MAX_PAGES = 40;
/** As long as the edge copy lives (`s-maxage`). */
const MEMORY_TTL_MS = 86_400_000;

interface StoredPage {
  body: ArrayBuffer;
  headers: Headers;
  storedAt: number;
}

/** Cache key URL → page, oldest use first (a Map keeps insertion order). */
const memory = new Map<string, StoredPage>();

function fromMemory(key: string): StoredPage | undefined {
  const page = memory.get(key);
  if (!page) return undefined;
  memory.delete(key);
  if (Date.now() - page.storedAt > MEMORY_TTL_MS) return undefined;
  memory.set(key, page); // most recently used last
  return page;
}

function toMemory(key: string, body: ArrayBuffer, headers: Headers): void {
  memory.delete(key);
  memory.set(key, { body, headers, storedAt: Date.now() });
  while (memory.size > MEMORY_MAX_PAGES) memory.delete(memory.keys().next().value!);
}

/** True when this request may be answered from (and stored in) the shared cache. */
export function isCacheable(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("Cookie")) return false;
  const url = new URL(request.url);
  const path = canonicalPath(url.pathname);
  if (isPrivatePath(path)) return false;
  if (path.endsWith(".data") || path.startsWith("/__")) return false; // client-side navigation data
  const allowed = CONTENT_QUERIES.get(path);
  return [...url.searchParams].every(([key, value]) => TRACKING_PARAMS.has(key) || (allowed?.get(key)?.includes(value) ?? false));
}

/** True when the response itself allows shared caches to keep it (RFC 9111 §5.2.2). */
export function saysPublic(response: Response): boolean {
  const directives = (response.headers.get("Cache-Control") ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split("=")[0]);
  return directives.includes("public") && !directives.includes("private") && !directives.includes("no-store");
}

/**
 * The version part of every cache key: `<Worker version id>.<config digest>.<Jamaica date>`.
 * @param workerVersion the `id` of the version metadata binding (wrangler.toml `CF_VERSION_METADATA`)
 * @param config what pages show from the environment (company details, public features) and
 *   the content version (docs/architecture.md §4.18)
 */
export async function pageVersion(workerVersion: string, config: unknown, now = new Date()): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(config));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", json));
  const hex = [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${workerVersion}.${hex}.${todayInJamaica(now)}`;
}

function cacheKey(request: Request, version: string): Request {
  const url = new URL(request.url);
  const content = [...url.searchParams].filter(([key]) => !TRACKING_PARAMS.has(key));
  const params = new URLSearchParams(content.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  params.set("__version", version);
  return new Request(`${url.origin}${canonicalPath(url.pathname)}?${params}`, { method: "GET" });
}

/** A strong ETag of the body and the policy sent with it. */
async function etagOf(body: ArrayBuffer, policy: string): Promise<string> {
  const bytes = new Uint8Array(body.byteLength + policy.length * 3);
  bytes.set(new Uint8Array(body), 0);
  const { written } = new TextEncoder().encodeInto(policy, bytes.subarray(body.byteLength));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.subarray(0, body.byteLength + written)));
  return `"${[...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
}

/** What browsers get: revalidate every time (the ETag makes that cheap). */
const BROWSER_CACHE_CONTROL = PUBLIC_PAGE;

/** A 304 when the request's If-None-Match names this ETag, else null. */
function notModified(request: Request, headers: Headers): Response | null {
  const etag = headers.get("ETag");
  const match = request.headers.get("If-None-Match");
  if (!etag || !match || !match.split(",").some((tag) => tag.trim() === etag)) return null;
  const kept = new Headers(headers);
  kept.delete("Content-Length");
  return new Response(null, { status: 304, headers: kept });
}

/**
 * A public page's data response made reusable by the browser: a GET of a `.data` path answered
 * 200 with PUBLIC_PAGE and no cookie gets PUBLIC_DATA and `Vary: Cookie`, so Remix's fetch on
 * hover (`prefetch="intent"`) serves the click's client-side navigation, but never a request
 * that carries other cookies (a pending notice, app/http/flash.server.ts). Anything else (an admin's
 * data, a page drawn without its reviews, an action's answer) is returned as it is.
 */
export function withDataReuse(request: Request, response: Response): Response {
  const reusable =
    request.method === "GET" &&
    new URL(request.url).pathname.endsWith(".data") &&
    response.status === 200 &&
    response.headers.get("Cache-Control") === PUBLIC_PAGE &&
    !response.headers.has("Set-Cookie");
  if (!reusable) return response;
  const reused = new Response(response.body, response);
  reused.headers.set("Cache-Control", PUBLIC_DATA);
  // The browser's copy serves only requests with the same cookies: a notice cookie set since
  // (signed out, access denied) makes the next fetch go to the Worker, which shows the notice.
  reused.headers.append("Vary", "Cookie");
  return reused;
}

/**
 * Answers from the cache, or renders with `render` and stores the result.
 * `version` gives the key's version (pageVersion); it is only called for cacheable requests.
 * Returns the response and how it was served.
 */
export async function cachedPage(
  request: Request,
  ctx: ExecutionContext,
  version: () => Promise<string>,
  render: () => Promise<Response>,
): Promise<{ response: Response; cache: CacheStatus }> {
  if (!isCacheable(request)) return { response: await render(), cache: "BYPASS" };
  const cache = (caches as unknown as { default: Cache }).default;
  const key = cacheKey(request, await version());
  const remembered = fromMemory(key.url);
  if (remembered) return { response: answer(request, remembered.body, remembered.headers), cache: "HIT" };
  const hit = await cache.match(key);
  if (hit) {
    const body = await hit.arrayBuffer();
    const headers = new Headers(hit.headers);
    headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
    toMemory(key.url, body, headers);
    return { response: answer(request, body, headers), cache: "HIT" };
  }
  const rendered = await render();
  if (request.method !== "GET" || rendered.status !== 200 || rendered.headers.has("Set-Cookie") || !saysPublic(rendered)) {
    return { response: rendered, cache: "BYPASS" };
  }
  const body = await rendered.arrayBuffer();
  const headers = new Headers(rendered.headers);
  if (headers.get("Content-Type")?.startsWith("text/html")) {
    headers.set("ETag", await etagOf(body, headers.get("Content-Security-Policy") ?? ""));
  }
  const stored = new Headers(headers);
  stored.set("Cache-Control", "public, s-maxage=86400");
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers: stored })));
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  toMemory(key.url, body, headers);
  return { response: answer(request, body, headers), cache: "MISS" };
}

/** The stored page for this request: 304 when the browser's copy matches, no body for HEAD. */
function answer(request: Request, body: ArrayBuffer, headers: Headers): Response {
  return (
    notModified(request, headers) ?? new Response(request.method === "HEAD" ? null : body, { status: 200, headers: new Headers(headers) })
  );
}
