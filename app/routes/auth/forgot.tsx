/** /auth/forgot: asks for the e-mail address and sends a reset link (if the account exists). */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { FormStatus } from "~/components/form-field";
import { InputField } from "~/components/fields";
import { buttonStyles } from "~/components/ui";
import { useIsSubmitting } from "~/components/use-submission";
import { AUTH_MESSAGES } from "~/domain/messages";
import { forgotSchema } from "~/forms/auth";
import { pageMeta } from "~/seo";
import { passwordResetMail } from "~/server/auth/accounts.server";
import { queueMail } from "~/server/mail/queue.server";
import { formContract } from "~/server/platform/input-gate.server";
import { readSmallForm } from "~/server/platform/small-form.server";
import { allowAuthAttempt, allowResetMail } from "~/server/platform/rate-limit.server";
import { logFailure } from "~/server/platform/log.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Reset your password", description: "Reset the password of an admin account.", noindex: true });

type ForgotData = { result: SubmissionResult<string[]>; sent?: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readSmallForm(request, formContract(forgotSchema));
  if (!form.ok) return data<ForgotData>({ result: { status: "error", error: { "": [form.message] } } }, { status: 400 });
  const submission = parseWithZod(form.formData, { schema: forgotSchema });
  if (submission.status !== "success") return data<ForgotData>({ result: submission.reply() }, { status: 400 });
  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request)))
    return data<ForgotData>({ result: submission.reply({ formErrors: [AUTH_MESSAGES.tooManyAttempts] }) }, { status: 429 });
  try {
    const mail = await passwordResetMail(context.db, env, submission.value.email);
    // Past the per-address limit the answer is the same, but no further mail goes.
    if (mail && (await allowResetMail(env.AUTH_RATE_LIMITER, submission.value.email))) queueMail(context, mail, { kind: "account" });
  } catch (error) {
    logFailure("reset_request_failed", error);
    return data<ForgotData>({ result: submission.reply({ formErrors: [AUTH_MESSAGES.unexpected] }) }, { status: 503 });
  }
  return data<ForgotData>({ result: submission.reply({ resetForm: true }), sent: true });
}

export default function ForgotPassword() {
  const actionData = useActionData<ForgotData>();
  const isSubmitting = useIsSubmitting("/auth/forgot");
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: isSubmitting ? null : actionData?.result,
    constraint: getZodConstraint(forgotSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
  });
  return (
    <AuthShell title="Reset your password">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <div className="space-y-3" id={form.errorId}>
          {actionData?.sent ? <FormStatus tone="success">{AUTH_MESSAGES.resetSent}</FormStatus> : null}
          {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
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
