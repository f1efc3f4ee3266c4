/**
 * The server side of POST /admin/security/passkey (docs/decisions/015-two-step-sign-in.md):
 * adding a passkey to the signed-in admin's account (first confirmed with a current second step
 * when it has one), and the challenge of a step-up with one of its passkeys
 * (app/server/two-step/step-up.server.ts). JSON only: `{ error }` with 400, 409, 429
 * or 503, or what the browser needs next. The ceremony's rules are app/server/two-step's.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDate } from "~/domain/dates";
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { PASSKEY_EXTRA_FIELDS, passkeyRegistrationSchema } from "~/forms/two-step";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { queueMail } from "~/server/mail";
import { logFailure, readCompanyName, readSiteUrl } from "~/server/platform";
import { addPasskey, hasSecondStep, newChallenge, passkeyIdsOf, relyingPartyOf, secondStepMail } from "~/server/two-step";
import { STEP_UP_EXTRA_FIELDS, stepUpFieldsOf, stepUpRefusal } from "../security/step-up.server";

/** A JSON refusal of the passkey endpoint. */
const passkeyError = (status: number, error: string) => Response.json({ error }, { status });

/**
 * POST /admin/security/passkey (admins, JavaScript): adding a passkey.
 * - `intent=options`: a new challenge and what `navigator.credentials.create()` needs: the RP
 *   (id, the company's name), the account (its id, base64url; its address) and its passkeys
 *   already registered (`exclude`), so one authenticator is not added twice. When the account
 *   already has a second step, the same post first carries a current one (`code` from the
 *   authenticator app, or a passkey's answer to a step-up challenge; ../security/step-up.server.ts):
 *   without it 400 (429 when counted out) and no challenge, so no passkey can be added (the
 *   answer below needs this account's challenge);
 * - `intent=step-up` (not counted by the auth rate limit; the answer is): a new challenge, the
 *   RP ID and the account's passkeys (`allowCredentials`) for `navigator.credentials.get()`; the answer goes with the security page's form that
 *   removes a second step or makes new recovery codes (security.server.ts checks it);
 * - otherwise the browser's answer (passkeyRegistrationSchema): `{ ok: true, recoveryCodes }`
 *   (the new codes when this was the account's first second step, for the page to show once;
 *   else null and the 'passkey added' notice for the page it reloads), or 400/409 `{ error }`.
 */
export async function passkeyRegistrationAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { user } = await requireAdmin(context.db, request, env);
  const form = await readSmallForm(request, formContract(passkeyRegistrationSchema, { ...PASSKEY_EXTRA_FIELDS, ...STEP_UP_EXTRA_FIELDS }));
  if (!form.ok) return passkeyError(400, form.message);
  // A step-up's challenge is not counted: its answer is, at the security page's action.
  const stepUp = form.formData.get("intent") === "step-up";
  const options = form.formData.get("intent") === "options";
  const rp = relyingPartyOf(readSiteUrl(env));
  try {
    // Adding to an account that has a second step: a current one first (counted there).
    if (options && (await hasSecondStep(context.db, user.id))) {
      const refused = await stepUpRefusal(request, context, user.id, stepUpFieldsOf(form.formData));
      if (refused) return passkeyError(refused.status, refused.message);
    } else if (!stepUp && !(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) {
      return passkeyError(429, AUTH_MESSAGES.tooManyAttempts);
    }
    if (stepUp) {
      const challenge = await newChallenge(context.db, "sign-in", null);
      return Response.json({ challenge, rpId: rp.id, allowCredentials: await passkeyIdsOf(context.db, user.id) });
    }
    if (options) {
      return Response.json({
        challenge: await newChallenge(context.db, "register", user.id),
        rp: { id: rp.id, name: readCompanyName(env) },
        user: { id: encodeBase64urlNoPadding(new TextEncoder().encode(user.id)), name: user.email },
        exclude: await passkeyIdsOf(context.db, user.id),
      });
    }
    const parsed = passkeyRegistrationSchema.safeParse(Object.fromEntries(form.formData));
    if (!parsed.success) return passkeyError(400, TWO_STEP_MESSAGES.passkeyInvalid);
    let registration;
    try {
      registration = {
        attestationObject: decodeBase64urlIgnorePadding(parsed.data.attestationObject),
        clientDataJSON: decodeBase64urlIgnorePadding(parsed.data.clientDataJSON),
      };
    } catch {
      return passkeyError(400, TWO_STEP_MESSAGES.passkeyInvalid);
    }
    const now = new Date();
    const name = parsed.data.name || `Passkey added ${formatAdminDate(now.getTime())}`;
    const outcome = await addPasskey(context.db, rp, user, registration, name, now);
    if (outcome.status === "too-many") return passkeyError(409, TWO_STEP_MESSAGES.tooManyPasskeys);
    if (outcome.status === "invalid") return passkeyError(400, TWO_STEP_MESSAGES.passkeyInvalid);
    queueMail(context, secondStepMail(env, user, "passkey_added"), { kind: "account" });
    // New recovery codes are shown by the page itself, with the same message; else a notice.
    if (outcome.recoveryCodes) return Response.json({ ok: true, recoveryCodes: outcome.recoveryCodes });
    return Response.json({ ok: true, recoveryCodes: null }, { headers: { "Set-Cookie": await commitNotice(request, "passkeyAdded") } });
  } catch (error) {
    logFailure("passkey_add_failed", error);
    return passkeyError(503, TWO_STEP_MESSAGES.changeFailed);
  }
}
