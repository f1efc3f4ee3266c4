/**
 * The server side of /admin/team (docs/product.md §10 "Team"; decision 010): the team's
 * accounts, open invitations and recent changes, and the forms 'Invite', 'Revoke', 'Make
 * admin', 'Remove admin', 'Delete account' and the two-step rule. Bodies are read through the
 * input gate and checked with the forms' zod schemas (schema.ts); the rules are
 * app/server/team's and app/server/two-step's. Nothing a person sends produces a 500: a refused
 * body or value answers 400, a refused change 404 or 409 with a sentence from TEAM_MESSAGES, a
 * D1 failure 503. A refusal is the form's result (app/forms/result.ts), the action's data itself.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDateTime } from "~/domain/dates";
import { TEAM_MESSAGES, TWO_STEP_MESSAGES, teamChangeText } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { inviteSchema, teamFormSchema, type MemberIntent } from "./schema";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { destroySession, type CurrentSession } from "~/http/session.server";
import { readSmallForm } from "~/http/small-form.server";
import { queueMail } from "~/server/mail";
import { logFailure } from "~/server/platform";
import { changeRole, deleteAccount, inviteMember, listTeam, revokeInvitation } from "~/server/team";
import { readSecondSteps, readTwoStepRequired, setTwoStepRequired } from "~/server/two-step";
import { STEP_UP_FIELD_NAMES, stepUpRefusal } from "../security/step-up.server";

/**
 * The team page's data (admins only): the accounts with their role, whether verified and the
 * last sign-in ('MMM dd, yyyy HH:mm' in Jamaica, or 'Never'), the open invitations, the recent
 * changes as sentences, who is signed in and which second steps they have, and how many admins there are (the page offers no
 * way to remove the last one; the server refuses it anyway).
 */
export async function teamPageLoader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const [team, twoStepRequired, steps] = await Promise.all([
    listTeam(context.db),
    readTwoStepRequired(context.db),
    readSecondSteps(context.db, user.id),
  ]);
  return {
    me: user.id,
    twoStepRequired,
    // The signed-in admin's second steps, for the step-up of 'Make optional'.
    myAuthenticator: steps.authenticator,
    myPasskeys: steps.passkeys.length > 0,
    adminTotal: team.adminTotal,
    accountTotal: team.accountTotal,
    accounts: team.accounts.map((account) => ({
      id: account.id,
      email: account.email,
      admin: account.role === "admin",
      verified: account.verified,
      twoStep: account.twoStep,
      lastSignIn: account.lastSignInAt ? formatAdminDateTime(account.lastSignInAt.getTime()) : "Never",
    })),
    invitations: team.invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      invitedBy: invitation.invitedBy ?? "a deleted account",
      expires: formatAdminDateTime(invitation.expiresAt.getTime()),
    })),
    changes: team.changes.map((change) => ({
      id: change.id,
      when: formatAdminDateTime(change.createdAt.getTime()),
      text: teamChangeText(change.action, change.actor, change.subjectEmail),
    })),
  };
}

/** The form's fields without its step-up (a code or a passkey's answer is never sent back). */
function withoutStepUp(formData: FormData): FormData {
  const kept = new FormData();
  for (const [name, value] of formData.entries()) if (!(STEP_UP_FIELD_NAMES as readonly string[]).includes(name)) kept.append(name, value);
  return kept;
}

/** A form of the team page refused with `message`, its values sent back (none when unreadable). */
const refuse = (formData: FormData | null, status: number, message: string) => data(refusal(formData, message), { status });

/**
 * POST /admin/team (admins only): 'Invite', 'Revoke', 'Make admin', 'Remove admin' and
 * 'Delete account', told apart by `intent`; the two-step rule, made optional only with the
 * admin's current second step in the same form (400 without or wrong, 429 counted out;
 * nothing changed). A success redirects back with its notice (post,
 * redirect, get); removing your own admin access or deleting your own account takes you to
 * the home page instead, signed out after a deletion. A refusal is the form's result with its
 * message: the invite form's own (it has intent "invite"), or one the page shows above its forms.
 */
export async function teamPageAction({ request, context }: ActionFunctionArgs) {
  const session = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(teamFormSchema));
  if (!form.ok) return refuse(null, 400, form.message);
  const { formData } = form;
  if (formData.get("intent") === "invite") return invite(request, context, session, formData);
  const parsed = teamFormSchema.safeParse(Object.fromEntries(formData.entries()));
  if (!parsed.success || parsed.data.intent === "invite") return refuse(formData, 400, TEAM_MESSAGES.requestIncomplete);
  const change = parsed.data;
  try {
    if (change.intent === "two-step-policy") {
      // Making the rule optional asks the admin for a current second step (they have one: while
      // the rule holds, requireAdmin sends an admin without one to the security page).
      if (change.required === "no" && (await readTwoStepRequired(context.db))) {
        const refused = await stepUpRefusal(request, context, session.user.id, change);
        if (refused) return refuse(withoutStepUp(formData), refused.status, refused.message);
      }
      const outcome = await setTwoStepRequired(context.db, session.user, change.required === "yes");
      if (outcome === "enrol-first") return refuse(formData, 409, TWO_STEP_MESSAGES.enrolFirst);
      if (outcome === "unchanged") return refuse(formData, 409, TWO_STEP_MESSAGES.policyUnchanged);
      return backToTeam(request, change.required === "yes" ? "twoStepRequired" : "twoStepOptional");
    }
    const { intent, id } = change;
    if (intent === "revoke") {
      const outcome = await revokeInvitation(context.db, id);
      return outcome === "revoked" ? backToTeam(request, "invitationRevoked") : refuse(formData, 404, TEAM_MESSAGES.invitationGone);
    }
    return await memberChange(request, context, session, formData, { intent, id });
  } catch (error) {
    logFailure("team_change_failed", error, { intent: change.intent });
    return refuse(formData, 503, TEAM_MESSAGES.changeFailed);
  }
}

/** 'Invite': checks the address, stores the invitation, sends its e-mail after the response. */
async function invite(request: Request, context: AppLoadContext, session: CurrentSession, formData: FormData) {
  const submission = parseWithZod(formData, { schema: inviteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const reply = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  try {
    const outcome = await inviteMember(context.db, context.cloudflare.env, {
      email: submission.value.email,
      inviter: { id: session.user.id, email: session.user.email },
    });
    if (outcome.status === "already-admin") return reply(409, TEAM_MESSAGES.alreadyAdmin);
    if (outcome.status === "too-many") return reply(409, TEAM_MESSAGES.tooManyInvitations);
    queueMail(context, outcome.mail, { kind: "account" });
    return backToTeam(request, "invitationSent");
  } catch (error) {
    logFailure("invitation_failed", error);
    return reply(503, TEAM_MESSAGES.inviteFailed);
  }
}

/** 'Make admin', 'Remove admin' or 'Delete account' for account `id`, with its answers. */
async function memberChange(
  request: Request,
  context: AppLoadContext,
  session: CurrentSession,
  formData: FormData,
  { intent, id }: { intent: MemberIntent; id: string },
) {
  const actorUserId = session.user.id;
  const self = id === actorUserId;
  const outcome =
    intent === "delete"
      ? await deleteAccount(context.db, { id, actorUserId })
      : await changeRole(context.db, { id, to: intent === "promote" ? "admin" : "user", actorUserId });
  if (outcome === "not-found") return refuse(formData, 404, TEAM_MESSAGES.accountGone);
  if (outcome === "last-admin") return refuse(formData, 409, TEAM_MESSAGES.lastAdmin);
  if (outcome === "unchanged") return refuse(formData, 409, TEAM_MESSAGES.roleUnchanged);
  if (outcome === "unverified") return refuse(formData, 409, TEAM_MESSAGES.notVerified);
  if (intent === "delete" && self) {
    // The account's sessions went with it; the cookie goes too.
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession(context.db, request, context.cloudflare.env));
    headers.append("Set-Cookie", await commitNotice(request, "ownAccountDeleted"));
    return redirect("/", { headers });
  }
  if (intent === "demote" && self) return redirect("/", { headers: { "Set-Cookie": await commitNotice(request, "leftAdmin") } });
  return backToTeam(request, intent === "delete" ? "accountDeleted" : intent === "promote" ? "promoted" : "demoted");
}

/** Back to /admin/team with `notice` (post, redirect, get). */
async function backToTeam(request: Request, notice: NoticeKey) {
  return redirect("/admin/team", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
}
