/**
 * The end of a sign-in, shared by the account pages (docs/decisions/015-two-step-sign-in.md):
 * going on to the second step when the password (or an invitation) was right but the account
 * has a passkey or an authenticator app (/auth, /auth/invite), and finishing a sign-in once the
 * second step or a passkey is done (/auth/two-step, /auth/passkey).
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { endSecondStep, secondStepBegan, startSecondStep, type PendingSignIn } from "~/http/pending-sign-in.server";
import { createSession } from "~/http/session.server";
import { recordSignIn } from "~/server/auth";

/** Starts the second step of a sign-in whose password was right: a redirect to /auth/two-step carrying the half-finished sign-in. */
export async function secondStepRedirect(request: Request, env: CloudflareBindings, pending: PendingSignIn) {
  return redirect("/auth/two-step", { headers: { "Set-Cookie": await startSecondStep(request, env, pending) } });
}

/**
 * The headers that finish a sign-in: a new session, the half-finished sign-in gone, and
 * `notice` for the next page. The sign-in is recorded as the account's last.
 */
export async function finishSignIn(context: AppLoadContext, request: Request, userId: string, notice: NoticeKey): Promise<Headers> {
  const { env } = context.cloudflare;
  await recordSignIn(context.db, userId);
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(context.db, request, env, userId));
  headers.append("Set-Cookie", await endSecondStep(request, env));
  headers.append("Set-Cookie", await commitNotice(request, notice));
  return headers;
}

/** Back to /auth: with 'not finished within 5 minutes' when a half-finished sign-in had begun here. */
export async function signInAgain(request: Request) {
  return redirect(
    "/auth",
    secondStepBegan(request) ? { headers: { "Set-Cookie": await commitNotice(request, "twoStepExpired") } } : undefined,
  );
}
