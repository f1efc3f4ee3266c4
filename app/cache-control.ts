/**
 * The Cache-Control values of the site's pages, defined once (sitemap.xml, robots.txt and
 * the input gate's 400 page also allow an hour's caching, `public, max-age=3600`). A response is kept
 * by the page cache (app/worker/page-cache.ts) only when it says `public` itself.
 */

/** Public pages: any cache may keep them; browsers revalidate each time (cheap with the ETag). */
export const PUBLIC_PAGE = "public, no-cache";

/** Everything personal or secret (admin, sign-in, a page that sets a cookie): never stored. */
export const PRIVATE = "private, no-store";
