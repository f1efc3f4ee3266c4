/**
 * The browser's half of passkeys (WebAuthn, https://www.w3.org/TR/webauthn-2/): asks the server
 * for a challenge, calls `navigator.credentials.create()` or `.get()`, and posts the answer
 * back, base64url-encoded, as a form (app/routes/auth/passkey/passkey.server.ts and
 * app/routes/admin/security-passkey/security-passkey.server.ts check it).
 * Passkeys need JavaScript and the browser's API; the pages say so where neither is there.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/** What a passkey call ends with: the server's answer, or a sentence to show. */
export type PasskeyOutcome<T> = ({ ok: true } & T) | { ok: false; error: string };

/** True when this browser offers WebAuthn (a secure context with PublicKeyCredential). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && typeof window.PublicKeyCredential === "function";
}

const bytes = (value: string) => new Uint8Array(decodeBase64urlIgnorePadding(value));
const text = (buffer: ArrayBuffer) => encodeBase64urlNoPadding(new Uint8Array(buffer));

/** POSTs `fields` as a form to `url`; out: the JSON answer and whether it was a success. */
async function post<T>(url: string, fields: Record<string, string>): Promise<{ ok: boolean; body: T & { error?: string } }> {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  const body = (await response.json().catch(() => ({ error: undefined }))) as T & { error?: string };
  return { ok: response.ok, body };
}

/** The browser refused or the person cancelled: a message that says how to go on. */
function cancelled(fallback: string, error: unknown): { ok: false; error: string } {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return { ok: false, error: "The passkey request was cancelled or timed out." };
  if (name === "InvalidStateError") return { ok: false, error: "This passkey is already registered for your account." };
  return { ok: false, error: fallback };
}

/**
 * Signs in with a passkey at /auth/passkey (during a second step, only that account's
 * passkeys are offered). Out: the admin page to go to, or an error sentence.
 */
export async function signInWithPasskey(fallback: string, redirectTo: string | null): Promise<PasskeyOutcome<{ redirectTo: string }>> {
  try {
    const options = await post<{ challenge: string; rpId: string; allowCredentials: string[] }>("/auth/passkey", { intent: "options" });
    if (!options.ok) return { ok: false, error: options.body.error ?? fallback };
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: bytes(options.body.challenge),
        rpId: options.body.rpId,
        userVerification: "required",
        allowCredentials: options.body.allowCredentials.map((id) => ({ type: "public-key" as const, id: bytes(id) })),
        timeout: 120_000,
      },
    })) as PublicKeyCredential | null;
    if (!credential) return { ok: false, error: fallback };
    const answer = credential.response as AuthenticatorAssertionResponse;
    const result = await post<{ redirectTo: string }>("/auth/passkey", {
      credentialId: text(credential.rawId),
      authenticatorData: text(answer.authenticatorData),
      clientDataJSON: text(answer.clientDataJSON),
      signature: text(answer.signature),
      ...(redirectTo ? { redirectTo } : {}),
    });
    return result.ok ? { ok: true, redirectTo: result.body.redirectTo } : { ok: false, error: result.body.error ?? fallback };
  } catch (error) {
    return cancelled(fallback, error);
  }
}

/**
 * Adds a passkey to the signed-in admin's account at /admin/security/passkey, named `name`
 * (optional); `stepUp`: the fields of the account's current second step, sent with the first
 * call when it has one (a code, or a passkey's answer). Out: the new recovery codes when it was
 * the account's first second step.
 */
export async function registerPasskey(
  fallback: string,
  name: string,
  stepUp: Record<string, string> = {},
): Promise<PasskeyOutcome<{ recoveryCodes: string[] | null }>> {
  try {
    const options = await post<{
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string };
      exclude: string[];
    }>("/admin/security/passkey", { ...stepUp, intent: "options" });
    if (!options.ok) return { ok: false, error: options.body.error ?? fallback };
    const { challenge, rp, user, exclude } = options.body;
    const credential = (await navigator.credentials.create({
      publicKey: {
        challenge: bytes(challenge),
        rp,
        user: { id: bytes(user.id), name: user.name, displayName: user.name },
        // ES256, then RS256: what the server accepts (app/server/two-step/passkeys.server.ts).
        pubKeyCredParams: [
          { type: "public-key", alg: -7 },
          { type: "public-key", alg: -257 },
        ],
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        excludeCredentials: exclude.map((id) => ({ type: "public-key" as const, id: bytes(id) })),
        attestation: "none",
        timeout: 120_000,
      },
    })) as PublicKeyCredential | null;
    if (!credential) return { ok: false, error: fallback };
    const answer = credential.response as AuthenticatorAttestationResponse;
    const result = await post<{ recoveryCodes: string[] | null }>("/admin/security/passkey", {
      attestationObject: text(answer.attestationObject),
      clientDataJSON: text(answer.clientDataJSON),
      name,
    });
    return result.ok ? { ok: true, recoveryCodes: result.body.recoveryCodes } : { ok: false, error: result.body.error ?? fallback };
  } catch (error) {
    return cancelled(fallback, error);
  }
}
