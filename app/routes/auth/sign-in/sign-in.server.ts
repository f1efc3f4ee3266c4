/**
 * The server side of /auth (docs/product.md §2 "Auth page", §4 "Accounts", §8): who is signed in,
 * and 'Sign in' or 'Create Admin Account'. The body is read through the input gate
 * (readSmallForm with the form's contract) and checked with authSchema (app/forms/auth.ts); the
 * rules are app/server/auth's. A refusal is the form's result with 400, 403, 429 or 503.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { authSchema } from "~/forms/auth";
import type { FormResult } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { formContract, QUERY_LIMITS } from "~/http/input-gate.server";
import { adminReturnPath, isAdmin } from "~/http/permissions.server";
import { allowAuthAttempt, clientKey } from "~/http/rate-limit.server";
import { createSession, readSession } from "~/http/session.server";
import { readSmallForm } from "~/http/small-form.server";
import { recordSignIn, signIn, signUp } from "~/server/auth";
import { queueAccountPageMail } from "~/server/mail";
import { logFailure } from "~/server/platform";
import { hasSecondStep } from "~/server/two-step";
import { refuse, succeeded } from "../+shared/form-replies.server";
import { secondStepRedirect } from "../+shared/sign-in.server";

/** What a sign-in with JavaScript answers: its form's success, and the admin page to go on to. */
export type SignedIn = FormResult & { status: "success"; redirectTo: string };

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
 * session yet (app/routes/auth/+shared/sign-in.server.ts). Otherwise it starts a session and
 * goes to the admin page asked for (`redirectTo`) or /admin, with 'signedIn'. When the page was
 * hydrated (`js=1`) it answers "success" with that page as `redirectTo` instead of the
 * redirect, and the page moves on itself. A D1 failure answers 503.
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
