/**
 * The server side of the admin frame (every /admin page): admins only (extending the session
 * when it runs short), the signed-in e-mail, the tabs' figures and this month's share of
 * requests answered within the promise (app/server/inbox).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_HEADERS } from "~/cache-control";
import { jamaicaMonthName } from "~/domain/dates";
import { requireAdminWith } from "~/http/permissions.server";
import { readFrameFigures } from "~/server/inbox";

/**
 * The loader of the admin frame: the signed-in e-mail, the tabs' figures and this month's
 * share of requests answered within the promise (readFrameFigures, one statement, read beside the
 * session) and the
 * month's name in Jamaica. Never cached; sets the session cookie again when it was extended. Throws
 * requireAdmin's redirect for anyone else.
 */
export async function adminLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const {
    session,
    value: { counts, replies },
  } = await requireAdminWith(context.db, request, env, () => readFrameFigures(context.db), { slide: true });
  const headers = new Headers(ADMIN_HEADERS);
  if (session.refreshedCookie) headers.append("Set-Cookie", session.refreshedCookie);
  return data({ email: session.user.email, counts, replies, month: jamaicaMonthName() }, { headers });
}
