/**
 * /auth/invite?token=…: the link of a team invitation (docs/product.md §10 "Team"). Shows the
 * address invited and asks for a password (the reset page's field and rule); accepting makes
 * the account a verified admin, signs it in and opens /admin. A link that is unknown, used,
 * revoked or expired shows why and a way on, and changes nothing. Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth/shell";
import { FormStatus } from "~/components/form-status";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { buttonStyles } from "~/components/ui";
import { TEAM_MESSAGES } from "~/domain/texts/staff-messages";
import { pageMeta } from "~/seo";
import { invitationPageAction, invitationPageLoader } from "./invite.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Join the team", description: "Accept an invitation to the admin.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => invitationPageLoader(args);
export const action = (args: ActionFunctionArgs) => invitationPageAction(args);

export default function AcceptInvitation() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthShell title="Join the team">
        <FormStatus tone="error" kind="state">
          {TEAM_MESSAGES.invitationInvalid}
        </FormStatus>
        <Link to="/auth" className={`${buttonStyles.secondary} mt-6 w-full`}>
          Go to sign in
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Join the team">
      <p className="text-slate-700">
        You are invited to the admin as <strong className="font-semibold break-all text-slate-900">{email}</strong>. Choose a password to
        accept: you will be signed in straight away.
      </p>
      <NewPasswordForm
        id="invite-accept"
        path="/auth/invite"
        token={token}
        lastResult={result}
        submitLabel="Accept invitation"
        busyLabel="Joining..."
        className="mt-6"
      />
    </AuthShell>
  );
}
