/**
 * Who may see what (docs/product.md §2 "Protected route behaviour", §6). The role is read from
 * D1 on every admin request (readSession joins the users row), so a demotion takes effect at
 * once. `isAdmin` is the one admin check.
 */
import { redirect } from "@remix-run/cloudflare";
import type { User } from "../../drizzle/schema";
import type { Database } from "~/server/platform";
import { commitNotice } from "~/http/flash.server";
import { QUERY_LIMITS } from "~/http/input-gate.server";
import { carriesSessionCookie, readSession, type CurrentSession } from "~/http/session.server";

/** True for an account with the admin role: the one admin check. */
export function isAdmin(user: Pick<User, "role">): boolean {
  return user.role === "admin";
}

const RETURN_BASE = "http://return.invalid";

/**
 * The admin page to return to after signing in, from `?redirectTo=` or the sign-in form's
 * field: only a path of this site under /admin (no scheme, host, `//` or backslash trick
 * survives the check), no longer than a query value the input gate lets through
 * (QUERY_LIMITS.valueChars). In: any value. Out: the path with its query, or null.
 */
export function adminReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > QUERY_LIMITS.valueChars || !value.startsWith("/admin")) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE || !(url.pathname === "/admin" || url.pathname.startsWith("/admin/"))) return null;
  return url.pathname + url.search;
}

/** True for the security page and its passkey endpoint (also as Remix's `.data` requests). */
function isSecurityPage(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path === "/admin/security" || path === "/admin/security.data" || path.startsWith("/admin/security/");
}

/** /auth, carrying the admin page a signed-out visitor asked for (GET) or acted on. */
function signInUrl(request: Request): string {
  const url = new URL(request.url);
  const back = adminReturnPath(request.method === "GET" ? url.pathname + url.search : url.pathname);
  return back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth";
}

/**
 * The signed-in admin. Throws a redirect: to /auth (with `redirectTo`, so that signing in
 * returns to the page asked for) without a session, to / with 'Access denied. Admin
 * privileges required.' for a signed-in non-admin, and to /admin/security while the team
 * requires two-step sign-in and this admin has no second step yet (every admin page, data and
 * file but the security page itself).
 */
export async function requireAdmin(
  db: Database,
  request: Request,
  env: CloudflareBindings,
  options: { slide?: boolean } = {},
): Promise<CurrentSession> {
  const session = await readSession(db, request, env, options);
  if (!session) throw redirect(signInUrl(request));
  if (!isAdmin(session.user)) {
    throw redirect("/", { headers: { "Set-Cookie": await commitNotice(request, "accessDenied") } });
  }
  if (!isSecurityPage(request) && session.mustEnrol) {
    throw redirect("/admin/security", { headers: { "Set-Cookie": await commitNotice(request, "enrolRequired") } });
  }
  return session;
}

/**
 * requireAdmin and a page's reads at the same time: a GET (or HEAD) whose session cookie this site
 * signed starts `read()` beside the session's own read, so the page costs one D1 round trip where
 * it cost two (docs/benchmarks.md, "Round trips"). `read` must only read: it runs before the
 * session is known, and its value is returned only to the admin requireAdmin lets through. A
 * request without such a cookie, or a write, reads nothing before the session is known.
 * Out: `{ session, value }`. Throws requireAdmin's redirects (the early read's failure, if any,
 * is then ignored) and `read`'s own error.
 */
export async function requireAdminWith<T>(
  db: Database,
  request: Request,
  env: CloudflareBindings,
  read: () => Promise<T>,
  options: { slide?: boolean } = {},
): Promise<{ session: CurrentSession; value: T }> {
  const early = (request.method === "GET" || request.method === "HEAD") && (await carriesSessionCookie(request, env));
  const pending = early ? read() : null;
  // A redirect below leaves the early read unawaited: its failure must not surface as unhandled.
  pending?.catch(() => undefined);
  const session = await requireAdmin(db, request, env, options);
  return { session, value: await (pending ?? read()) };
}
