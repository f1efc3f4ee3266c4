/**
 * /auth: 'Sign in' and 'Create Admin Account' (docs/product.md §2 "Auth page", §4 "Accounts", §8).
 * The mode is in the URL (?mode=signup), so the toggle works without JavaScript.
 * After sign-in: with JavaScript, 'Signed in successfully!' then /admin after 0.5 s; without,
 * straight to /admin. Either way to the admin page asked for before signing in instead, when
 * there is one (`?redirectTo=`, carried by a hidden field). After sign-up: the success text,
 * back in sign-in mode. The sign-up side says that a new account opens the admin only once an
 * admin invites it or makes it an admin (the Team page). A signed-in account without the
 * admin role sees whom it is signed in as, the same, and 'Sign Out'.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { AuthShell } from "~/components/auth/shell";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { PasskeySignInButton } from "~/components/auth/passkey-sign-in";
import { buttonStyles } from "~/components/ui";
import { useIsSubmitting } from "~/components/hooks/use-submission";
import { AUTH_MESSAGES } from "~/domain/texts/staff-messages";
import { authSchema, type AuthMode } from "~/forms/auth";
import { pageMeta } from "~/seo";
import { signInPageAction, signInPageLoader, type SignedIn } from "./sign-in.server";

/** Milliseconds between the success message and /admin (docs/product.md §9). */
const REDIRECT_AFTER_SIGN_IN_MS = 500;

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Admin sign in", description: "Sign in to the admin area.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => signInPageLoader(args);
export const action = (args: ActionFunctionArgs) => signInPageAction(args);

export default function AuthPage() {
  const { signedInAs, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  // Just signed in with JavaScript: the loaders run again (and see the session) while the
  // form still shows its success message and moves on to /admin.
  if (signedInAs && result?.status !== "success") return <SignedInWithoutAccess email={signedInAs} />;
  const mode: AuthMode = searchParams.get("mode") === "signup" ? "signup" : "signin";
  return (
    <AuthShell title={mode === "signup" ? "Create Admin Account" : "Sign in"}>
      <AuthForm key={mode} mode={mode} redirectTo={redirectTo} />
    </AuthShell>
  );
}

/** A signed-in account without the admin role: who it is, and the way out. Works without JavaScript. */
function SignedInWithoutAccess({ email }: { email: string }) {
  return (
    <AuthShell title="Signed in">
      <p className="text-slate-700">
        Signed in as <strong className="font-semibold text-slate-900">{email}</strong>.
      </p>
      <p className="mt-3 text-slate-700">{AUTH_MESSAGES.noAdminAccess}</p>
      <Form method="post" action="/auth/sign-out" className="mt-6">
        <button type="submit" className={`${buttonStyles.secondary} w-full`}>
          Sign Out
        </button>
      </Form>
    </AuthShell>
  );
}

function AuthForm({ mode, redirectTo }: { mode: AuthMode; redirectTo: string | null }) {
  const result = useActionData<typeof action>();
  // A success answers a sign-in with JavaScript: signed in, on to the admin page it names.
  const next = result?.status === "success" ? (result as SignedIn).redirectTo : null;
  const signedIn = next !== null;
  const isSubmitting = useIsSubmitting("/auth");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => navigate(next), REDIRECT_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [result, next, navigate]);

  const [form, fields, { summary }] = useAdminForm(authSchema, { id: `auth-${mode}`, result });

  return (
    // The return path stays in the URL too: after the action, the page's loaders run for the
    // form's action URL, and an admin signed in there is sent on to it. No `#result`: the form is
    // the top of a short page, its banner above the fields, and the admin page after a sign-in
    // opens at its top.
    <Form method="post" action={redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"} {...getFormProps(form)}>
      <div className="space-y-3 [&:not(:empty)]:mb-5" id={form.errorId}>
        {signedIn ? <FormStatus tone="success">{AUTH_MESSAGES.signInSuccess}</FormStatus> : null}
        <FormSummary summary={summary} />
      </div>
      {mode === "signup" ? <p className="mb-5 text-sm text-slate-700">{AUTH_MESSAGES.signUpAdminNote}</p> : null}
      <fieldset disabled={isSubmitting || signedIn} className="space-y-5">
        <input type="hidden" name="mode" value={mode} />
        {redirectTo && mode === "signin" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
        />
        <button type="submit" className={`${buttonStyles.secondary} w-full`}>
          {isSubmitting
            ? mode === "signup"
              ? "Creating account..."
              : "Signing in..."
            : mode === "signup"
              ? "Create Admin Account"
              : "Sign in"}
        </button>
      </fieldset>
      {mode === "signin" && !signedIn ? <PasskeySignIn redirectTo={redirectTo} /> : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        {mode === "signup" ? (
          <Link to="/auth" className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
            Already have an account? Sign in
          </Link>
        ) : (
          <>
            <Link to="/auth?mode=signup" className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
              Create Admin Account
            </Link>
            <Link to="/auth/forgot" className="inline-flex min-h-6 items-center text-slate-600 hover:underline">
              Forgot password?
            </Link>
          </>
        )}
      </div>
    </Form>
  );
}

/**
 * 'Sign in with a passkey' (no password; docs/decisions/015-two-step-sign-in.md); without
 * JavaScript, a sentence that says it needs it; in a browser without passkeys, nothing.
 */
function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  return (
    <PasskeySignInButton
      label="Sign in with a passkey"
      look="outline"
      redirectTo={redirectTo}
      className="mt-4"
      unavailable={(hydrated) =>
        hydrated ? null : <p className="mt-4 hidden text-sm text-slate-600 noscript:block">Signing in with a passkey needs JavaScript.</p>
      }
    />
  );
}
