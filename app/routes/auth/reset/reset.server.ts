/**
 * The server side of /auth/reset (docs/product.md §4 "Accounts"; decision 003): the e-mailed
 * reset link's page, which sets a new password. The body is read through the input gate and
 * checked with resetSchema (app/forms/auth.ts); the link and the change are app/server/auth's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { resetSchema } from "~/forms/auth";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { resetPassword, userForResetToken } from "~/server/auth";
import { refuse } from "../+shared/form-replies.server";

/** /auth/reset?token=…: the token while it is a valid reset link, or null. */
export async function resetPageLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await userForResetToken(context.db, context.cloudflare.env, token);
  return { token: user ? token : null };
}

/**
 * POST /auth/reset: sets the new password (the password rule of app/forms/password.ts), ends
 * every session of the account and returns to sign-in with 'passwordChanged'. A link no
 * longer valid answers 400 with its message; past the per-client limit 429.
 */
export async function resetPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return refuse(429, AUTH_MESSAGES.tooManyAttempts);
  const form = await readSmallForm(request, formContract(resetSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: resetSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const changed = await resetPassword(context.db, env, submission.value.token, submission.value.password);
  if (!changed) return data(submission.reply({ formErrors: [AUTH_MESSAGES.linkInvalid], hideFields: ["password"] }), { status: 400 });
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "passwordChanged") } });
}
