/**
 * The server side of the admin frame (every /admin page): admins only (extending the session
 * when it runs short), the signed-in e-mail, the tabs' figures and this month's share of
 * requests answered within the promise (app/server/inbox).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_HEADERS } from "~/cache-control";
import { jamaicaMonthName } from "~/domain/dates";
import { requireAdmin } from "~/http/permissions.server";
import { readFrameFigures } from "~/server/inbox";

/**
 * The loader of the admin frame: the signed-in e-mail, the tabs' figures and this month's
 * share of requests answered within the promise (readFrameFigures, one statement) and the
 * month's name in Jamaica. Never cached; sets the session cookie again when it was extended. Throws
 * requireAdmin's redirect for anyone else.
 */
export async function adminLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const session = await requireAdmin(context.db, request, env, { slide: true });
  const headers = new Headers(ADMIN_HEADERS);
  if (session.refreshedCookie) headers.append("Set-Cookie", session.refreshedCookie);
  const { counts, replies } = await readFrameFigures(context.db);
  return data({ email: session.user.email, counts, replies, month: jamaicaMonthName() }, { headers });
}
