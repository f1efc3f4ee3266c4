/**
 * /auth/two-step: the second step of a sign-in whose password was right
 * (docs/decisions/015-two-step-sign-in.md). The code from the authenticator app, or a
 * recovery code (?method=recovery, so the switch works without JavaScript), or, with
 * JavaScript, the account's passkey. No session exists until one of them is done; after
 * TWO_STEP.pendingMinutes the sign-in starts again at /auth.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthShell } from "~/components/auth/shell";
import { FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { PasskeySignInButton } from "~/components/auth/passkey-sign-in";
import { buttonStyles } from "~/components/ui";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { useIsSubmitting } from "~/components/hooks/use-submission";
import { TWO_STEP } from "~/domain/limits";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { authenticatorStepSchema, recoveryStepSchema } from "~/forms/two-step";
import { pageMeta } from "~/seo";
import { secondStepPageAction, secondStepPageLoader } from "./two-step.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Two-step sign-in", description: "The second step of signing in to the admin area.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => secondStepPageLoader(args);
export const action = (args: ActionFunctionArgs) => secondStepPageAction(args);

export default function SecondStepPage() {
  const { method, authenticator, passkey } = useLoaderData<typeof loader>();
  return (
    <AuthShell title="Two-step sign-in">
      <p className="mb-5 text-sm text-slate-700">
        {`Your password was right. Finish signing in within ${TWO_STEP.pendingMinutes} minutes with your second step.`}
      </p>
      {passkey ? <PasskeyStep /> : null}
      {passkey ? <p className="my-5 text-center text-xs font-semibold tracking-wide text-slate-500 uppercase">or</p> : null}
      <CodeForm key={method} method={method} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        {method === "authenticator" ? (
          <Link to="?method=recovery" className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
            Use a recovery code instead
          </Link>
        ) : authenticator ? (
          <Link to="?method=authenticator" className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
            Use your authenticator app instead
          </Link>
        ) : (
          <span />
        )}
        <Link to="/auth" className="inline-flex min-h-6 items-center text-slate-600 hover:underline">
          Cancel and start again
        </Link>
      </div>
    </AuthShell>
  );
}

/** The code form: six digits from the app, or a recovery code. */
function CodeForm({ method }: { method: "authenticator" | "recovery" }) {
  const result = useActionData<typeof action>();
  const isSubmitting = useIsSubmitting("/auth/two-step");
  const schema = method === "authenticator" ? authenticatorStepSchema : recoveryStepSchema;
  const [form, fields, { summary }] = useAdminForm(schema, { id: `two-step-${method}`, result });
  return (
    // No `#result`, as on the sign-in form: the admin page after the second step opens at its top.
    <Form method="post" {...getFormProps(form)}>
      <div className="[&:not(:empty)]:mb-5" id={form.errorId}>
        <FormSummary summary={summary} />
      </div>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <input type="hidden" name="intent" value={method} />
        {method === "authenticator" ? (
          <InputField
            meta={fields.code}
            label="Code from your authenticator app"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="Six digits; a new code comes every 30 seconds."
          />
        ) : (
          <InputField
            meta={fields.recoveryCode}
            label="Recovery code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="One of the ten codes you saved, like ABCDE-FGHJK. Each works once."
          />
        )}
        <button type="submit" className={`${buttonStyles.secondary} w-full`}>
          {isSubmitting ? "Checking..." : method === "authenticator" ? "Verify" : "Use recovery code"}
        </button>
      </fieldset>
    </Form>
  );
}

/** 'Use your passkey' with JavaScript and a browser that has passkeys; otherwise a sentence why not. */
function PasskeyStep() {
  return (
    <PasskeySignInButton
      label="Use your passkey"
      look="primary"
      redirectTo={null}
      unavailable={(hydrated) => (
        <p className={`${hydrated ? "" : "hidden noscript:block"} rounded-lg bg-slate-50 p-3 text-sm text-slate-700`}>
          {TWO_STEP_MESSAGES.passkeyUnavailable}
        </p>
      )}
    />
  );
}
