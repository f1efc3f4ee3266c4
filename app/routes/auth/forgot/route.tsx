/** /auth/forgot: asks for the e-mail address and sends a reset link (if the account exists). */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthShell } from "~/components/auth/shell";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { buttonStyles } from "~/components/ui";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { useIsSubmitting } from "~/components/hooks/use-submission";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { forgotSchema } from "~/forms/auth";
import { pageMeta } from "~/seo";
import { forgotPageAction } from "./forgot.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Reset your password", description: "Reset the password of an admin account.", noindex: true });

export const action = (args: ActionFunctionArgs) => forgotPageAction(args);

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting("/auth/forgot");
  const [form, fields, { action: resultAction, summary }] = useAdminForm(forgotSchema, { id: "forgot", result });
  return (
    <AuthShell title="Reset your password">
      <Form method="post" action={resultAction} {...getFormProps(form)} className="space-y-5">
        <div className="space-y-3" id={form.errorId}>
          {result?.status === "success" ? <FormStatus tone="success">{AUTH_MESSAGES.resetSent}</FormStatus> : null}
          <FormSummary summary={summary} />
        </div>
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <button type="submit" disabled={isSubmitting} className={`${buttonStyles.secondary} w-full`}>
          {isSubmitting ? "Sending..." : "Send reset link"}
        </button>
        <Link to="/auth" className="block text-sm font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </Form>
    </AuthShell>
  );
}
