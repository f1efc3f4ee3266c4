/**
 * The server side of /admin/security (docs/decisions/015-two-step-sign-in.md): the signed-in
 * admin's second steps (passkeys, the authenticator app, recovery codes) and the forms that
 * add and remove them. The rules are app/server/two-step's. A refused form is its result
 * (app/forms/result.ts); every change is e-mailed to the account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal, type FormResult } from "~/forms/result";
import { securityFormSchema } from "~/forms/two-step";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { queueMail } from "~/server/mail";
import { logFailure, readSecrets } from "~/server/platform";
import {
  addAuthenticator,
  authenticatorSetup,
  authenticatorSetupKey,
  hasSecondStep,
  newAuthenticatorKey,
  readSecondSteps,
  readTwoStepRequired,
  removeAuthenticator,
  removePasskey,
  renewRecoveryCodes,
  secondStepMail,
  type AuthenticatorSetup,
  type SecondStepChange,
} from "~/server/two-step";
import { stepUpRefusal } from "./step-up.server";

export type { AuthenticatorSetup };

/**
 * /admin/security (admins; reachable while two-step sign-in is required and the account has
 * none): the account's passkeys ('MMM dd, yyyy' added, last used), whether it has an
 * authenticator app (else a new key to set one up: QR code and text), how many recovery
 * codes are left, and whether the team requires two-step sign-in.
 */
export async function securityPageLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { user } = await requireAdmin(context.db, request, env);
  const [steps, required] = await Promise.all([readSecondSteps(context.db, user.id), readTwoStepRequired(context.db)]);
  return {
    email: user.email,
    required,
    passkeys: steps.passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      added: formatAdminDate(passkey.createdAt.getTime()),
      lastUsed: passkey.lastUsedAt ? formatAdminDateTime(passkey.lastUsedAt.getTime()) : "Never",
    })),
    authenticator: steps.authenticator,
    recoveryCodesLeft: steps.recoveryCodesLeft,
    setup: steps.authenticator ? null : authenticatorSetup(env, user, newAuthenticatorKey()),
  };
}

/** What the security page's action answers when it shows new recovery codes (once, never again). */
export type NewRecoveryCodes = FormResult & { status: "success"; recoveryCodes: string[]; message: string };

/**
 * POST /admin/security: 'Add authenticator app' (the code from the app and the signed setup),
 * 'Remove' the authenticator app or a passkey, 'Make new recovery codes'. Removing and renewing
 * first need a current second step in the same form (`code` from the authenticator app, or a
 * passkey's answer: app/server/two-step/step-up.server.ts); a recovery code never counts. So
 * does adding the authenticator app to an account that has a passkey (its answer, in the
 * setup's form; `code` is then the new app's); the first second step needs none. Each
 * change is in the team's recent changes and e-mailed to the account. New recovery codes (with
 * the first second step, or asked for) are the answer itself, shown once; other successes
 * redirect back with a notice. Refusals: 400 (a wrong or missing code or passkey, nothing
 * changed; at setup with the same setup, so the QR code stays), 404, 409, 429 (too many tries,
 * counted like the sign-in's second step: app/server/auth/sign-in-throttle.server.ts).
 */
export async function securityPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { user } = await requireAdmin(context.db, request, env);
  const form = await readSmallForm(request, formContract(securityFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: securityFormSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  const value = submission.value;
  const reply = (status: number, message: string, setup?: AuthenticatorSetup) =>
    data({ ...submission.reply({ formErrors: [message], hideFields: ["code"] }), setup }, { status });
  const done = (action: SecondStepChange, notice: NoticeKey) => {
    queueMail(context, secondStepMail(env, user, action), { kind: "account" });
    return backToSecurity(request, notice);
  };
  const showCodes = (action: SecondStepChange, recoveryCodes: string[], message: string) => {
    queueMail(context, secondStepMail(env, user, action), { kind: "account" });
    return data({ ...submission.reply({ resetForm: true }), status: "success", recoveryCodes, message } satisfies NewRecoveryCodes);
  };
  try {
    if (value.intent === "add-authenticator") {
      const key = authenticatorSetupKey(env, value.setup, user.id);
      if (!key) return reply(400, TWO_STEP_MESSAGES.setupExpired);
      if (await hasSecondStep(context.db, user.id)) {
        // The account's current second step can only be a passkey here (one app per account).
        const { credentialId, authenticatorData, clientDataJSON, signature } = value;
        const refused = await stepUpRefusal(request, context, user.id, { credentialId, authenticatorData, clientDataJSON, signature });
        if (refused) return reply(refused.status, refused.message, authenticatorSetup(env, user, key));
      }
      const outcome = await addAuthenticator(context.db, readSecrets(env), user, key, value.code);
      if (outcome.status === "wrong-code") return reply(400, TWO_STEP_MESSAGES.wrongCode, authenticatorSetup(env, user, key));
      if (outcome.status === "exists") return reply(409, TWO_STEP_MESSAGES.authenticatorExists);
      if (outcome.recoveryCodes) return showCodes("authenticator_added", outcome.recoveryCodes, TWO_STEP_MESSAGES.authenticatorAdded);
      return done("authenticator_added", "authenticatorAdded");
    }
    const refused = await stepUpRefusal(request, context, user.id, value);
    if (refused) return reply(refused.status, refused.message);
    if (value.intent === "renew-codes") {
      const codes = await renewRecoveryCodes(context.db, user);
      if (!codes) return reply(409, TWO_STEP_MESSAGES.noCodesWithoutStep);
      return showCodes("recovery_codes_renewed", codes, TWO_STEP_MESSAGES.codesRenewed);
    }
    const outcome =
      value.intent === "remove-authenticator"
        ? await removeAuthenticator(context.db, user)
        : await removePasskey(context.db, user, value.id);
    if (outcome === "last-step") return reply(409, TWO_STEP_MESSAGES.lastStep);
    if (outcome === "not-found") return reply(404, TWO_STEP_MESSAGES.stepGone);
    return value.intent === "remove-authenticator"
      ? done("authenticator_removed", "authenticatorRemoved")
      : done("passkey_removed", "passkeyRemoved");
  } catch (error) {
    logFailure("security_change_failed", error, { intent: value.intent });
    return reply(503, TWO_STEP_MESSAGES.changeFailed);
  }
}

/** Back to /admin/security with `notice` (post, redirect, get). */
async function backToSecurity(request: Request, notice: NoticeKey) {
  return redirect("/admin/security", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
}
