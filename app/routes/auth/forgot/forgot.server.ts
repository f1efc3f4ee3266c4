/**
 * The server side of /auth/forgot (docs/product.md §4 "Accounts"): asking for a password reset
 * link. The body is read through the input gate and checked with forgotSchema
 * (app/forms/auth.ts); the link and its e-mail are app/server/auth's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { forgotSchema } from "~/forms/auth";
import { formContract } from "~/http/input-gate.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { passwordResetMail } from "~/server/auth";
import { queueAccountPageMail } from "~/server/mail";
import { logFailure } from "~/server/platform";
import { refuse, succeeded } from "../+shared/form-replies.server";

/**
 * POST /auth/forgot: e-mails a reset link when the address has an account, and answers
 * "success" either way (the page says a link was sent if the account exists). Past the
 * per-client limit 429; past the per-address limit the answer is the same but no mail goes. A
 * D1 failure answers 503.
 */
export async function forgotPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readSmallForm(request, formContract(forgotSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: forgotSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request)))
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts] }), { status: 429 });
  try {
    const mail = await passwordResetMail(context.db, env, submission.value.email);
    if (mail) queueAccountPageMail(context, mail);
  } catch (error) {
    logFailure("reset_request_failed", error);
    return data(submission.reply({ formErrors: [AUTH_MESSAGES.unexpected] }), { status: 503 });
  }
  return data(succeeded(submission));
}
