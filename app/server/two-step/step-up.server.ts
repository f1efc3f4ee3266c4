/**
 * The step-up before a change of second steps (docs/decisions/015-two-step-sign-in.md; OWASP's
 * Multifactor Authentication cheat sheet: re-authenticate before factors change): removing a
 * passkey or the authenticator app, making new recovery codes, adding a passkey or the app to an
 * account that already has a second step (else a stolen session could add its own and pass the
 * step-up with it; a first one needs none), and making the team's two-step rule optional first
 * ask the signed-in account for a CURRENT second step in the same form: a code from its authenticator app, or a
 * passkey's answer to a challenge (/admin/security/passkey, intent "step-up"). A recovery code
 * never counts: it is single-use and among what is being protected, so a session that began
 * with one cannot strip the account's factors. Each change asks again (no trusted window).
 *
 * Functions return outcomes; none throws for anything a person typed. D1 errors are thrown.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Database } from "~/server/platform";
import { verifyAuthenticatorCode } from "./factors.server";
import { verifyPasskeySignIn, type Assertion, type RelyingParty } from "./passkeys.server";

/** What a step-up form carries: a code, a passkey's answer, or nothing usable. */
export type StepUpProof = { kind: "code"; code: string } | { kind: "passkey"; assertion: Assertion } | { kind: "none" };

/** The step-up fields of a security form (base64url for a passkey's answer; empty ones absent). */
export interface StepUpFields {
  code?: string;
  credentialId?: string;
  authenticatorData?: string;
  clientDataJSON?: string;
  signature?: string;
}

/**
 * The proof a form carries: a passkey's answer when its four parts are there and decode from
 * base64url, else the code when one was typed (spaces ignored), else { kind: "none" }.
 */
export function stepUpProofOf(fields: StepUpFields): StepUpProof {
  const { credentialId, authenticatorData, clientDataJSON, signature } = fields;
  if (credentialId && authenticatorData && clientDataJSON && signature) {
    try {
      return {
        kind: "passkey",
        assertion: {
          credentialId: encodeBase64urlNoPadding(decodeBase64urlIgnorePadding(credentialId)),
          authenticatorData: decodeBase64urlIgnorePadding(authenticatorData),
          clientDataJSON: decodeBase64urlIgnorePadding(clientDataJSON),
          signature: decodeBase64urlIgnorePadding(signature),
        },
      };
    } catch {
      return { kind: "none" };
    }
  }
  const code = fields.code?.replace(/\s/g, "") ?? "";
  return code ? { kind: "code", code } : { kind: "none" };
}

/**
 * True when `proof` is a current second step of `userId`: an authenticator code not used
 * before (it is then spent, like at sign-in), or a passkey of this account answering our
 * unused challenge from our origin with the user verified. In: the request's client, the
 * SESSION_SECRET list (readSecrets), the relying party, the account, the proof, now.
 */
export async function confirmCurrentStep(
  db: Database,
  secrets: readonly string[],
  rp: RelyingParty,
  userId: string,
  proof: StepUpProof,
  now = new Date(),
): Promise<boolean> {
  if (proof.kind === "code") return /^\d{6}$/.test(proof.code) && verifyAuthenticatorCode(db, secrets, userId, proof.code, now);
  if (proof.kind === "passkey") return (await verifyPasskeySignIn(db, rp, proof.assertion, now, userId)) !== null;
  return false;
}
