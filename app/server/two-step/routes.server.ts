/**
 * The request side of two-step sign-in (docs/decisions/015-two-step-sign-in.md): the second
 * step of a sign-in (/auth/two-step), signing in with a passkey (/auth/passkey), the security
 * page where an admin adds and removes second steps (/admin/security) and its passkey
 * ceremony (/admin/security/passkey). The rules live in factors.server.ts, passkeys.server.ts
 * and pending.server.ts.
 *
 * Every attempt at a second step is under the account pages' per-client limit (429) and the
 * sign-in throttle, keyed by the account's id instead of its address
 * (app/server/auth/sign-in-throttle.server.ts): nobody reaches it without the password, and
 * wrong codes slow down and then stop one client, never the account's owner elsewhere.
 * A refused form is its result (app/forms/result.ts); the passkey endpoints answer JSON
 * (`{ error }` with 400, 409 or 429, or what the browser needs next).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import {
  decodeBase64,
  decodeBase64urlIgnorePadding,
  encodeBase32UpperCaseNoPadding,
  encodeBase64,
  encodeBase64urlNoPadding,
} from "@oslojs/encoding";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { encode } from "uqr";
import { formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { SIGN_IN_THROTTLE, TWO_STEP } from "~/domain/limits";
import { AUTH_MESSAGES, TWO_STEP_MESSAGES } from "~/domain/staff-messages";
import { refusal, type FormResult } from "~/forms/result";
import { passkeyAssertionSchema, passkeyRegistrationSchema, secondStepSchema, securityFormSchema } from "~/forms/two-step";
import type { User } from "../../../drizzle/schema";
import { accountById, recordSignIn } from "../auth/accounts.server";
import { adminReturnPath, requireAdmin } from "~/http/permissions.server";
import { createSession } from "~/http/session.server";
import { claimSecondStepAttempt, clearSecondStepFailures } from "../auth/sign-in-throttle.server";
import { readToken, signToken } from "../auth/tokens.server";
import type { Mail } from "../mail/mailer.server";
import { queueMail } from "../mail/queue.server";
import { readCompanyName, readSiteUrl } from "../platform/env.server";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { allowAuthAttempt, clientKey } from "~/http/rate-limit.server";
import { readSecrets } from "../platform/secrets.server";
import { readSmallForm } from "~/http/small-form.server";
import {
  addAuthenticator,
  authenticatorUri,
  newAuthenticatorKey,
  readSecondSteps,
  readTwoStepRequired,
  removeAuthenticator,
  renewRecoveryCodes,
  SECOND_STEP_MAIL_SUBJECTS,
  useRecoveryCode,
  verifyAuthenticatorCode,
  type SecondStepChange,
} from "./factors.server";
import { addPasskey, newChallenge, passkeyIdsOf, relyingPartyOf, removePasskey, verifyPasskeySignIn } from "./passkeys.server";
import { endSecondStep, readSecondStep, secondStepBegan, startSecondStep, type PendingSignIn } from "~/http/pending-sign-in.server";

/** How long the security page's QR code may be scanned and confirmed, in seconds. */
const SETUP_TTL_S = 15 * 60;

/**
 * The headers that finish a sign-in: a new session, the half-finished sign-in gone, and
 * `notice` for the next page. The sign-in is recorded as the account's last.
 */
async function finishSignIn(context: AppLoadContext, request: Request, userId: string, notice: NoticeKey): Promise<Headers> {
  const { env } = context.cloudflare;
  await recordSignIn(context.db, userId);
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context.db, request, env, userId));
  headers.append("Set-Cookie", await endSecondStep(request, env));
  headers.append("Set-Cookie", await commitNotice(request, notice));
  return headers;
}

/** Back to /auth: with 'not finished within 5 minutes' when a half-finished sign-in had begun here. */
async function signInAgain(request: Request) {
  return redirect(
    "/auth",
    secondStepBegan(request) ? { headers: { "Set-Cookie": await commitNotice(request, "twoStepExpired") } } : undefined,
  );
}

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

/** The fields of the passkey endpoints besides the browser's answer: which call it is, where to go after. */
const PASSKEY_EXTRA_FIELDS = { intent: 16, redirectTo: 2048 };

/** A JSON refusal of a passkey endpoint. */
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

/** A QR code as one SVG path of its dark modules (1 unit each) and its size in modules, border included. */
function qrCode(text: string): { size: number; path: string } {
  const { data: modules, size } = encode(text, { border: 2, ecc: "M" });
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/** What the security page shows to set up an authenticator app with `key`: the signed setup, the QR code, the key typed by hand. */
function authenticatorSetup(env: CloudflareBindings, user: Pick<User, "id" | "email">, key: Uint8Array) {
  const token = signToken(readSecrets(env), {
    sub: user.id,
    purpose: "authenticator-setup",
    exp: Math.floor(Date.now() / 1000) + SETUP_TTL_S,
    key: encodeBase64(key),
  });
  const uri = authenticatorUri(readCompanyName(env), user.email, key);
  return {
    token,
    qr: qrCode(uri),
    key: encodeBase32UpperCaseNoPadding(key)
      .replace(/(.{4})/g, "$1 ")
      .trim(),
  };
}

/** The security page's authenticator setup, in the page's data and in a refused setup's result. */
export type AuthenticatorSetup = ReturnType<typeof authenticatorSetup>;

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
 * 'Remove' the authenticator app or a passkey, 'Make new recovery codes'. Each change is in the
 * team's recent changes and e-mailed to the account. New recovery codes (with the first second
 * step, or asked for) are the answer itself, shown once; other successes redirect back with a
 * notice. Refusals: 400 (a wrong code; with the same setup, so the QR code stays), 404, 409.
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
      const claims = readToken(readSecrets(env), value.setup, "authenticator-setup");
      if (!claims?.key || claims.sub !== user.id) return reply(400, TWO_STEP_MESSAGES.setupExpired);
      const key = decodeBase64(claims.key);
      const outcome = await addAuthenticator(context.db, readSecrets(env), user, key, value.code);
      if (outcome.status === "wrong-code") return reply(400, TWO_STEP_MESSAGES.wrongCode, authenticatorSetup(env, user, key));
      if (outcome.status === "exists") return reply(409, TWO_STEP_MESSAGES.authenticatorExists);
      if (outcome.recoveryCodes) return showCodes("authenticator_added", outcome.recoveryCodes, TWO_STEP_MESSAGES.authenticatorAdded);
      return done("authenticator_added", "authenticatorAdded");
    }
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

/**
 * POST /admin/security/passkey (admins, JavaScript): adding a passkey.
 * - `intent=options`: a new challenge and what `navigator.credentials.create()` needs: the RP
 *   (id, the company's name), the account (its id, base64url; its address) and its passkeys
 *   already registered (`exclude`), so one authenticator is not added twice;
 * - otherwise the browser's answer (passkeyRegistrationSchema): `{ ok: true, recoveryCodes }`
 *   (the new codes when this was the account's first second step, for the page to show once;
 *   else null and the 'passkey added' notice for the page it reloads), or 400/409 `{ error }`.
 */
export async function passkeyRegistrationAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { user } = await requireAdmin(context.db, request, env);
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return passkeyError(429, AUTH_MESSAGES.tooManyAttempts);
  const form = await readSmallForm(request, formContract(passkeyRegistrationSchema, PASSKEY_EXTRA_FIELDS));
  if (!form.ok) return passkeyError(400, form.message);
  const rp = relyingPartyOf(readSiteUrl(env));
  try {
    if (form.formData.get("intent") === "options") {
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

/**
 * The e-mail to an account after a change to its second steps: what happened and when (Jamaica
 * time), where to see them, and what to do if it was not them.
 */
function secondStepMail(env: CloudflareBindings, account: Pick<User, "email">, action: SecondStepChange): Mail {
  const site = readSiteUrl(env);
  const security = `${site}/admin/security`;
  const reset = `${site}/auth/forgot`;
  const subject = SECOND_STEP_MAIL_SUBJECTS[action];
  return {
    to: account.email,
    subject,
    text: `${subject} on ${formatAdminDateTime(Date.now())} (Jamaica time).\n\nIf this was you, there is nothing to do. Your passkeys, authenticator app and recovery codes are on the Security page: ${security}\n\nIf it was not you, change your password now (${reset}) and tell another admin of the team.`,
    links: [security, reset],
  };
}

/**
 * The e-mail to an account whose second step has had its limit of wrong codes: someone has its
 * password. `locked`: codes are refused until the password is reset.
 */
function wrongCodesMail(env: CloudflareBindings, account: Pick<User, "email">, locked: boolean): Mail {
  const reset = `${readSiteUrl(env)}/auth/forgot`;
  const what = locked
    ? `Codes for your account are now refused until its password is reset.`
    : `Further codes are refused for ${SIGN_IN_THROTTLE.windowMinutes} minutes.`;
  return {
    to: account.email,
    subject: "Wrong sign-in codes for your account",
    text: `Someone signed in to your account with its password, then typed wrong codes for the second step (${formatAdminDateTime(Date.now())}, Jamaica time). ${what}\n\nIf it was not you, your password is known to someone else: change it now (${reset}) and tell another admin of the team.`,
    links: [reset],
  };
}

/** Starts the second step of a sign-in whose password was right (the sign-in page's action). */
export async function secondStepRedirect(request: Request, env: CloudflareBindings, pending: PendingSignIn) {
  return redirect("/auth/two-step", { headers: { "Set-Cookie": await startSecondStep(request, env, pending) } });
}
