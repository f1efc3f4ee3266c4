/**
 * Who may see what (docs/product.md §2 "Protected route behaviour", §6). The role is read from
 * D1 on every admin request (readSession joins the users row), so a demotion takes effect at
 * once. `isAdmin` is the one admin check.
 */
import { redirect } from "@remix-run/cloudflare";
import type { User } from "../../drizzle/schema";
import type { Database } from "./db.server";
import { commitNotice } from "./flash.server";
import { readSession, type CurrentSession } from "./session.server";

/** True for an account with the admin role: the one admin check. */
export function isAdmin(user: Pick<User, "role">): boolean {
  return user.role === "admin";
}

/**
 * The signed-in admin. Throws a redirect: to /auth without a session, to / with 'Access
 * denied. Admin privileges required.' for a signed-in non-admin.
 */
export async function requireAdmin(
  db: Database,
  request: Request,
  env: CloudflareBindings,
  options: { slide?: boolean } = {},
): Promise<CurrentSession> {
  const session = await readSession(db, request, env, options);
  if (!session) throw redirect("/auth");
  if (!isAdmin(session.user)) {
    throw redirect("/", { headers: { "Set-Cookie": await commitNotice(request, "accessDenied") } });
  }
  return session;
}
