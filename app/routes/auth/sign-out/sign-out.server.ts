/**
 * The server side of /auth/sign-out (docs/product.md §2 "Admin"): ending this session, or every
 * session of the account. The cookie is app/http/session.server.ts's, the rows app/server/auth's.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/forms/zod";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { destroySession, readSession } from "~/http/session.server";
import { readSmallForm } from "~/http/small-form.server";
import { destroyUserSessions } from "~/server/auth";

/** The sign-out form: `scope=everywhere` ends every session of the account. */
const signOutSchema = z.object({ scope: z.enum(["everywhere"]).optional() });

/**
 * POST /auth/sign-out: ends this session ('signedOut', then /auth), or with
 * `scope=everywhere` every session of the account ('signedOutEverywhere').
 */
export async function signOutAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const session = await readSession(context.db, request, env);
  const form = await readSmallForm(request, formContract(signOutSchema));
  // A body the gate refuses still signs this session out: signing out must always work.
  const everywhere = form.ok && form.formData.get("scope") === "everywhere";
  if (session && everywhere) await destroyUserSessions(context.db, session.user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, env));
  headers.append("Set-Cookie", await commitNotice(request, everywhere ? "signedOutEverywhere" : "signedOut"));
  return redirect("/auth", { headers });
}

/** GET /auth/sign-out: nothing to show; back to /auth. */
export function signOutLoader() {
  return redirect("/auth");
}
