/**
 * Public pages from the Workers Cache API: an anonymous GET of a public page is rendered
 * once, stored, and later answered from the cache (`X-Cache: HIT` / `MISS` / `BYPASS`).
 *
 * - The cache key carries a version (see pageVersion): the build id, so a deploy never serves
 *   a page of the old build; a digest of the [vars] pages show (company details, features);
 *   and Jamaica's date, since pages show it (the quote form's earliest date, the year).
 * - Bypassed: anything but GET/HEAD; a session, flash or notice cookie; a query string other
 *   than /quote's `service` with a real service type; the admin, sign-in and attachment
 *   paths. Only 200 responses to GET without Set-Cookie are stored (the Cache API refuses
 *   Set-Cookie anyway; a HEAD is answered without a body and must not be kept as the page).
 * - HTML carries a strong ETag of the stored body (before the per-response nonce is set) and
 *   a matching If-None-Match answers 304.
 * - Browsers revalidate every time (`no-cache`); the edge keeps a copy for a day.
 * - In front of the Cache API, each Worker isolate keeps its own copies of the pages it served
 *   last (MEMORY_MAX_PAGES, least recently used first out, for at most MEMORY_TTL_MS): an
 *   isolate serves many requests in a row, and a page from its memory needs no cache lookup.
 *   A copy is only found under its own key, whose version changes with a deploy, the [vars]
 *   and the date, so copies of an older version are never served; they age out.
 */
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPES } from "~/domain/enumerations";

const PRIVATE_PREFIXES = ["/admin", "/auth"];
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__session|flash|notice)=/;
/** Query parameters that change a page's content, per path, with the values they take. */
const CONTENT_QUERIES: Record<string, Record<string, readonly string[]>> = { "/quote": { service: SERVICE_TYPES } };

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
  const url = new URL(request.url);
  if (PRIVATE_PREFIXES.some((prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) return false;
  if (url.pathname.endsWith(".data")) return false; // client-side navigation data
  if (PERSONAL_COOKIES.test(request.headers.get("Cookie") ?? "")) return false;
  const allowed = CONTENT_QUERIES[url.pathname] ?? {};
  return [...url.searchParams].every(([key, value]) => allowed[key]?.includes(value) ?? false);
}

/**
 * The version part of every cache key: `<build id>.<config digest>.<Jamaica date>`.
 * @param config what pages show from the environment (company details, public features)
 */
export async function pageVersion(buildId: string, config: unknown, now = new Date()): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(config));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", json));
  const hex = [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${buildId}.${hex}.${todayInJamaica(now)}`;
}

function cacheKey(request: Request, version: string): Request {
  const url = new URL(request.url);
  const params = new URLSearchParams([...url.searchParams].sort(([a], [b]) => a.localeCompare(b)));
  params.set("__version", version);
  return new Request(`${url.origin}${url.pathname}?${params}`, { method: "GET" });
}

async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return `"${[...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
}

/** What browsers get: revalidate every time (the ETag makes that cheap). */
const BROWSER_CACHE_CONTROL = "public, no-cache";

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
  if (request.method !== "GET" || rendered.status !== 200 || rendered.headers.has("Set-Cookie")) {
    return { response: rendered, cache: "BYPASS" };
  }
  const body = await rendered.arrayBuffer();
  const headers = new Headers(rendered.headers);
  if (headers.get("Content-Type")?.startsWith("text/html")) headers.set("ETag", await etagOf(body));
  const stored = new Headers(headers);
  stored.set("Cache-Control", "public, s-maxage=86400");
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers: stored })));
  headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  toMemory(key.url, body, headers);
  return { response: answer(request, body, headers), cache: "MISS" };
}

/** The stored page for this request: 304 when the browser's copy matches, no body for HEAD. */
function answer(request: Request, body: ArrayBuffer, headers: Headers): Response {
  return notModified(request, headers) ?? new Response(request.method === "HEAD" ? null : body, { status: 200, headers: new Headers(headers) });
}
