/**
 * The step-up of the admin's changes of how people sign in, as the forms send it: removing or
 * adding a second step, new recovery codes (security.server.ts, ../security-passkey), and
 * making the team's two-step rule optional (../team/team.server.ts). The rules of what counts
 * are app/server/two-step/step-up.server.ts's; this file reads the request's part: the fields,
 * the client, the rate limits.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { allowAuthAttempt, clientKey } from "~/http/rate-limit.server";
import { claimSecondStepAttempt, clearSecondStepFailures } from "~/server/auth";
import { readSecrets, readSiteUrl } from "~/server/platform";
import { confirmCurrentStep, relyingPartyOf, stepUpProofOf, type StepUpFields } from "~/server/two-step";

/** The names of a form's step-up fields (a code, a passkey's answer), to keep them out of a reply. */
export const STEP_UP_FIELD_NAMES = ["code", "credentialId", "authenticatorData", "clientDataJSON", "signature"] as const;

/** The step-up fields with their longest lengths, for a form contract that has no schema of them (app/http/input-gate.server.ts). */
export const STEP_UP_EXTRA_FIELDS = { code: 20, credentialId: 1024, authenticatorData: 4096, clientDataJSON: 4096, signature: 2048 };

/**
 * Why a change is refused before it is made, or null when `fields` carry a current second step
 * of `userId`. In: the request (its client), the load context, the account, the fields (a code,
 * or a passkey's four base64url parts). Out: `{ status, message }` (400 missing or wrong, 429
 * too many tries) or null. A code is counted like at the sign-in's second step (the client's
 * and the account's wrong codes, the account's lock; a success clears them); a passkey's
 * answer goes through the auth rate limit, as at /auth/passkey. D1 errors are thrown.
 */
export async function stepUpRefusal(
  request: Request,
  context: AppLoadContext,
  userId: string,
  fields: StepUpFields,
): Promise<{ status: number; message: string } | null> {
  const { env } = context.cloudflare;
  const proof = stepUpProofOf(fields);
  if (proof.kind === "none") return { status: 400, message: TWO_STEP_MESSAGES.stepUpNeeded };
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return { status: 429, message: AUTH_MESSAGES.tooManyAttempts };
  const rp = relyingPartyOf(readSiteUrl(env));
  if (proof.kind === "passkey") {
    const confirmed = await confirmCurrentStep(context.db, readSecrets(env), rp, userId, proof);
    return confirmed ? null : { status: 400, message: TWO_STEP_MESSAGES.stepUpPasskeyFailed };
  }
  const claim = await claimSecondStepAttempt(context.db, userId, clientKey(request));
  if (claim.status === "locked") return { status: 429, message: TWO_STEP_MESSAGES.locked };
  if (claim.status === "throttled") return { status: 429, message: TWO_STEP_MESSAGES.throttled };
  if (await confirmCurrentStep(context.db, readSecrets(env), rp, userId, proof)) {
    await clearSecondStepFailures(context.db, userId);
    return null;
  }
  if (claim.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, claim.delayMs));
  return { status: 400, message: TWO_STEP_MESSAGES.stepUpWrongCode };
}

/** The step-up fields of a form, as text (a file or an absent field is left out). */
export function stepUpFieldsOf(formData: FormData): StepUpFields {
  const fields: Record<string, string> = {};
  for (const name of STEP_UP_FIELD_NAMES) {
    const value = formData.get(name);
    if (typeof value === "string" && value) fields[name] = value;
  }
  return fields;
}
