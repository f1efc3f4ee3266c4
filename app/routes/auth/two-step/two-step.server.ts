/**
 * The server side of /auth/two-step (docs/decisions/015-two-step-sign-in.md): the second step
 * of a sign-in whose password was right. Every attempt is under the account pages' per-client
 * limit (429) and the sign-in throttle, keyed by the account's id instead of its address
 * (app/server/auth/sign-in-throttle.server.ts): nobody reaches it without the password, and
 * wrong codes slow down and then stop one client, never the account's owner elsewhere. A
 * refused form is its result (app/forms/result.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TWO_STEP } from "~/domain/limits";
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { secondStepSchema } from "~/forms/two-step";
import { formContract } from "~/http/input-gate.server";
import { readSecondStep } from "~/http/pending-sign-in.server";
import { allowAuthAttempt, clientKey } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { accountById, claimSecondStepAttempt, clearSecondStepFailures } from "~/server/auth";
import { queueMail } from "~/server/mail";
import { logFailure, readSecrets } from "~/server/platform";
import { readSecondSteps, secondStepMail, useRecoveryCode, verifyAuthenticatorCode, wrongCodesMail } from "~/server/two-step";
import { finishSignIn, signInAgain } from "../+shared/sign-in.server";

/**
 * /auth/two-step: the second step of a half-finished sign-in (else back to /auth). Out: which
 * form to show (`method`: the authenticator code, or a recovery code with ?method=recovery or
 * when the account has no authenticator app) and whether it has an authenticator app and a passkey.
 */
export async function secondStepPageLoader({ request, context }: LoaderFunctionArgs) {
  const pending = await readSecondStep(request, context.cloudflare.env);
  if (!pending) throw await signInAgain(request);
  const steps = await readSecondSteps(context.db, pending.userId);
  const asked = new URL(request.url).searchParams.get("method");
  return {
    method: asked === "recovery" || !steps.authenticator ? ("recovery" as const) : ("authenticator" as const),
    authenticator: steps.authenticator,
    passkey: steps.passkeys.length > 0,
  };
}

/**
 * POST /auth/two-step: an authenticator code (`intent` "authenticator") or a recovery code
 * ("recovery"). Right: the session starts and the browser goes on to the admin page the
 * sign-in was for, with 'Signed in successfully!' (or, after a recovery code, a reminder that
 * it is spent; its owner is e-mailed). Wrong: 400 with the form's message, the failure
 * counted; too many from this client: 429. Past 5 minutes: back to /auth.
 */
export async function secondStepPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return data(refusal(null, AUTH_MESSAGES.tooManyAttempts), { status: 429 });
  const pending = await readSecondStep(request, env);
  if (!pending) return signInAgain(request);
  const form = await readSmallForm(request, formContract(secondStepSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: secondStepSchema });
  const hideFields = ["code", "recoveryCode"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const reply = (status: number, message: string) => data(submission.reply({ formErrors: [message], hideFields }), { status });
  const value = submission.value;
  try {
    const account = await accountById(context.db, pending.userId);
    if (!account) return signInAgain(request);
    const claim = await claimSecondStepAttempt(context.db, account.id, clientKey(request));
    if (claim.status === "locked") return reply(429, TWO_STEP_MESSAGES.locked);
    if (claim.status === "throttled") return reply(429, TWO_STEP_MESSAGES.throttled);
    let passed: boolean;
    if (value.intent === "authenticator") passed = await verifyAuthenticatorCode(context.db, readSecrets(env), account.id, value.code);
    else {
      passed = (await useRecoveryCode(context.db, account, value.recoveryCode)).status === "used";
      if (passed) queueMail(context, secondStepMail(env, account, "recovery_code_used"), { kind: "account" });
    }
    if (!passed) {
      // Whoever tries has the password: its owner is told once the account's limit is reached.
      if (claim.failuresInWindow === TWO_STEP.perAccountFailures || claim.consecutiveFailures === TWO_STEP.maxConsecutiveFailures) {
        queueMail(context, wrongCodesMail(env, account, claim.consecutiveFailures === TWO_STEP.maxConsecutiveFailures), {
          kind: "account",
        });
      }
      if (claim.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, claim.delayMs));
      return reply(400, value.intent === "authenticator" ? TWO_STEP_MESSAGES.wrongCode : TWO_STEP_MESSAGES.wrongRecoveryCode);
    }
    await clearSecondStepFailures(context.db, account.id);
    const headers = await finishSignIn(context, request, account.id, value.intent === "recovery" ? "recoveryCodeUsed" : "signedIn");
    return redirect(pending.redirectTo, { headers });
  } catch (error) {
    logFailure("second_step_failed", error, { intent: value.intent });
    return reply(503, AUTH_MESSAGES.unexpected);
  }
}
