/**
 * The Cache-Control values of the site's pages, defined once (sitemap.xml, robots.txt and
 * the input gate's 400 page also allow an hour's caching, `public, max-age=3600`). A response is kept
 * by the page cache (app/worker/page-cache.ts) only when it says `public` itself.
 */
import type { HeadersFunction } from "@remix-run/cloudflare";

/** Public pages: any cache may keep them; browsers revalidate each time (cheap with the ETag). */
export const PUBLIC_PAGE = "public, no-cache";

/**
 * A public page's data (Remix's `/<page>.data`, fetched for a client-side navigation, and on
 * hover or focus by `prefetch="intent"`): a browser may reuse it for 10 seconds, so the fetch
 * made on hover serves the click that follows (with PUBLIC_PAGE's `no-cache` the click fetched
 * it again). `private`: no shared cache keeps it. Content staff change shows within seconds.
 */
export const PUBLIC_DATA = "private, max-age=10";

/** Everything personal or secret (admin, sign-in, a page that sets a cookie): never stored. */
export const PRIVATE = "private, no-store";

/** Admin pages: never cached anywhere (every /admin loader and its `headers`). */
export const ADMIN_HEADERS = { "Cache-Control": PRIVATE };

/**
 * A customer's private pages reached by a token (/status/:token, /book/:token, the review page):
 * never cached, never indexed.
 */
export const STATUS_HEADERS = { "Cache-Control": PRIVATE, "X-Robots-Tag": "noindex, nofollow" };

/**
 * A private file a client polls (a calendar feed): no shared cache keeps it; the client may keep
 * its copy but asks each time, and the ETag answers 304 while nothing changed.
 */
export const PRIVATE_REVALIDATE = "private, no-cache";

/**
 * A public page's loader headers when it was drawn without data it should show (a D1 read
 * failed, so no reviews or the stock gallery): no cache may keep it, and the next visitor gets
 * a fresh render.
 */
export function incompletePageHeaders(complete: boolean): Record<string, string> {
  return complete ? {} : { "Cache-Control": PRIVATE };
}

/** The `headers` of a public page whose loader may send incompletePageHeaders: the layout's, with the loader's Cache-Control when it set one. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const own = loaderHeaders.get("Cache-Control");
  if (own) headers.set("Cache-Control", own);
  return headers;
};

/**
 * The staff's pages and sign-in (/admin…, /auth…): URLs that can carry secrets (reset links)
 * or private data. They get no third-party tags (app/root.tsx), and they hydrate at once
 * rather than after the largest paint (app/worker/hydration-after-paint.ts).
 */
export function isStaffPath(pathname: string): boolean {
  return /^\/(auth|admin)(\/|$)/.test(pathname);
}
