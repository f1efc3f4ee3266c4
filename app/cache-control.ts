/**
 * The two Cache-Control values the site's own responses use, defined once. A response is kept
 * by the page cache (app/worker/page-cache.ts) only when it says `public` itself.
 */

/** Public pages: any cache may keep them; browsers revalidate each time (cheap with the ETag). */
export const PUBLIC_PAGE = "public, no-cache";

/** Everything personal or secret (admin, sign-in, a page that sets a cookie): never stored. */
export const PRIVATE = "private, no-store";
