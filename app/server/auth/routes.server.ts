/**
 * The request side of the account pages (docs/product.md §2 "Auth page", §4 "Auth", §8): the
 * loaders and actions of /auth (sign in, create an account), /auth/forgot, /auth/reset,
 * /auth/verify and /auth/sign-out. Bodies are read through the input gate (readSmallForm with
 * the form's contract) and checked with the forms' zod schemas (app/forms/auth.ts); the rules
 * themselves live in accounts.server.ts, session.server.ts and permissions.server.ts.
 *
 * What an action answers when it does not redirect is its form's result (app/forms/result.ts),
 * the action's data itself: a refusal (status "error", with the form's message or the fields'
 * messages, never the password sent back) with 400, 403, 429 or 503, or, once the form did its
 * work without leaving the page, status "success" with the form emptied (and, after a sign-in,
 * the admin page to go on to).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "~/domain/staff-messages";
import { authSchema, forgotSchema, resetSchema } from "~/forms/auth";
import { refusal, type FormResult } from "~/forms/result";
import { z } from "~/forms/zod";
import { queueAccountPageMail } from "../mail/queue.server";
import { commitNotice } from "~/http/flash.server";
import { formContract, QUERY_LIMITS } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { allowAuthAttempt, clientKey } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { hasSecondStep } from "../two-step/factors.server";
import { secondStepRedirect } from "../two-step/routes.server";
import { passwordResetMail, recordSignIn, resetPassword, signIn, signUp, userForResetToken, verifyEmail } from "./accounts.server";
import { adminReturnPath, isAdmin } from "~/http/permissions.server";
import { createSession, destroySession, destroyUserSessions, readSession } from "~/http/session.server";

/** What a sign-in with JavaScript answers: its form's success, and the admin page to go on to. */
export type SignedIn = FormResult & { status: "success"; redirectTo: string };

/** A form refused before its schema ran (a limit, an unreadable body): its message, no values. */
const refuse = (status: number, message: string) => data(refusal(null, message), { status });

/**
 * The result of a form that did its work: Conform's reset (the fields empty), with status
 * "success", which the page reads as done (signed in, the reset link sent).
 */
function succeeded(submission: { reply(options: { resetForm: true }): FormResult }): FormResult {
  return { ...submission.reply({ resetForm: true }), status: "success" };
}

/**
 * /auth: who is signed in (their address, or null) and the admin page to return to after
 * signing in (`?redirectTo=`, checked by adminReturnPath; null if none or not ours). An admin
 * who is already signed in goes straight on (a redirect); anyone else signed in is told who
 * they are and can sign out (the admin would only send them back to the home page).
 */
export async function signInPageLoader({ request, context }: LoaderFunctionArgs) {
  const session = await readSession(context.db, request, context.cloudflare.env);
  const redirectTo = adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (session && isAdmin(session.user)) throw redirect(redirectTo ?? "/admin");
  return { signedInAs: session ? session.user.email : null, redirectTo };
}

/**
 * POST /auth: 'Sign in' or 'Create Admin Account' (`mode`), under the per-client limit of the
 * account pages (429). Sign-up answers the same whether or not the address has an account (its
 * owner is e-mailed) and returns to sign-in with 'signedUp'. Sign-in refuses a throttled
 * address or client (429), wrong credentials (400) and an unverified address (403). An account
 * with a second step (a passkey or an authenticator app) goes on to /auth/two-step, with no
 * session yet (app/server/two-step/routes.server.ts). Otherwise it starts a session and goes to
 * the admin page asked for (`redirectTo`) or /admin, with 'signedIn'. When the page was hydrated (`js=1`) it answers "success" with that page as
 * `redirectTo` instead of the redirect, and the page moves on itself. A D1 failure answers 503.
 */
export async function signInPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return refuse(429, AUTH_MESSAGES.tooManyAttempts);
  // `js`: present when the page was hydrated (then the reply is data, not a redirect).
  // `redirectTo`: the admin page to return to (checked by adminReturnPath).
  const form = await readSmallForm(request, formContract(authSchema, { js: 1, redirectTo: QUERY_LIMITS.valueChars }));
  if (!form.ok) return refuse(400, form.message);
  const formData = form.formData;
  const submission = parseWithZod(formData, { schema: authSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { mode, email, password } = submission.value;
  const reply = (status: number, message: string) =>
    data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status });

  try {
    if (mode === "signup") {
      // The same answer whether or not the address has an account (its owner is e-mailed).
      queueAccountPageMail(context, await signUp(context.db, env, email, password));
      return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "signedUp") } });
    }
    const outcome = await signIn(context.db, env, email, password, clientKey(request));
    if (outcome.status === "throttled") return reply(429, AUTH_MESSAGES.signInThrottled);
    if (outcome.status === "invalid") return reply(400, AUTH_MESSAGES.invalidCredentials);
    if (outcome.status === "unverified") return reply(403, AUTH_MESSAGES.notVerified);
    const target = adminReturnPath(formData.get("redirectTo")) ?? "/admin";
    // An account with a passkey or an authenticator app: no session until the second step.
    if (await hasSecondStep(context.db, outcome.user.id))
      return secondStepRedirect(request, env, { userId: outcome.user.id, redirectTo: target });
    await recordSignIn(context.db, outcome.user.id);
    const sessionCookie = await createSession(context.db, request, env, outcome.user.id);
    // With JavaScript the page shows the message, then moves on to `redirectTo` after 0.5 s.
    if (formData.get("js") === "1") {
      const signedIn: SignedIn = { ...succeeded(submission), status: "success", redirectTo: target };
      return data(signedIn, { headers: new Headers({ "Set-Cookie": sessionCookie }) });
    }
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie);
    headers.append("Set-Cookie", await commitNotice(request, "signedIn"));
    return redirect(target, { headers });
  } catch (error) {
    logFailure("auth_failed", error, { mode });
    return reply(503, AUTH_MESSAGES.unexpected);
  }
}

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

/**
 * /auth/verify?token=…: the verification e-mail's link. Verifies the address and returns to
 * sign-in with 'verified', or 'linkInvalid'; past the per-client limit, 'tooManyAttempts'.
 */
export async function verifyLinkLoader({ request, context }: LoaderFunctionArgs) {
  if (!(await allowAuthAttempt(context.cloudflare.env.AUTH_RATE_LIMITER, request))) {
    return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "tooManyAttempts") } });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(context.db, context.cloudflare.env, token);
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, verified ? "verified" : "linkInvalid") } });
}

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
