/**
 * /admin/team (docs/product.md §10 "Team"): the accounts (role, verified, two-step sign-in, last
 * sign-in), 'Invite' a colleague by e-mail, whether two-step sign-in is required of every admin, the pending invitations with 'Revoke', the role changes ('Make admin',
 * 'Remove admin', 'Delete account' with a confirmation step) and 'Recent changes'. Admins only;
 * every form is a plain POST to this page, so it all works without JavaScript. On a phone each
 * account is a stacked card; from `md` the accounts line up in columns.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, Button, Card, Disclosure, PageHeader, PostButton, SectionTitle, useBusy } from "~/components/admin/kit";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { INVITATION_TTL_HOURS } from "~/domain/limits";
import { readResult, type FormResult } from "~/forms/result";
import { StepUpForm } from "../security/step-up-form";
import { inviteSchema, type MemberIntent } from "./schema";
import { teamPageAction, teamPageLoader } from "./team.server";

export const loader = (args: LoaderFunctionArgs) => teamPageLoader(args);
export const action = (args: ActionFunctionArgs) => teamPageAction(args);

type TeamPage = Awaited<ReturnType<typeof loader>>;
type Account = TeamPage["accounts"][number];

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The invite form shows its own result; any other refusal ('Revoke' of an invitation that is
  // gone, a role change) is shown above the forms.
  const sent = readResult(result);
  const inviteResult = sent.value("intent") === "invite" ? result : undefined;
  const refused = inviteResult ? undefined : sent.error("");
  const busy = useBusy();
  return (
    <section aria-labelledby="team-heading" className="space-y-8">
      <PageHeader
        id="team-heading"
        title="Team"
        lead="Admins work through the quote requests and messages. Invite a colleague by e-mail, or make an existing account an admin."
      />
      {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
      {/* Keyed by the newest change, so the field empties once an invitation has gone out. */}
      <InviteForm key={page.changes[0]?.id ?? "none"} result={inviteResult} busy={busy} />
      <TwoStepPolicy required={page.twoStepRequired} authenticator={page.myAuthenticator} passkeys={page.myPasskeys} />
      <Accounts page={page} />
      <Invitations invitations={page.invitations} />
      <RecentChanges changes={page.changes} />
    </section>
  );
}

function InviteForm({ result, busy }: { result: FormResult | undefined; busy: boolean }) {
  const navigation = useNavigation();
  const inviting = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields, { action: resultAction, summary }] = useAdminForm(inviteSchema, { id: "invite", result, intent: "invite" });
  return (
    <Card title="Invite a colleague" titleId="invite-heading">
      <Form method="post" action={resultAction} {...getFormProps(form)}>
        <div id={form.errorId} className="[&:not(:empty)]:mb-4">
          <FormSummary summary={summary} />
        </div>
        <input type="hidden" name="intent" value="invite" />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <InputField
            meta={fields.email}
            label="Email"
            type="email"
            autoComplete="off"
            className="min-w-0 sm:max-w-md sm:flex-1"
            hint={`They get a link that works once, for ${INVITATION_TTL_HOURS} hours, to choose a password and join as an admin.`}
          />
          <Button disabled={busy} className="sm:mt-7">
            {inviting ? "Inviting..." : "Invite"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * Whether every admin must use two-step sign-in, and the button that changes it. Requiring it
 * sends each admin without a passkey or an authenticator app to the Security page first. Making
 * it optional first asks for the admin's current second step (../security/step-up-form.tsx), whose
 * kinds are `authenticator` and `passkeys`.
 */
function TwoStepPolicy({ required, authenticator, passkeys }: { required: boolean; authenticator: boolean; passkeys: boolean }) {
  return (
    <Card title="Two-step sign-in" titleId="two-step-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700" data-testid="two-step-policy">
          {required
            ? "Required: every admin signs in with a passkey, or a password and a code from an authenticator app."
            : "Optional: each admin chooses on the Security page. Require it to protect the customers' details from a stolen password."}
        </p>
        {required ? (
          <Disclosure look="button" summary="Make optional">
            <StepUpForm
              fields={{ intent: "two-step-policy", required: "no" }}
              authenticator={authenticator}
              passkeys={passkeys}
              variant="danger"
              prompt="Make two-step sign-in optional? Admins may then remove their second step and sign in with a password alone. First confirm it is you."
            >
              Yes, make it optional
            </StepUpForm>
          </Disclosure>
        ) : (
          <PostButton fields={{ intent: "two-step-policy", required: "yes" }}>Require for every admin</PostButton>
        )}
      </div>
    </Card>
  );
}

/** The accounts: stacked cards on a phone, columns from `md` (one markup for both). */
function Accounts({ page }: { page: TeamPage }) {
  const hidden = page.accountTotal - page.accounts.length;
  const columns =
    "md:grid md:grid-cols-[minmax(0,2.2fr)_minmax(0,0.8fr)_minmax(0,0.9fr)_minmax(0,0.9fr)_minmax(0,1.3fr)_minmax(0,2fr)] md:gap-4";
  return (
    <section aria-labelledby="accounts-heading" className="space-y-3">
      <SectionTitle id="accounts-heading">{`Accounts (${page.accountTotal})`}</SectionTitle>
      <div
        aria-hidden="true"
        className={`hidden px-4 text-xs font-semibold tracking-wide text-slate-600 uppercase ${columns} md:items-end`}
      >
        <span>Email</span>
        <span>Role</span>
        <span>Verified</span>
        <span>Two-step</span>
        <span>Last sign-in</span>
        <span>Actions</span>
      </div>
      <ul className="space-y-3" data-testid="team-accounts">
        {page.accounts.map((account) => (
          <Card as="li" compact key={account.id} data-testid="team-account" className={`${columns} md:items-center`}>
            <p className="font-semibold break-all text-slate-900">
              {account.email}
              {account.id === page.me ? <span className="ml-1.5 font-normal text-slate-600">(you)</span> : null}
            </p>
            <Detail label="Role">
              <Badge tone={account.admin ? "default" : "secondary"}>{account.admin ? "Admin" : "Account"}</Badge>
            </Detail>
            <Detail label="Verified">{account.verified ? "Verified" : "Not verified"}</Detail>
            <Detail label="Two-step">{account.twoStep ? "On" : "Off"}</Detail>
            <Detail label="Last sign-in">{account.lastSignIn}</Detail>
            <MemberActions account={account} self={account.id === page.me} lastAdmin={account.admin && page.adminTotal <= 1} />
          </Card>
        ))}
      </ul>
      {hidden > 0 ? (
        <p className="text-sm text-slate-600">
          {hidden.toLocaleString("en-US")} older {hidden === 1 ? "account is" : "accounts are"} not shown.
        </p>
      ) : null}
    </section>
  );
}

/** A value with its label on a phone; from `md` the column heading names it. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-slate-700 md:mt-0">
      <span className="font-semibold text-slate-600 md:sr-only">{label}:</span>
      {children}
    </p>
  );
}

/** One account's buttons: the role change it allows, and 'Delete account' behind a confirmation. */
function MemberActions({ account, self, lastAdmin }: { account: Account; self: boolean; lastAdmin: boolean }) {
  if (lastAdmin) {
    return <p className="mt-3 text-sm text-slate-600 md:mt-0">The last admin: make another account an admin to change this one.</p>;
  }
  return (
    <div className="mt-3 flex flex-wrap items-start gap-2 md:mt-0">
      {!account.admin && !account.verified ? (
        <p className="text-sm text-slate-600">Not verified: to make it an admin, invite the address.</p>
      ) : !account.admin ? (
        <MemberButton id={account.id} intent="promote">
          Make admin
        </MemberButton>
      ) : self ? (
        <Disclosure look="button" summary="Remove admin">
          <p>Remove your own admin access? You leave the admin at once; another admin can give it back.</p>
          <MemberButton id={account.id} intent="demote" variant="danger">
            Yes, remove my admin access
          </MemberButton>
        </Disclosure>
      ) : (
        <MemberButton id={account.id} intent="demote" variant="secondary">
          Remove admin
        </MemberButton>
      )}
      <Disclosure look="button" summary="Delete account">
        <p>
          {self ? "Delete your own account? You are signed out at once." : `Delete ${account.email}? Every session of it ends.`} This cannot
          be undone; the history keeps the address.
        </p>
        <MemberButton id={account.id} intent="delete" variant="danger">
          Yes, delete account
        </MemberButton>
      </Disclosure>
    </div>
  );
}

/** A one-button form posting `intent` for the account or invitation `id`. */
function MemberButton({
  id,
  intent,
  variant,
  label,
  children,
}: {
  id: string;
  intent: MemberIntent | "revoke";
  variant?: "secondary" | "danger";
  label?: string;
  children: ReactNode;
}) {
  return (
    <PostButton fields={{ intent, id }} variant={variant} label={label}>
      {children}
    </PostButton>
  );
}

function Invitations({ invitations }: { invitations: TeamPage["invitations"] }) {
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <SectionTitle id="invitations-heading">{`Pending invitations (${invitations.length})`}</SectionTitle>
      {invitations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="space-y-3" data-testid="team-invitations">
          {invitations.map((invitation) => (
            <Card
              as="li"
              compact
              key={invitation.id}
              data-testid="team-invitation"
              className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900">{invitation.email}</p>
                <p className="mt-1 text-sm break-words text-slate-600">
                  {`Invited by ${invitation.invitedBy} · Expires ${invitation.expires}`}
                </p>
              </div>
              <MemberButton id={invitation.id} intent="revoke" variant="secondary" label={`Revoke the invitation of ${invitation.email}`}>
                Revoke
              </MemberButton>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentChanges({ changes }: { changes: TeamPage["changes"] }) {
  return (
    <Card title="Recent changes" titleId="changes-heading">
      {changes.length === 0 ? (
        <p className="text-slate-600">No changes yet.</p>
      ) : (
        <ol className="space-y-2 text-sm text-slate-700" data-testid="team-changes">
          {changes.map((change) => (
            <li key={change.id} className="break-words">
              <span className="whitespace-nowrap text-slate-600">{change.when}</span> {`— ${change.text}`}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
