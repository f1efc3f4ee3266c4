/**
 * Request checks run in the Worker before Remix (docs/architecture.md, "Rules that cross modules").
 */
/** Methods that change nothing. OPTIONS is not one: the site answers no CORS preflight, and
 * Remix runs anything but GET on a `.data` URL as an action. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Same-origin check for every state-changing request. A POST (or any method but GET/HEAD) is
 * refused when the browser says it came from elsewhere: an `Origin` header other than this
 * request's own origin (scheme and host), `Origin: null`, or `Sec-Fetch-Site: cross-site`; and
 * when it carries a `Cookie` but neither `Origin` nor `Sec-Fetch-Site` (every browser sends one
 * of them on a write, so a cookie-carrying write without both is not a page of this site's).
 * A write without any cookie and without either header (curl, a monitor) passes: it acts for
 * nobody, and the forms' own guards judge it.
 *
 * In: the request. Out: a 403 response when it is a cross-origin write, else null.
 */
export function rejectCrossOriginWrite(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  let crossOrigin = fetchSite === "cross-site" || (origin === null && fetchSite === null && request.headers.has("Cookie"));
  if (origin !== null) {
    try {
      crossOrigin ||= new URL(origin).origin !== new URL(request.url).origin;
    } catch {
      crossOrigin = true; // "null" or garbage
    }
  }
  if (!crossOrigin) return null;
  return new Response("This form can only be sent from this website.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The request as Remix should see it: a HEAD as the GET it asks about (Remix would run a
 * `.data` URL's HEAD as an action; the Worker drops the body), without `X-Forwarded-Host`, and
 * with `Host` spelled as the URL has it (lower case). The Worker is the edge: no proxy of ours sets
 * X-Forwarded-Host, so it can only come from the client, and Remix would trust it over
 * `Host` in its own CSRF check; and that check compares the raw Host header with the parsed
 * (lower-cased) Origin, so `Host: EXAMPLE.com` would fail it. Either mismatch Remix answers
 * with a 500; the same-origin check above has already judged the request.
 */
export function forRemix(request: Request): Request {
  const host = new URL(request.url).host;
  if (request.method !== "HEAD" && !request.headers.has("X-Forwarded-Host") && request.headers.get("Host") === host) return request;
  const headers = new Headers(request.headers);
  headers.delete("X-Forwarded-Host");
  headers.set("Host", host);
  return request.method === "HEAD"
    ? new Request(request.url, { method: "GET", headers, signal: request.signal })
    : new Request(request, { headers });
}
