/**
 * Same-origin check for every state-changing request (DESIGN.md "Rules that cross modules").
 *
 * A POST (or PUT/PATCH/DELETE) is refused when the browser says it came from another site:
 * an `Origin` header whose host differs from the request's host, or
 * `Sec-Fetch-Site: cross-site`. Requests without either header (curl, old browsers) pass;
 * SameSite=Lax cookies already keep those from carrying a session.
 * Remix also compares Origin and Host, but answers a mismatch with a 500; this answers 403.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** In: the request. Out: a 403 response when it is a cross-origin write, else null. */
export function rejectCrossOriginWrite(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.get("Origin");
  const host = request.headers.get("Host") ?? new URL(request.url).host;
  let crossOrigin = request.headers.get("Sec-Fetch-Site") === "cross-site";
  if (origin !== null) {
    try {
      crossOrigin ||= origin === "null" || new URL(origin).host !== host;
    } catch {
      crossOrigin = true;
    }
  }
  if (!crossOrigin) return null;
  return new Response("This form can only be sent from this website.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
