/**
 * /auth/reset?token=…: choose a new password from a reset link (single use, one hour).
 * Success ends every session of the account and returns to sign-in.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { FormStatus } from "~/components/form-field";
import { NewPasswordForm } from "~/components/new-password-form";
import { buttonStyles } from "~/components/ui";
import { AUTH_MESSAGES } from "~/domain/messages";
import { resetSchema } from "~/forms/auth";
import { pageMeta } from "~/seo";
import { resetPassword, userForResetToken } from "~/server/auth/accounts.server";
import { commitNotice } from "~/server/platform/flash.server";
import { formContract } from "~/server/platform/input-gate.server";
import { allowAuthAttempt } from "~/server/platform/rate-limit.server";
import { readSmallForm } from "~/server/platform/small-form.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Choose a new password", description: "Choose a new password.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await userForResetToken(context.db, context.cloudflare.env, token);
  return { token: user ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string) =>
    data<{ result: SubmissionResult<string[]> }>({ result: { status: "error", error: { "": [message] } } }, { status });
  if (!(await allowAuthAttempt(context.cloudflare.env.AUTH_RATE_LIMITER, request))) return refuse(429, AUTH_MESSAGES.tooManyAttempts);
  const form = await readSmallForm(request, formContract(resetSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: resetSchema });
  if (submission.status !== "success") {
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const changed = await resetPassword(context.db, context.cloudflare.env, submission.value.token, submission.value.password);
  if (!changed) {
    return data<{ result: SubmissionResult<string[]> }>(
      { result: submission.reply({ formErrors: [AUTH_MESSAGES.linkInvalid], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "passwordChanged") } });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthShell title="Choose a new password">
        <FormStatus tone="error">{AUTH_MESSAGES.linkInvalid}</FormStatus>
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
        lastResult={actionData?.result}
        submitLabel="Set new password"
        busyLabel="Saving..."
      />
    </AuthShell>
  );
}
