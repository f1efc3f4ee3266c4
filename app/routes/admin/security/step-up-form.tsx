/**
 * The confirmation of a change of how the admin signs in (on /admin/security: removing a passkey
 * or the authenticator app, new recovery codes; on /admin/team: making two-step sign-in
 * optional): the action's form with a field for a code from the
 * authenticator app (a plain POST, so it works without JavaScript) and, with JavaScript and a
 * passkey, 'Confirm with a passkey', which asks the device and sends its answer in the same
 * form (app/server/two-step/step-up.server.ts checks either; a recovery code does not count).
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { Form, useSubmit } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { buttonClass, useBusy } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { passkeysSupported } from "~/components/auth/passkey-client";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { useResultAction } from "~/components/hooks/use-result-focus";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";

/**
 * One change that needs a current second step. In: the form's hidden `fields` (intent, id),
 * whether the account has an authenticator app (the code field) and passkeys (the passkey
 * button), the button's text and look, and what the form says first.
 */
export function StepUpForm({
  fields,
  authenticator,
  passkeys,
  variant = "primary",
  prompt,
  children,
}: {
  fields: Record<string, string>;
  authenticator: boolean;
  passkeys: boolean;
  variant?: Parameters<typeof buttonClass>[0];
  prompt: ReactNode;
  children: ReactNode;
}) {
  const busy = useBusy();
  const action = useResultAction();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const codeId = useId();
  const [state, setState] = useState<{ working: boolean; error: string | null }>({ working: false, error: null });
  const withPasskey = passkeys && hydrated && passkeysSupported();
  async function confirmWithPasskey() {
    setState({ working: true, error: null });
    const answer = await passkeyStepUpAnswer();
    if (!answer) {
      setState({ working: false, error: TWO_STEP_MESSAGES.stepUpPasskeyFailed });
      return;
    }
    setState({ working: false, error: null });
    submit({ ...fields, ...answer }, { method: "post", action, preventScrollReset: true });
  }
  return (
    <Form method="post" action={action} preventScrollReset className="space-y-3" data-testid={`step-up-${fields.intent}`}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>{prompt}</div>
      {state.error ? <FormStatus tone="error">{state.error}</FormStatus> : null}
      {authenticator ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label htmlFor={codeId} className="block min-w-0 sm:max-w-48">
            <span className="text-sm font-semibold text-slate-800">Code from your authenticator app</span>
            <input
              id={codeId}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-base"
            />
          </label>
          <button type="submit" disabled={busy || state.working} className={buttonClass(variant, "md")}>
            {children}
          </button>
        </div>
      ) : null}
      {withPasskey ? (
        <button type="button" onClick={confirmWithPasskey} disabled={busy || state.working} className={buttonClass("secondary", "md")}>
          {state.working ? "Waiting for your device..." : authenticator ? "Or confirm with a passkey" : "Confirm with a passkey"}
        </button>
      ) : null}
      {!authenticator && !withPasskey ? <p className="text-sm text-slate-700">{TWO_STEP_MESSAGES.passkeyUnavailable}</p> : null}
    </Form>
  );
}

const bytes = (value: string) => new Uint8Array(decodeBase64urlIgnorePadding(value));
const text = (buffer: ArrayBuffer) => encodeBase64urlNoPadding(new Uint8Array(buffer));

/**
 * Asks /admin/security/passkey for a step-up challenge and the device for an answer with one of
 * the account's passkeys (also before adding a second step, route.tsx). Out: the answer's four
 * fields (base64url), or null when the device or the server refused.
 */
export async function passkeyStepUpAnswer(): Promise<Record<string, string> | null> {
  try {
    const response = await fetch("/admin/security/passkey", {
      method: "POST",
      body: new URLSearchParams({ intent: "step-up" }),
      credentials: "same-origin",
    });
    if (!response.ok) return null;
    const options = (await response.json()) as { challenge: string; rpId: string; allowCredentials: string[] };
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: bytes(options.challenge),
        rpId: options.rpId,
        userVerification: "required",
        allowCredentials: options.allowCredentials.map((id) => ({ type: "public-key" as const, id: bytes(id) })),
        timeout: 120_000,
      },
    })) as PublicKeyCredential | null;
    if (!credential) return null;
    const answer = credential.response as AuthenticatorAssertionResponse;
    return {
      credentialId: text(credential.rawId),
      authenticatorData: text(answer.authenticatorData),
      clientDataJSON: text(answer.clientDataJSON),
      signature: text(answer.signature),
    };
  } catch {
    return null;
  }
}
