/**
 * /admin/security: the signed-in admin's two-step sign-in (docs/decisions/015-two-step-sign-in.md).
 * Passkeys (add with JavaScript; the page says so without it; remove), the authenticator app
 * (scan the QR code or type the key, confirm with a code; remove) and the recovery codes (how
 * many are left; new ones). New recovery codes are shown once, on the answer to the form that
 * made them, where the user is, with 'Download as text', 'Copy' and 'Print'
 * (app/components/auth/recovery-codes.tsx). Removing a second step and making new codes first ask
 * for a current one in the same form (step-up-form.tsx): a code from the app, or a passkey; so
 * does adding a passkey or the app to an account that has a second step (a first one needs none).
 * Every form but 'Add a passkey' and 'Confirm with a passkey' is a plain POST, so it works without JavaScript.
 * While the team requires two-step sign-in, an admin without it lands here first.
 */
import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Button, buttonClass, Card, Disclosure, PageHeader, useBusy } from "~/components/admin/kit";
import { FormStatus, FormSummary } from "~/components/form-status";
import { InputField } from "~/components/fields";
import { passkeysSupported, registerPasskey } from "~/components/auth/passkey-client";
import { RecoveryCodesPanel } from "~/components/auth/recovery-codes";
import { useAdminForm } from "~/components/hooks/use-admin-form";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { TWO_STEP } from "~/domain/limits";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { readResult, type FormResult } from "~/forms/result";
import { addAuthenticatorSchema } from "~/forms/two-step";
import { pageMeta } from "~/seo";
import { securityPageAction, securityPageLoader, type AuthenticatorSetup, type NewRecoveryCodes } from "./security.server";
import { passkeyStepUpAnswer, StepUpForm } from "./step-up-form";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Security", description: "Passkeys and two-step sign-in for your admin account.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => securityPageLoader(args);
export const action = (args: ActionFunctionArgs) => securityPageAction(args);

type SecurityPage = Awaited<ReturnType<typeof loader>>;
type ActionResult = (FormResult & { setup?: AuthenticatorSetup }) | NewRecoveryCodes;

export default function SecurityPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const codes = result && "recoveryCodes" in result ? result : null;
  const sent = readResult(codes ? undefined : (result as FormResult | undefined));
  const setupResult = sent.value("intent") === "add-authenticator" ? (result as FormResult & { setup?: AuthenticatorSetup }) : undefined;
  const refused = setupResult ? undefined : sent.error("");
  const hasSecondStep = page.authenticator || page.passkeys.length > 0;
  // The codes that came with a first passkey (its answer is the passkey endpoint's, not this page's).
  const [passkeyCodes, setPasskeyCodes] = useState<string[] | null>(null);
  return (
    <section aria-labelledby="security-heading" className="space-y-8">
      <PageHeader
        id="security-heading"
        title="Security"
        lead="The admin holds customers' names, addresses and door codes. With two-step sign-in, your password alone is not enough to open it."
      />
      {page.required && !hasSecondStep ? (
        <FormStatus tone="error" kind="state">
          {TWO_STEP_MESSAGES.enrolRequired}
        </FormStatus>
      ) : null}
      {codes ? <RecoveryCodesPanel message={codes.message} codes={codes.recoveryCodes} account={page.email} /> : null}
      {passkeyCodes ? <RecoveryCodesPanel message={TWO_STEP_MESSAGES.passkeyAdded} codes={passkeyCodes} account={page.email} /> : null}
      {refused ? <FormStatus tone="error">{refused}</FormStatus> : null}
      <p className="text-slate-700" data-testid="two-step-state">
        {hasSecondStep
          ? `Two-step sign-in is on for ${page.email}.`
          : `Two-step sign-in is off for ${page.email}. Add a passkey or an authenticator app to turn it on.`}
        {page.required ? " The team requires it of every admin." : ""}
      </p>
      <Passkeys page={page} onRecoveryCodes={setPasskeyCodes} />
      <Authenticator page={page} result={setupResult} />
      <RecoveryCodes page={page} hasSecondStep={hasSecondStep} />
    </section>
  );
}

function Passkeys({ page, onRecoveryCodes }: { page: SecurityPage; onRecoveryCodes: (codes: string[]) => void }) {
  return (
    <Card title="Passkeys" titleId="passkeys-heading">
      <p className="text-sm text-slate-700">
        A passkey signs you in with your fingerprint, face or device PIN, without your password. It works only on this site, so it cannot be
        phished.
      </p>
      {page.passkeys.length === 0 ? (
        <p className="mt-4 text-slate-600">No passkeys yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="passkeys">
          {page.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{passkey.name}</p>
                <p className="text-sm text-slate-600">{`Added ${passkey.added} · Last used ${passkey.lastUsed}`}</p>
              </div>
              <Disclosure look="button" summary="Remove">
                <StepUpForm
                  fields={{ intent: "remove-passkey", id: passkey.id }}
                  authenticator={page.authenticator}
                  passkeys
                  variant="danger"
                  prompt="Remove this passkey? It will no longer sign you in. First confirm it is you."
                >
                  Yes, remove passkey
                </StepUpForm>
              </Disclosure>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey
        full={page.passkeys.length >= TWO_STEP.maxPasskeys}
        authenticator={page.authenticator}
        passkeys={page.passkeys.length > 0}
        onRecoveryCodes={onRecoveryCodes}
      />
    </Card>
  );
}

/**
 * 'Add a passkey' with JavaScript and a browser that has passkeys; otherwise a sentence why not.
 * When the account has a second step (`authenticator`, `passkeys`), it is confirmed first: the
 * code typed from the app, else one of its passkeys.
 */
function AddPasskey({
  full,
  authenticator,
  passkeys,
  onRecoveryCodes,
}: {
  full: boolean;
  authenticator: boolean;
  passkeys: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const busy = useBusy();
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [state, setState] = useState<{ working: boolean; error: string | null }>({ working: false, error: null });
  // Before hydration the sentence shows only when scripting is off (the `noscript:` variant).
  const note = (
    <p className={`${hydrated ? "" : "hidden noscript:block"} mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700`}>
      {TWO_STEP_MESSAGES.passkeyUnavailable}
    </p>
  );
  if (full) return <p className="mt-4 text-sm text-slate-600">{TWO_STEP_MESSAGES.tooManyPasskeys}</p>;
  if (!hydrated || !passkeysSupported()) return note;
  async function add() {
    setState({ working: true, error: null });
    let stepUp: Record<string, string> | null = {};
    if (code.trim()) stepUp = { code: code.trim() };
    else if (passkeys) stepUp = await passkeyStepUpAnswer();
    if (!stepUp) {
      setState({ working: false, error: TWO_STEP_MESSAGES.stepUpPasskeyFailed });
      return;
    }
    const outcome = await registerPasskey(TWO_STEP_MESSAGES.passkeyInvalid, name.trim(), stepUp);
    setState({ working: false, error: outcome.ok ? null : outcome.error });
    setCode("");
    if (outcome.ok) {
      setName("");
      if (outcome.recoveryCodes) onRecoveryCodes(outcome.recoveryCodes);
      revalidator.revalidate();
    }
  }
  return (
    <div className="mt-5 space-y-3 border-t border-slate-200 pt-5">
      {state.error ? <FormStatus tone="error">{state.error}</FormStatus> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="block min-w-0 sm:max-w-xs sm:flex-1">
          <span className="text-sm font-semibold text-slate-800">
            Name <span className="font-normal text-slate-600">(optional)</span>
          </span>
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={60}
            placeholder="e.g. Office laptop"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
          />
        </label>
        {authenticator ? (
          <label className="block min-w-0 sm:max-w-48">
            <span className="text-sm font-semibold text-slate-800">
              Code from your authenticator app {passkeys ? <span className="font-normal text-slate-600">(or use a passkey)</span> : null}
            </span>
            <input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
            />
          </label>
        ) : null}
        <button type="button" onClick={add} disabled={busy || state.working} className={buttonClass("primary", "md")}>
          {state.working ? "Waiting for your device..." : "Add a passkey"}
        </button>
      </div>
    </div>
  );
}

function Authenticator({ page, result }: { page: SecurityPage; result: (FormResult & { setup?: AuthenticatorSetup }) | undefined }) {
  // A refused code keeps the key it was for, so the app already set up stays right.
  const setup = result?.setup ?? page.setup;
  return (
    <Card title="Authenticator app" titleId="authenticator-heading">
      {page.authenticator ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700" data-testid="authenticator-on">
            On: signing in with your password asks for a code from your app.
          </p>
          <Disclosure look="button" summary="Remove">
            <StepUpForm
              fields={{ intent: "remove-authenticator" }}
              authenticator
              passkeys={page.passkeys.length > 0}
              variant="danger"
              prompt="Remove the authenticator app? Its codes will no longer sign you in. First confirm it is you."
            >
              Yes, remove authenticator app
            </StepUpForm>
          </Disclosure>
        </div>
      ) : setup ? (
        <AuthenticatorSetupForm key={setup.token} setup={setup} result={result} withPasskey={page.passkeys.length > 0} />
      ) : null}
    </Card>
  );
}

/**
 * Scan or type the key, then confirm with the first code. With a passkey on the account
 * (`withPasskey`), 'Turn on' first asks it to confirm it is you and sends its answer along.
 */
function AuthenticatorSetupForm({
  setup,
  result,
  withPasskey,
}: {
  setup: AuthenticatorSetup;
  result: FormResult | undefined;
  withPasskey: boolean;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [stepUpError, setStepUpError] = useState<string | null>(null);
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-authenticator";
  const busy = useBusy();
  const [form, fields, { action: resultAction, summary }] = useAdminForm(addAuthenticatorSchema, {
    id: "add-authenticator",
    result,
    intent: "add-authenticator",
  });
  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <figure className="mx-auto w-48 md:mx-0">
        <svg
          viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
          role="img"
          aria-label="QR code for your authenticator app"
          className="h-48 w-48 rounded-lg bg-white"
          shapeRendering="crispEdges"
          data-testid="authenticator-qr"
        >
          <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
          <path d={setup.qr.path} fill="#0f172a" />
        </svg>
      </figure>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan the QR code.</li>
          <li>
            Cannot scan? Enter this key in the app instead:{" "}
            <code className="font-mono font-semibold break-all text-slate-900" data-testid="authenticator-key">
              {setup.key}
            </code>
          </li>
          <li>Type the six-digit code the app shows.</li>
        </ol>
        <Form method="post" action={resultAction} {...getFormProps(form)}>
          <div id={form.errorId} className="[&:not(:empty)]:mb-4">
            <FormSummary summary={summary} />
          </div>
          {stepUpError ? <FormStatus tone="error">{stepUpError}</FormStatus> : null}
          <input type="hidden" name="intent" value="add-authenticator" />
          <input type="hidden" name="setup" value={setup.token} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <InputField
              meta={fields.code}
              label="Code from the app"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="min-w-0 sm:max-w-48"
            />
            {withPasskey && hydrated && passkeysSupported() ? (
              <button
                type="button"
                disabled={busy}
                className={`${buttonClass("primary", "md")} sm:mt-7`}
                onClick={async (event) => {
                  const fields = new FormData(event.currentTarget.form!);
                  setStepUpError(null);
                  const answer = await passkeyStepUpAnswer();
                  if (!answer) return setStepUpError(TWO_STEP_MESSAGES.stepUpPasskeyFailed);
                  for (const [name, value] of Object.entries(answer)) fields.set(name, value);
                  submit(fields, { method: "post", action: resultAction, preventScrollReset: true });
                }}
              >
                {adding ? "Checking..." : "Confirm with a passkey and turn on"}
              </button>
            ) : (
              <Button disabled={busy} className="sm:mt-7">
                {adding ? "Checking..." : "Turn on"}
              </Button>
            )}
          </div>
        </Form>
      </div>
    </div>
  );
}

function RecoveryCodes({ page, hasSecondStep }: { page: SecurityPage; hasSecondStep: boolean }) {
  return (
    <Card title="Recovery codes" titleId="recovery-heading">
      {hasSecondStep ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700" data-testid="recovery-codes-left">
            {`${page.recoveryCodesLeft} of ${TWO_STEP.recoveryCodes} unused. Each signs you in once if you lose your passkey or phone.`}
          </p>
          <Disclosure look="button" summary="Make new codes">
            <StepUpForm
              fields={{ intent: "renew-codes" }}
              authenticator={page.authenticator}
              passkeys={page.passkeys.length > 0}
              prompt="Make ten new recovery codes? The ones you have stop working. First confirm it is you."
            >
              Yes, make new codes
            </StepUpForm>
          </Disclosure>
        </div>
      ) : (
        <p className="text-slate-600">{TWO_STEP_MESSAGES.noCodesWithoutStep}</p>
      )}
    </Card>
  );
}
