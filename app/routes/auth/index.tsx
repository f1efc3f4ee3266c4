/**
 * /auth: 'Sign in' and 'Create Admin Account' (docs/product.md §2 "Auth page", §4 "Auth", §8).
 * The mode is in the URL (?mode=signup), so the toggle works without JavaScript.
 * After sign-in: with JavaScript, 'Signed in successfully!' then /admin after 0.5 s; without,
 * straight to /admin. Either way to the admin page asked for before signing in instead, when
 * there is one (`?redirectTo=`, carried by a hidden field). After sign-up: the success text,
 * back in sign-in mode. The sign-up side says that a new account opens the admin only once an
 * admin invites it or makes it an admin (the Team page). A signed-in account without the
 * admin role sees whom it is signed in as, the same, and 'Sign Out'.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { AuthShell } from "~/components/auth-shell";
import { FormStatus } from "~/components/form-field";
import { InputField } from "~/components/fields";
import { buttonStyles } from "~/components/ui";
import { useIsSubmitting } from "~/components/use-submission";
import { AUTH_MESSAGES } from "~/domain/messages";
import { authSchema, type AuthMode } from "~/forms/auth";
import { pageMeta } from "~/seo";
import { signIn, signUp } from "~/server/auth/accounts.server";
import { queueMail } from "~/server/mail/queue.server";
import { formContract, QUERY_LIMITS } from "~/server/platform/input-gate.server";
import { readSmallForm } from "~/server/platform/small-form.server";
import { commitNotice } from "~/server/platform/flash.server";
import { allowAuthAttempt, clientIp } from "~/server/platform/rate-limit.server";
import { adminReturnPath, isAdmin } from "~/server/auth/permissions.server";
import { readSession, createSession } from "~/server/auth/session.server";
import { logFailure } from "~/server/platform/log.server";

/** Milliseconds between the success message and /admin (docs/product.md §9). */
const REDIRECT_AFTER_SIGN_IN_MS = 500;

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Admin sign in", description: "Sign in to the admin area.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await readSession(context.db, request, context.cloudflare.env);
  // The admin page a signed-out visitor asked for (requireAdmin sends it); null if none or not ours.
  const redirectTo = adminReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  // An admin who is already signed in goes straight on; anyone else signed in is told who
  // they are and can sign out (the admin would only send them back to the home page).
  if (session && isAdmin(session.user)) throw redirect(redirectTo ?? "/admin");
  return { signedInAs: session ? session.user.email : null, redirectTo };
}

type AuthActionData = { result: SubmissionResult<string[]>; signedIn?: boolean; redirectTo?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const fail = (status: number, message: string, result?: SubmissionResult<string[]>) =>
    data<AuthActionData>({ result: { ...result, status: "error", error: { ...result?.error, "": [message] } } }, { status });

  if (!(await allowAuthAttempt(env.AUTH_RATE_LIMITER, request))) return fail(429, AUTH_MESSAGES.tooManyAttempts);
  // `js`: present when the page was hydrated (then the reply is data, not a redirect).
  // `redirectTo`: the admin page to return to (checked by adminReturnPath).
  const form = await readSmallForm(request, formContract(authSchema, { js: 1, redirectTo: QUERY_LIMITS.valueChars }));
  if (!form.ok) return fail(400, form.message);
  const formData = form.formData;
  const submission = parseWithZod(formData, { schema: authSchema });
  if (submission.status !== "success") {
    return data<AuthActionData>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { mode, email, password } = submission.value;
  const reply = (message: string) => submission.reply({ formErrors: [message], hideFields: ["password"] });

  try {
    if (mode === "signup") {
      // The same answer whether or not the address has an account (its owner is e-mailed).
      queueMail(context, await signUp(context.db, env, email, password), { kind: "account" });
      return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "signedUp") } });
    }
    const outcome = await signIn(context.db, env, email, password, clientIp(request));
    if (outcome.status === "throttled") return data<AuthActionData>({ result: reply(AUTH_MESSAGES.signInThrottled) }, { status: 429 });
    if (outcome.status === "invalid") return data<AuthActionData>({ result: reply(AUTH_MESSAGES.invalidCredentials) }, { status: 400 });
    if (outcome.status === "unverified") return data<AuthActionData>({ result: reply(AUTH_MESSAGES.notVerified) }, { status: 403 });
    const sessionCookie = await createSession(context.db, request, env, outcome.user.id);
    const target = adminReturnPath(formData.get("redirectTo")) ?? "/admin";
    // With JavaScript the page shows the message, then moves on after 0.5 s.
    if (formData.get("js") === "1") {
      const headers = new Headers({ "Set-Cookie": sessionCookie });
      return data<AuthActionData>({ result: submission.reply({ resetForm: true }), signedIn: true, redirectTo: target }, { headers });
    }
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie);
    headers.append("Set-Cookie", await commitNotice(request, "signedIn"));
    return redirect(target, { headers });
  } catch (error) {
    logFailure("auth_failed", error, { mode });
    return data<AuthActionData>({ result: reply(AUTH_MESSAGES.unexpected) }, { status: 503 });
  }
}

export default function AuthPage() {
  const { signedInAs, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData>();
  const [searchParams] = useSearchParams();
  // Just signed in with JavaScript: the loaders run again (and see the session) while the
  // form still shows its success message and moves on to /admin.
  if (signedInAs && !actionData?.signedIn) return <SignedInWithoutAccess email={signedInAs} />;
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
  const actionData = useActionData<AuthActionData>();
  const isSubmitting = useIsSubmitting("/auth");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (!actionData?.signedIn) return;
    const timer = setTimeout(() => navigate(actionData.redirectTo ?? "/admin"), REDIRECT_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  const [form, fields] = useForm({
    id: `auth-${mode}`,
    lastResult: isSubmitting ? null : actionData?.result,
    constraint: getZodConstraint(authSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authSchema }),
  });

  return (
    // The return path stays in the URL too: after the action, the page's loaders run for the
    // form's action URL, and an admin signed in there is sent on to it.
    <Form method="post" action={redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth"} {...getFormProps(form)}>
      <div className="space-y-3 [&:not(:empty)]:mb-5" id={form.errorId}>
        {actionData?.signedIn ? <FormStatus tone="success">{AUTH_MESSAGES.signInSuccess}</FormStatus> : null}
        {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
      </div>
      {mode === "signup" ? <p className="mb-5 text-sm text-slate-700">{AUTH_MESSAGES.signUpAdminNote}</p> : null}
      <fieldset disabled={isSubmitting || actionData?.signedIn} className="space-y-5">
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
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        {mode === "signup" ? (
          <Link to="/auth" className="font-semibold text-brand-700 hover:underline">
            Already have an account? Sign in
          </Link>
        ) : (
          <>
            <Link to="/auth?mode=signup" className="font-semibold text-brand-700 hover:underline">
              Create Admin Account
            </Link>
            <Link to="/auth/forgot" className="text-slate-600 hover:underline">
              Forgot password?
            </Link>
          </>
        )}
      </div>
    </Form>
  );
}
