/**
 * /auth/reset?token=…: choose a new password from a reset link (single use, one hour).
 * Success ends every session of the account and returns to sign-in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth/shell";
import { FormStatus } from "~/components/form-status";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { buttonStyles } from "~/components/ui";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { pageMeta } from "~/seo";
import { resetPageAction, resetPageLoader } from "./reset.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Choose a new password", description: "Choose a new password.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => resetPageLoader(args);
export const action = (args: ActionFunctionArgs) => resetPageAction(args);

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthShell title="Choose a new password">
        <FormStatus tone="error" kind="state">
          {AUTH_MESSAGES.linkInvalid}
        </FormStatus>
        <Link to="/auth/forgot" className={`${buttonStyles.secondary} mt-6 w-full`}>
          Send a new link
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Choose a new password">
      <NewPasswordForm
        id="reset"
        path="/auth/reset"
        token={token}
        lastResult={result}
        submitLabel="Set new password"
        busyLabel="Saving..."
      />
    </AuthShell>
  );
}
