/**
 * POST /auth/sign-out: ends this session ('Signed out successfully', then /auth), or with
 * `scope=everywhere` every session of the account.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { commitNotice } from "~/server/platform/flash.server";
import { z } from "~/forms/zod";
import { formContract } from "~/server/platform/input-gate.server";
import { readSmallForm } from "~/server/platform/small-form.server";
import { destroySession, destroyUserSessions, readSession } from "~/server/auth/session.server";

/** The sign-out form: `scope=everywhere` ends every session of the account. */
const signOutSchema = z.object({ scope: z.enum(["everywhere"]).optional() });

export async function action({ request, context }: ActionFunctionArgs) {
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

export function loader() {
  return redirect("/auth");
}
