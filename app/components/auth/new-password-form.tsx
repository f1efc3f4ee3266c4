/**
 * The form of the pages an e-mailed link opens to choose a password (/auth/reset,
 * /auth/invite): the link's token in a hidden field and one 'New password', checked with the
 * same schema in the browser and on the server (`resetSchema`, app/forms/auth.ts; the rule is
 * app/forms/password.ts). A plain POST to the page, so it works without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { resetSchema } from "~/forms/auth";
import type { FormResult } from "~/forms/result";
import { InputField } from "~/components/fields";
import { FormSummary } from "~/components/form-status";
import { buttonStyles } from "~/components/ui";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { useIsSubmitting } from "~/components/hooks/use-submission";

export function NewPasswordForm(props: {
  /** Conform's form id. */
  id: string;
  /** The page's path (without the query): the form is busy while a post to it is under way. */
  path: string;
  token: string;
  /** The action's last result (a refused form), if any. */
  lastResult: FormResult | undefined;
  submitLabel: string;
  busyLabel: string;
  className?: string;
}) {
  const isSubmitting = useIsSubmitting(props.path);
  const [form, fields, { summary }] = useAdminForm(resetSchema, { id: props.id, result: props.lastResult });
  return (
    // No `#result`, as on the sign-in form: a short page whose banner is above the fields, and the
    // admin page after it (a reset, an accepted invitation) opens at its top.
    <Form method="post" {...getFormProps(form)} className={props.className ? `space-y-5 ${props.className}` : "space-y-5"}>
      <div id={form.errorId}>
        <FormSummary summary={summary} />
      </div>
      <input type="hidden" name="token" value={props.token} />
      <InputField meta={fields.password} label="New password" type="password" autoComplete="new-password" />
      <button type="submit" disabled={isSubmitting} className={`${buttonStyles.secondary} w-full`}>
        {isSubmitting ? props.busyLabel : props.submitLabel}
      </button>
    </Form>
  );
}
