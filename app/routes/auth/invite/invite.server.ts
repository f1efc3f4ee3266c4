/**
 * The server side of /auth/invite (docs/decisions/010-team-invitations.md): the invitation
 * link's page, where the invited person chooses a password and joins the team. The body is
 * read through the input gate and checked with resetSchema (app/forms/auth.ts, the reset
 * page's fields and rule); the invitation's rules are app/server/team's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AUTH_MESSAGES, TEAM_MESSAGES } from "~/domain/texts/staff-messages";
import { resetSchema } from "~/forms/auth";
import { passwordProblems } from "~/forms/password";
import { refusal } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { createSession, destroySession } from "~/http/session.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure } from "~/server/platform";
import { acceptInvitation, openInvitation } from "~/server/team";
import { hasSecondStep } from "~/server/two-step";
import { secondStepRedirect } from "../+shared/sign-in.server";

/**
 * The invitation page's data: the token and the address it invites while the invitation is
 * open; both null for a link that is unknown, used, revoked or expired.
 */
export async function invitationPageLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await openInvitation(context.db, token);
  return invitation ? { token, email: invitation.email } : { token: null, email: null };
}

/**
 * POST /auth/invite: accepts the invitation with the chosen password (the reset page's fields
 * and rule, and not the address itself), under the per-client limit of the account pages.
 * Success: the account is a verified admin, any other session of it has ended, a new session
 * starts and the browser goes to /admin with 'Welcome to the team!'; an account that has a
 * second step goes to /auth/two-step first, with no session yet. A link no longer open
 * answers 400 with the invitation's own message; nothing changes. A refusal is the form's
 * result, the password never sent back.
 */
export async function invitationPageAction({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return data(refusal(null, AUTH_MESSAGES.tooManyAttempts), { status: 429 });
  const form = await readSmallForm(request, formContract(resetSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: resetSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { token, password } = submission.value;
  const reply = (status: number, options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data(submission.reply({ ...options, hideFields: ["password"] }), { status });
  try {
    const invitation = await openInvitation(context.db, token);
    if (!invitation) return reply(400, { formErrors: [TEAM_MESSAGES.invitationInvalid] });
    const problems = passwordProblems(password, invitation.email);
    if (problems.length > 0) return reply(400, { fieldErrors: { password: problems } });
    const outcome = await acceptInvitation(context.db, token, password);
    if (outcome.status === "invalid") return reply(400, { formErrors: [TEAM_MESSAGES.invitationInvalid] });
    // Whoever was signed in on this browser before is signed out: the browser now belongs to the new admin.
    await destroySession(context.db, request, env);
    // An account that has a passkey or an authenticator app still needs it: the link is not one.
    if (await hasSecondStep(context.db, outcome.userId))
      return secondStepRedirect(request, env, { userId: outcome.userId, redirectTo: "/admin" });
    const headers = new Headers();
    headers.append("Set-Cookie", await createSession(context.db, request, env, outcome.userId));
    headers.append("Set-Cookie", await commitNotice(request, "joined"));
    return redirect("/admin", { headers });
  } catch (error) {
    logFailure("invitation_accept_failed", error);
    return reply(503, { formErrors: [AUTH_MESSAGES.unexpected] });
  }
}
