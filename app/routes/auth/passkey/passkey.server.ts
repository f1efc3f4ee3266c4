/**
 * The server side of POST /auth/passkey (docs/decisions/015-two-step-sign-in.md): signing in
 * with a passkey, from /auth or from the second step of a sign-in. JSON only: `{ error }` with
 * 400, 429 or 503, or what the browser needs next. The ceremony's rules are app/server/two-step's.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { PASSKEY_EXTRA_FIELDS, passkeyAssertionSchema } from "~/forms/two-step";
import { formContract } from "~/http/input-gate.server";
import { readSecondStep } from "~/http/pending-sign-in.server";
import { adminReturnPath } from "~/http/permissions.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure, readSiteUrl } from "~/server/platform";
import { newChallenge, passkeyIdsOf, relyingPartyOf, verifyPasskeySignIn } from "~/server/two-step";
import { finishSignIn } from "../+shared/sign-in.server";

/** A JSON refusal of the passkey endpoint. */
const passkeyError = (status: number, error: string) => Response.json({ error }, { status });

/**
 * POST /auth/passkey, from the sign-in page or the second step (JavaScript only):
 * - `intent=options`: a new challenge, the RP ID and, during a second step, the ids of that
 *   account's passkeys (`allowCredentials`; empty: any passkey of this site);
 * - otherwise the browser's answer (passkeyAssertionSchema): a valid one starts the session
 *   and answers `{ redirectTo }` (the admin page asked for, or /admin); else 400 `{ error }`.
 * During a second step only a passkey of that account is accepted.
 */
export async function passkeySignInAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return passkeyError(429, AUTH_MESSAGES.tooManyAttempts);
  const form = await readSmallForm(request, formContract(passkeyAssertionSchema, PASSKEY_EXTRA_FIELDS));
  if (!form.ok) return passkeyError(400, form.message);
  const pending = await readSecondStep(request, env);
  const rp = relyingPartyOf(readSiteUrl(env));
  try {
    if (form.formData.get("intent") === "options") {
      const challenge = await newChallenge(context.db, "sign-in", null);
      return Response.json({ challenge, rpId: rp.id, allowCredentials: pending ? await passkeyIdsOf(context.db, pending.userId) : [] });
    }
    const parsed = passkeyAssertionSchema.safeParse(Object.fromEntries(form.formData));
    const assertion = parsed.success ? decodeAssertion(parsed.data) : null;
    if (!assertion) return passkeyError(400, TWO_STEP_MESSAGES.passkeyFailed);
    const user = await verifyPasskeySignIn(context.db, rp, assertion, new Date(), pending?.userId ?? null);
    if (!user) return passkeyError(400, TWO_STEP_MESSAGES.passkeyFailed);
    const redirectTo = pending?.redirectTo ?? adminReturnPath(form.formData.get("redirectTo")) ?? "/admin";
    return Response.json({ redirectTo }, { headers: await finishSignIn(context, request, user.id, "signedIn") });
  } catch (error) {
    logFailure("passkey_sign_in_failed", error);
    return passkeyError(503, AUTH_MESSAGES.unexpected);
  }
}

/** The browser's answer decoded from base64url, or null when a part is not base64url. */
function decodeAssertion(fields: { credentialId: string; authenticatorData: string; clientDataJSON: string; signature: string }) {
  try {
    return {
      credentialId: encodeBase64urlNoPadding(decodeBase64urlIgnorePadding(fields.credentialId)),
      authenticatorData: decodeBase64urlIgnorePadding(fields.authenticatorData),
      clientDataJSON: decodeBase64urlIgnorePadding(fields.clientDataJSON),
      signature: decodeBase64urlIgnorePadding(fields.signature),
    };
  } catch {
    return null;
  }
}
