/**
 * Passkeys (WebAuthn Level 2, https://www.w3.org/TR/webauthn-2/ §7) for staff accounts, parsed
 * and verified with @oslojs/webauthn and @oslojs/crypto (docs/decisions/015-two-step-sign-in.md).
 *
 * - The relying party is the site of SITE_URL: its host name is the RP ID and its origin the
 *   only origin accepted in a browser's answer (never the Host a request named).
 * - Every ceremony starts with a challenge stored in D1 (only its SHA-256), used once (the
 *   DELETE that reads it is the use) and valid for TWO_STEP.challengeMinutes.
 * - User verification is required (a PIN, a fingerprint, a face): a passkey is then two
 *   factors in one (NIST SP 800-63B §5.1.9), so it signs in without a password.
 * - Attestation is not asked for ("none"): which authenticator it is does not matter here.
 * - ES256 and RS256 keys are accepted, the two every platform authenticator offers.
 *
 * Functions return outcomes; none throws for anything a browser sent. D1 errors are thrown.
 */
import { decodePKIXECDSASignature, decodeSEC1PublicKey, ECDSAPublicKey, p256, verifyECDSASignature } from "@oslojs/crypto/ecdsa";
import { decodePKCS1RSAPublicKey, RSAPublicKey, sha256ObjectIdentifier, verifyRSASSAPKCS1v15Signature } from "@oslojs/crypto/rsa";
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeBase64, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import {
  ClientDataType,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveP256,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
  type AuthenticatorData,
} from "@oslojs/webauthn";
import { and, count, eq, lt, sql } from "drizzle-orm";
import { MINUTE_MS } from "~/domain/dates";
import { TWO_STEP } from "~/domain/limits";
import type { PasskeyCeremony } from "~/domain/enumerations";
import { passkeyChallenges, passkeys, users, type User } from "../../../drizzle/schema";
import { insertWhere, type Database } from "~/server/platform";
import { auditStatement } from "~/server/team";
import { hasAuthenticator, hasPasskey, keepsASecondStep, newRecoveryCodes, removeSecondStep, type StepRemoval } from "./factors.server";

type Account = Pick<User, "id" | "email">;

/** The relying party: the RP ID (SITE_URL's host name) and the origin answers must come from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of the site at `siteUrl` (readSiteUrl). */
export function relyingPartyOf(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * A new challenge for `ceremony` (for adding a passkey, of `userId`): 32 random bytes, of
 * which D1 keeps the SHA-256 until it is used or expires (expired ones are deleted with each
 * new one, and by the daily cron). Out: the challenge, base64url.
 */
export async function newChallenge(db: Database, ceremony: PasskeyCeremony, userId: string | null, now = new Date()): Promise<string> {
  const challenge = crypto.getRandomValues(new Uint8Array(32));
  await db.batch([
    // Expired ones go first, so the table holds at most a few minutes' worth.
    db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)),
    db.insert(passkeyChallenges).values({
      id: encodeHexLowerCase(sha256(challenge)),
      ceremony,
      userId,
      expiresAt: new Date(now.getTime() + TWO_STEP.challengeMinutes * MINUTE_MS),
    }),
  ]);
  return encodeBase64urlNoPadding(challenge);
}

/** Uses the challenge a browser signed: true when it was ours, for `ceremony` (and `userId`), and unexpired. */
async function useChallenge(db: Database, challenge: Uint8Array, ceremony: PasskeyCeremony, userId: string | null, now: Date) {
  const used = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, encodeHexLowerCase(sha256(challenge))), eq(passkeyChallenges.ceremony, ceremony)))
    .returning({ userId: passkeyChallenges.userId, expiresAt: passkeyChallenges.expiresAt });
  const row = used[0];
  return row !== undefined && row.expiresAt > now && row.userId === userId;
}

/** Deletes expired challenges (daily cron); returns how many went. */
export async function deleteExpiredChallenges(db: Database, now = new Date()): Promise<number> {
  const result = await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)).run();
  return result.meta.changes;
}

/** The client data of an answer, when it is of `type`, from our origin, not cross-origin; else null. */
function checkedClientData(bytes: Uint8Array, type: ClientDataType, rp: RelyingParty) {
  const clientData = parseClientDataJSON(bytes);
  if (clientData.type !== type || clientData.origin !== rp.origin || clientData.crossOrigin === true) return null;
  return clientData;
}

/** The authenticator data, when it is for our RP ID with the user present and verified; else null. */
function checkedAuthenticatorData(data: AuthenticatorData, rp: RelyingParty): AuthenticatorData | null {
  return data.verifyRelyingPartyIdHash(rp.id) && data.userPresent && data.userVerified ? data : null;
}

/** What a browser sends after `navigator.credentials.create()`: its two buffers, decoded from base64url. */
export interface Registration {
  attestationObject: Uint8Array;
  clientDataJSON: Uint8Array;
}

/**
 * Adds the passkey of a registration answer to the account: "added" (with the new recovery
 * codes when the account had none left, else null), "invalid" (not a valid answer to our
 * challenge for this account from our origin, a key of another kind, or a credential already
 * registered), or "too-many" (TWO_STEP.maxPasskeys reached).
 */
export async function addPasskey(
  db: Database,
  rp: RelyingParty,
  account: Account,
  registration: Registration,
  name: string,
  now = new Date(),
): Promise<{ status: "added"; recoveryCodes: string[] | null } | { status: "invalid" } | { status: "too-many" }> {
  let credential;
  let clientData;
  try {
    clientData = checkedClientData(registration.clientDataJSON, ClientDataType.Create, rp);
    credential = checkedAuthenticatorData(parseAttestationObject(registration.attestationObject).authenticatorData, rp)?.credential;
  } catch {
    return { status: "invalid" };
  }
  // The challenge is used even when the rest is refused; a D1 error here is thrown (503).
  if (!clientData || !(await useChallenge(db, clientData.challenge, "register", account.id, now)) || !credential)
    return { status: "invalid" };
  const stored = storedPublicKey(credential.publicKey);
  if (!stored) return { status: "invalid" };
  const id = encodeBase64urlNoPadding(credential.id);
  // The codes are written only with this passkey (the row this batch adds: its id, its time).
  const codes = await newRecoveryCodes(
    db,
    account.id,
    now,
    sql`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.id} = ${id} AND ${passkeys.userId} = ${account.id} AND ${passkeys.createdAt} = ${now.getTime()})`,
  );
  const [inserted, , ...written] = await db.batch([
    insertWhere(
      db,
      passkeys,
      {
        id,
        userId: account.id,
        name,
        algorithm: stored.algorithm,
        publicKey: stored.publicKey,
        signCount: 0,
        createdAt: now,
        lastUsedAt: null,
      },
      sql`(SELECT count(*) FROM ${passkeys} WHERE ${passkeys.userId} = ${account.id}) < ${TWO_STEP.maxPasskeys}`,
      sql`NOT EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.id} = ${id})`,
    ),
    auditStatement(db, "passkey_added", { subjectEmail: account.email, actorUserId: account.id, now }),
    ...codes.statements,
  ]);
  if (inserted.meta.changes === 1) {
    return { status: "added", recoveryCodes: written.some((result) => result.meta.changes === 1) ? codes.plain : null };
  }
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, account.id));
  return { status: (row?.n ?? 0) >= TWO_STEP.maxPasskeys ? "too-many" : "invalid" };
}

/** The public key of a COSE key in its stored form, for ES256 (P-256) and RS256 only; else null. */
function storedPublicKey(key: NonNullable<AuthenticatorData["credential"]>["publicKey"]): { algorithm: number; publicKey: string } | null {
  try {
    const algorithm = key.algorithm();
    if (algorithm === coseAlgorithmES256) {
      const ec2 = key.ec2();
      if (ec2.curve !== coseEllipticCurveP256) return null;
      return { algorithm, publicKey: encodeBase64(new ECDSAPublicKey(p256, ec2.x, ec2.y).encodeSEC1Uncompressed()) };
    }
    if (algorithm === coseAlgorithmRS256) {
      const rsa = key.rsa();
      return { algorithm, publicKey: encodeBase64(new RSAPublicKey(rsa.n, rsa.e).encodePKCS1()) };
    }
  } catch {
    // A key that does not decode as its algorithm says.
  }
  return null;
}

/** What a browser sends after `navigator.credentials.get()`, decoded from base64url. */
export interface Assertion {
  credentialId: string;
  authenticatorData: Uint8Array;
  clientDataJSON: Uint8Array;
  signature: Uint8Array;
}

/**
 * The account a sign-in answer proves, or null: our challenge, unexpired and unused, signed
 * from our origin by a registered passkey with the user verified, its counter (when it keeps
 * one) moved forward. With `userId` (a password already given) only that account's passkeys
 * count. The passkey's last use is recorded.
 */
export async function verifyPasskeySignIn(
  db: Database,
  rp: RelyingParty,
  assertion: Assertion,
  now = new Date(),
  userId: string | null = null,
): Promise<User | null> {
  let authenticatorData: AuthenticatorData | null;
  let clientData;
  try {
    clientData = checkedClientData(assertion.clientDataJSON, ClientDataType.Get, rp);
    authenticatorData = checkedAuthenticatorData(parseAuthenticatorData(assertion.authenticatorData), rp);
  } catch {
    return null;
  }
  // The challenge is used even when the rest is refused; a D1 error here is thrown (503).
  if (!clientData || !(await useChallenge(db, clientData.challenge, "sign-in", null, now)) || !authenticatorData) return null;
  const row = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(passkeys.userId, users.id))
    .where(eq(passkeys.id, assertion.credentialId))
    .get();
  if (!row || (userId !== null && row.user.id !== userId)) return null;
  const message = sha256(createAssertionSignatureMessage(assertion.authenticatorData, assertion.clientDataJSON));
  if (!signatureValid(row.passkey.algorithm, decodeBase64(row.passkey.publicKey), message, assertion.signature)) return null;
  const counter = authenticatorData.signatureCounter;
  // A counter that did not move forward suggests a cloned key (WebAuthn §7.2 step 21); both at
  // 0 is an authenticator that keeps none.
  const counterMoved = counter === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, counter);
  const updated = await db
    .update(passkeys)
    .set({ signCount: counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.passkey.id), counterMoved))
    .returning({ id: passkeys.id });
  return updated.length === 1 ? row.user : null;
}

/** Whether `signature` over the SHA-256 `hash` is valid under the stored key of `algorithm`. */
function signatureValid(algorithm: number, publicKey: Uint8Array, hash: Uint8Array, signature: Uint8Array): boolean {
  try {
    if (algorithm === coseAlgorithmES256) {
      return verifyECDSASignature(decodeSEC1PublicKey(p256, publicKey), hash, decodePKIXECDSASignature(signature));
    }
    if (algorithm === coseAlgorithmRS256) {
      return verifyRSASSAPKCS1v15Signature(decodePKCS1RSAPublicKey(publicKey), sha256ObjectIdentifier, hash, signature);
    }
  } catch {
    // A signature that does not decode.
  }
  return false;
}

/** The ids (base64url) of the account's passkeys: a new one must be none of them, a second step any. */
export async function passkeyIdsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Removes one passkey of the account: "removed", "not-found", or "last-step" while two-step
 * sign-in is required and it is the account's only second step. Removing the last second step
 * also removes the recovery codes.
 */
export async function removePasskey(db: Database, account: Account, id: string, now = new Date()): Promise<StepRemoval> {
  const ofAccount = and(eq(passkeys.id, id), eq(passkeys.userId, account.id));
  return removeSecondStep(
    db,
    account,
    db.delete(passkeys).where(and(ofAccount, keepsASecondStep(sql`(${hasAuthenticator(account.id)} OR ${hasPasskey(account.id, id)})`))),
    "passkey_removed",
    db.select({ id: passkeys.id }).from(passkeys).where(ofAccount),
    now,
  );
}
