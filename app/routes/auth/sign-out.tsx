/**
 * POST /auth/sign-out: ends this session ('Signed out successfully', then /auth), or with
 * `scope=everywhere` every session of the account.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { commitNotice } from "~/server/flash.server";
import { readSmallForm } from "~/server/small-form.server";
import { destroySession, destroyUserSessions, readSession } from "~/server/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const session = await readSession(request, env);
  const everywhere = (await readSmallForm(request))?.get("scope") === "everywhere";
  if (session && everywhere) await destroyUserSessions(env, session.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request, env));
  headers.append("Set-Cookie", await commitNotice(request, everywhere ? "signedOutEverywhere" : "signedOut"));
  return redirect("/auth", { headers });
}

export function loader() {
  return redirect("/auth");
}
