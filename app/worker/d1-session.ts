/**
 * Which copy of the database a request reads (D1's Sessions API, `withSession`; with read
 * replication on, D1 keeps read-only replicas near the visitors and a primary that takes every
 * write, docs/architecture.md §4.25):
 *
 * - An anonymous GET of a public page or photo: `first-unconstrained`, the nearest copy. Its
 *   data is public and versioned by the content version, so a replica a moment behind shows
 *   at worst the page as it was a moment ago.
 * - Staff pages (/admin, /auth): the session's bookmark, carried in the `d1-bookmark` cookie
 *   and renewed by every staff response, so a replica answers only once it holds everything
 *   this browser wrote: an admin always reads their own writes. Without the cookie yet (the
 *   sign-in page), the primary.
 * - Everything else: the primary (`first-primary`): a visitor's form (the write and the reads
 *   around it), and the private links (status, review, booking, calendar feeds), whose reader
 *   just wrote or expects the office's latest change.
 */
import { createCookie } from "@remix-run/cloudflare";
import { isStaffPath } from "~/cache-control";
import { isPrivatePath } from "~/http/input-gate.server";

/** A bookmark outlives a working day; an older one only sends a request to a newer copy. */
const BOOKMARK_MAX_AGE_S = 86_400;

function bookmarkCookie(request: Request) {
  return createCookie("d1-bookmark", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: BOOKMARK_MAX_AGE_S,
  });
}

const SIGN_OUT = /^\/auth\/sign-out\/?$/i;

/** A D1 bookmark as the Sessions API writes it: hex digits and dashes, bounded. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i;

/** The request's D1 session and what its response must carry back. */
export interface RequestD1Session {
  session: D1DatabaseSession;
  /**
   * The Set-Cookie header carrying the session's latest bookmark for `response`, or null when
   * none is due: only on staff paths, and only for a browser that already sends cookies or is
   * given one now (signing in), so a passer-by on the sign-in page gets none.
   */
  bookmarkHeader: (response: Response) => Promise<string | null>;
}

/**
 * Opens the request's D1 session on `database` by the rules above. In: the request and the
 * `DB` binding (measured or not). A malformed cookie is ignored (the primary answers). Never throws.
 */
export async function openD1Session(request: Request, database: D1Database): Promise<RequestD1Session> {
  const path = new URL(request.url).pathname;
  const staff = isStaffPath(path);
  const anonymousRead = (request.method === "GET" || request.method === "HEAD") && !isPrivatePath(path);
  let sent: string | null = null;
  if (staff) {
    const parsed: unknown = await bookmarkCookie(request)
      .parse(request.headers.get("Cookie"))
      .catch(() => null);
    sent = typeof parsed === "string" && BOOKMARK.test(parsed) ? parsed : null;
  }
  const session = database.withSession(sent ?? (anonymousRead ? "first-unconstrained" : "first-primary"));
  return {
    session,
    bookmarkHeader: async (response) => {
      // Signing out ends the bookmark with the session: the browser is a visitor again.
      if (sent && SIGN_OUT.test(path)) return bookmarkCookie(request).serialize("", { maxAge: 0 });
      if (!staff || !(request.headers.has("Cookie") || response.headers.has("Set-Cookie"))) return null;
      const latest = session.getBookmark();
      return latest && latest !== sent && BOOKMARK.test(latest) ? bookmarkCookie(request).serialize(latest) : null;
    },
  };
}
