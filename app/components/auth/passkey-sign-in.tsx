/**
 * The passkey sign-in button of /auth ('Sign in with a passkey') and of the second step ('Use
 * your passkey'), with JavaScript and a browser that has passkeys (./passkey-client.ts): on
 * success it goes on to the admin page the server names, else it shows why. Without either,
 * `unavailable` is shown instead: before hydration only when scripting is off (the `noscript:`
 * variant), so a browser with JavaScript does not flash it.
 */
import { useNavigate } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { TWO_STEP_MESSAGES } from "~/domain/texts/staff-messages";
import { FormStatus } from "~/components/form-status";
import { passkeysSupported, signInWithPasskey } from "~/components/auth/passkey-client";
import { buttonStyles } from "~/components/ui";
import { useHydrated } from "~/components/hooks/use-hydrated";

export function PasskeySignInButton({
  label,
  look,
  redirectTo,
  unavailable,
  className,
}: {
  label: string;
  look: keyof typeof buttonStyles;
  /** The admin page asked for before signing in (ignored during a second step: the sign-in names it). */
  redirectTo: string | null;
  /** What to show when passkeys cannot be used here: a sentence, or nothing. */
  unavailable: (hydrated: boolean) => ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!hydrated || !passkeysSupported()) return unavailable(hydrated);
  async function usePasskey() {
    setState({ busy: true, error: null });
    const outcome = await signInWithPasskey(TWO_STEP_MESSAGES.passkeyFailed, redirectTo);
    if (outcome.ok) navigate(outcome.redirectTo);
    else setState({ busy: false, error: outcome.error });
  }
  return (
    <div className={`space-y-3 ${className ?? ""}`}>
      {state.error ? <FormStatus tone="error">{state.error}</FormStatus> : null}
      <button type="button" onClick={usePasskey} disabled={state.busy} className={`${buttonStyles[look]} w-full`}>
        {state.busy ? "Waiting for your passkey..." : label}
      </button>
    </div>
  );
}
