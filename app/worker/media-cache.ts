/**
 * The gallery's published photos from the edge (the Workers Cache API of the location that
 * answers): after a photo's first request there, the next ones are answered from the cache
 * with no D1 query and no R2 read (`X-Cache: HIT`).
 *
 * - The key is the photo's URL with the content version (docs/architecture.md §4.18): hiding or
 *   deleting a photo bumps it, so the copy under the old key is never found again; it stops
 *   being served within the bound that holds for pages (STAFF_CHANGE_BOUND_S,
 *   app/server/platform/content-version.server.ts), and ages out.
 * - Only what `serveGalleryMedia` answered 200 with a `public` Cache-Control is stored: a
 *   published photo's variant. A hidden photo is a 404 there and is never put in a shared cache.
 * - A matching If-None-Match gets a 304 from the stored ETag.
 */
import { PRIVATE } from "~/cache-control";
import type { CacheStatus } from "./page-cache";
import { saysPublic } from "./page-cache";

/**
 * Answers a `/media/…` GET or HEAD from the edge cache, or with `serve` (given the request
 * without its conditional headers, so that what it answers can be stored) and stores a public
 * 200. `version`: the content version; null (unknown) bypasses the cache. `judgedAtVersion`:
 * after `serve`, whether it decided from content read at `version`; if not, the photo is sent
 * `private, no-store` and not stored. Out: the response and how it was served.
 */
export async function cachedMedia(
  request: Request,
  ctx: ExecutionContext,
  version: number | null,
  serve: (request: Request) => Promise<Response>,
  judgedAtVersion: () => boolean,
): Promise<{ response: Response; cache: CacheStatus }> {
  if (version === null) return { response: await serve(request), cache: "BYPASS" };
  const cache = (caches as unknown as { default: Cache }).default;
  const url = new URL(request.url);
  const key = new Request(`${url.origin}${url.pathname}?__version=${version}`, { method: "GET" });
  const hit = await cache.match(key);
  if (hit) return { response: conditional(request, hit), cache: "HIT" };
  const plain = new Request(request.url, { method: "GET" });
  const served = await serve(plain);
  if (served.status === 200 && !judgedAtVersion()) {
    const unshared = new Response(served.body, served);
    unshared.headers.set("Cache-Control", PRIVATE);
    return { response: unshared, cache: "BYPASS" };
  }
  if (served.status !== 200 || !saysPublic(served) || served.headers.has("Set-Cookie")) return { response: served, cache: "BYPASS" };
  ctx.waitUntil(cache.put(key, served.clone()));
  return { response: conditional(request, served), cache: "MISS" };
}

/** The stored photo, or a 304 when the request's If-None-Match names its ETag. */
function conditional(request: Request, stored: Response): Response {
  const etag = stored.headers.get("ETag");
  const match = request.headers.get("If-None-Match");
  if (!etag || !match || !match.split(",").some((tag) => tag.trim() === etag)) return stored;
  const headers = new Headers(stored.headers);
  headers.delete("Content-Length");
  return new Response(null, { status: 304, headers });
}
