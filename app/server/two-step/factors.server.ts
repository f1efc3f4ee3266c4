/**
 * The second steps of a staff account and the team's rule about them
 * (docs/decisions/015-two-step-sign-in.md): the authenticator app (TOTP, RFC 6238, with
 * @oslojs/otp), the ten single-use recovery codes, and whether every admin must use two-step
 * sign-in. Passkeys are in passkeys.server.ts.
 *
 * Rules kept inside the statements, so that no interleaving of requests breaks them:
 * - while two-step sign-in is required, an account's last second step is never removed (the
 *   DELETE carries "not required, or another one remains", `keepsASecondStep`);
 * - an authenticator code is accepted once: the UPDATE that accepts it raises `last_used_step`
 *   only from below, so a replay of the same code, even at the same moment, changes nothing;
 * - a recovery code is used once (`used_at IS NULL` in the UPDATE);
 * - each change writes its `team_changes` row in the same batch, only if it happened.
 *
 * Functions take the request's Drizzle client and return outcomes; none throws for anything a
 * person typed. D1 errors are thrown to the caller.
 */
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, count, eq, isNull, lt, notExists, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { TWO_STEP } from "~/domain/limits";
import type { TeamAction } from "~/domain/enumerations";
import { passkeys, recoveryCodes, securityPolicy, totpCredentials, users, type User } from "../../../drizzle/schema";
import { hashPassword, saltOf } from "~/server/auth";
import { insertWhere, type Database } from "~/server/platform";
import { auditStatement } from "~/server/team";

type Account = Pick<User, "id" | "email">;

/** "Two-step sign-in is required of every admin", as SQL (no policy row: not required). */
const required: SQL = sql`EXISTS (SELECT 1 FROM ${securityPolicy} WHERE ${securityPolicy.twoStepRequired} = 1)`;

/** "The account has an authenticator app", as SQL. */
export const hasAuthenticator = (userId: string | SQLWrapper): SQL =>
  sql`EXISTS (SELECT 1 FROM ${totpCredentials} WHERE ${totpCredentials.userId} = ${userId})`;

/** "The account has a passkey" (other than `except`), as SQL. */
export const hasPasskey = (userId: string | SQLWrapper, except?: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.userId} = ${userId}${except === undefined ? sql`` : sql` AND ${passkeys.id} <> ${except}`})`;

/**
 * The condition of removing one second step of `userId`: two-step sign-in is not required, or
 * `another` (a second step other than the one removed) remains.
 */
export function keepsASecondStep(another: SQL): SQL {
  return or(sql`NOT ${required}`, another)!;
}

/** Whether the team requires two-step sign-in of every admin. */
export async function readTwoStepRequired(db: Database): Promise<boolean> {
  const row = await db.select({ required: securityPolicy.twoStepRequired }).from(securityPolicy).get();
  return row?.required ?? false;
}

/**
 * "This account must add a second step before it may do anything else": two-step sign-in is
 * required and the user (`userId`, a value or a column such as `users.id`) has neither a
 * passkey nor an authenticator app. An SQL condition for another statement's select (the
 * session's read, app/http/session.server.ts), so it costs no query of its own.
 */
export function mustEnrolCondition(userId: string | SQLWrapper): SQL<boolean> {
  return sql<boolean>`${required} AND NOT ${hasAuthenticator(userId)} AND NOT ${hasPasskey(userId)}`.mapWith((value) => value === 1);
}

/** What an account has: its passkeys (newest first), whether an authenticator app, unused recovery codes. */
export interface SecondSteps {
  passkeys: Array<{ id: string; name: string; createdAt: Date; lastUsedAt: Date | null }>;
  authenticator: boolean;
  recoveryCodesLeft: number;
}

/** The second steps of `userId` (SecondSteps). */
export async function readSecondSteps(db: Database, userId: string): Promise<SecondSteps> {
  const [keys, totp, [codes]] = await db.batch([
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(sql`${passkeys.createdAt} DESC`),
    db.select({ userId: totpCredentials.userId }).from(totpCredentials).where(eq(totpCredentials.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { passkeys: keys, authenticator: totp.length > 0, recoveryCodesLeft: codes?.n ?? 0 };
}

/** True when the account has a passkey or an authenticator app (so a password alone is not enough). One statement. */
export async function hasSecondStep(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ has: sql<number>`${hasAuthenticator(userId)} OR ${hasPasskey(userId)}` })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.has === 1;
}

/**
 * Makes two-step sign-in required of every admin, or optional again, and records who did it.
 * "unchanged" when it already was so; "enrol-first" when requiring it of others while the
 * acting admin has no second step (it would send them to enrol at once; they are told to add
 * one first).
 */
export async function setTwoStepRequired(
  db: Database,
  actor: Account,
  requiredNow: boolean,
  now = new Date(),
): Promise<"changed" | "unchanged" | "enrol-first"> {
  if (requiredNow && !(await hasSecondStep(db, actor.id))) return "enrol-first";
  const change = requiredNow
    ? db
        .insert(securityPolicy)
        .values({ id: 1, twoStepRequired: true, changedAt: now })
        .onConflictDoUpdate({
          target: securityPolicy.id,
          set: { twoStepRequired: true, changedAt: now },
          setWhere: sql`NOT ${securityPolicy.twoStepRequired}`,
        })
    : // No row is "optional" already: only a row that requires it changes.
      db.update(securityPolicy).set({ twoStepRequired: false, changedAt: now }).where(eq(securityPolicy.twoStepRequired, true));
  const [changed] = await db.batch([
    change,
    auditStatement(db, requiredNow ? "two_step_required" : "two_step_optional", { subjectEmail: actor.email, actorUserId: actor.id, now }),
  ]);
  return changed.meta.changes === 1 ? "changed" : "unchanged";
}

// --- The authenticator app (TOTP) -----------------------------------------------------------

/** A new TOTP key: 20 random bytes (160 bits, RFC 4226 §4's recommended length). */
export function newAuthenticatorKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** The otpauth:// URI an authenticator app reads from the QR code (issuer: the company's name). */
export function authenticatorUri(issuer: string, email: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, email, key, TWO_STEP.totpPeriodSeconds, TWO_STEP.totpDigits);
}

/** The RFC 6238 time step of `now`. */
const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TWO_STEP.totpPeriodSeconds);

/**
 * The time step (within the drift allowed either side of now) whose code is `code`, or null.
 * In: the key, the six digits typed, now.
 */
function matchingStep(key: Uint8Array, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const typed = new TextEncoder().encode(code);
  const step = stepOf(now);
  let found: number | null = null;
  for (let drift = -TWO_STEP.totpDriftSteps; drift <= TWO_STEP.totpDriftSteps; drift++) {
    const expected = new TextEncoder().encode(generateHOTP(key, BigInt(step + drift), TWO_STEP.totpDigits));
    // Every candidate is compared, in constant time, whatever matched before.
    if (constantTimeEqual(expected, typed) && found === null) found = step + drift;
  }
  return found;
}

/**
 * Adds the authenticator app whose key the enrolment page showed, once a code from it proves
 * it was set up: "wrong-code", "exists" (the account has one already), or "added" with the new
 * recovery codes when the account had none left (null otherwise). The code used here cannot
 * be used again to sign in.
 */
export async function addAuthenticator(
  db: Database,
  secrets: readonly string[],
  account: Account,
  key: Uint8Array,
  code: string,
  now = new Date(),
): Promise<{ status: "added"; recoveryCodes: string[] | null } | { status: "wrong-code" } | { status: "exists" }> {
  const step = matchingStep(key, code, now);
  if (step === null) return { status: "wrong-code" };
  const codes = await newRecoveryCodes(
    db,
    account.id,
    now,
    sql`EXISTS (SELECT 1 FROM ${totpCredentials} WHERE ${totpCredentials.userId} = ${account.id} AND ${totpCredentials.createdAt} = ${now.getTime()})`,
  );
  const [inserted, ...rest] = await db.batch([
    db
      .insert(totpCredentials)
      .values({ userId: account.id, encryptedKey: await sealKey(secrets, key), lastUsedStep: step, createdAt: now })
      .onConflictDoNothing(),
    auditStatement(db, "authenticator_added", { subjectEmail: account.email, actorUserId: account.id, now }),
    ...codes.statements,
  ]);
  if (inserted.meta.changes !== 1) return { status: "exists" };
  const codesWritten = rest.slice(1).some((result) => result.meta.changes === 1);
  return { status: "added", recoveryCodes: codesWritten ? codes.plain : null };
}

/**
 * True when `code` is the account's authenticator code for now (a step either side allowed)
 * and was not accepted before: the step is stored as used in the same statement that accepts
 * it, so the same code twice, even at once, is accepted once. A key sealed under an older
 * secret of a rotation is sealed again under the current one.
 */
export async function verifyAuthenticatorCode(
  db: Database,
  secrets: readonly string[],
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).get();
  if (!row) return false;
  const opened = await openKey(secrets, row.encryptedKey);
  if (!opened) return false;
  const step = matchingStep(opened.key, code, now);
  if (step === null || step <= row.lastUsedStep) return false;
  const updated = await db
    .update(totpCredentials)
    // Sealed under an older secret of a rotation: sealed again under the current one.
    .set({ lastUsedStep: step, ...(opened.current ? {} : { encryptedKey: await sealKey(secrets, opened.key) }) })
    .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastUsedStep, step)))
    .returning({ userId: totpCredentials.userId });
  return updated.length === 1;
}

/**
 * Removes the account's authenticator app: "removed", "not-found", or "last-step" while
 * two-step sign-in is required and it is the account's only second step. Removing the last
 * second step also removes the recovery codes (they only stand in for one).
 */
export async function removeAuthenticator(db: Database, account: Account, now = new Date()): Promise<StepRemoval> {
  return removeSecondStep(
    db,
    account,
    db.delete(totpCredentials).where(and(eq(totpCredentials.userId, account.id), keepsASecondStep(hasPasskey(account.id)))),
    "authenticator_removed",
    db.select({ userId: totpCredentials.userId }).from(totpCredentials).where(eq(totpCredentials.userId, account.id)),
    now,
  );
}

/** What removing a second step came to (removeAuthenticator, removePasskey in passkeys.server.ts). */
export type StepRemoval = "removed" | "not-found" | "last-step";

/**
 * Removes one second step of the account in one batch: `removal` (a DELETE guarded by
 * keepsASecondStep), its audit row when it happened, and the recovery codes when no second step
 * is left. Out: "removed", else "last-step" while `stillThere` finds the step, else "not-found".
 */
export async function removeSecondStep(
  db: Database,
  account: Account,
  removal: BatchItem<"sqlite">,
  action: Extract<SecondStepChange, "passkey_removed" | "authenticator_removed">,
  stillThere: { get(): Promise<unknown> },
  now: Date,
): Promise<StepRemoval> {
  const [deleted] = (await db.batch([
    removal,
    auditStatement(db, action, { subjectEmail: account.email, actorUserId: account.id, now }),
    dropCodesWithoutSecondStep(db, account.id),
  ])) as [{ meta: { changes: number } }, ...unknown[]];
  if (deleted.meta.changes === 1) return "removed";
  return (await stillThere.get()) ? "last-step" : "not-found";
}

/** Deletes the account's recovery codes when it has no passkey and no authenticator app left. */
function dropCodesWithoutSecondStep(db: Database, userId: string) {
  return db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), sql`NOT ${hasAuthenticator(userId)}`, sql`NOT ${hasPasskey(userId)}`));
}

// --- Recovery codes ---------------------------------------------------------------------------

/** The characters of a recovery code: digits and capitals without 0/O, 1/I/L, U (Crockford's base 32 less U). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 10;

/** A new recovery code as shown: `XXXXX-XXXXX` (about 49 bits). */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH * 2));
  let code = "";
  // Rejection sampling: a byte is used only below the largest multiple of the alphabet's size.
  const limit = 256 - (256 % CODE_ALPHABET.length);
  for (const byte of bytes) {
    if (code.length === CODE_LENGTH) break;
    if (byte < limit) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  }
  while (code.length < CODE_LENGTH) code += CODE_ALPHABET[crypto.getRandomValues(new Uint8Array(1))[0]! % CODE_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed, in its stored spelling: capitals, no spaces or dashes; null if it cannot be one. */
function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

/**
 * Ten new codes for `userId` and the statements that store them (scrypt hashes under one new
 * salt), each written only while the account has a second step and no unused code but these
 * (adding a second factor keeps the codes it has), and while `withStep` holds (the second
 * step added in the same batch exists: no codes are stored that nobody was shown).
 */
export async function newRecoveryCodes(db: Database, userId: string, now: Date, withStep: SQL = sql`1`) {
  const plain = Array.from({ length: TWO_STEP.recoveryCodes }, newRecoveryCode);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const rows = await Promise.all(
    plain.map(async (code) => ({ id: crypto.randomUUID(), hash: await hashPassword(normalizeRecoveryCode(code)!, Buffer.from(salt)) })),
  );
  const ids = rows.map((row) => row.id);
  const noOtherCodes = notExists(
    db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt), notInArray(recoveryCodes.id, ids))),
  );
  const statements = rows.map((row) =>
    insertWhere(
      db,
      recoveryCodes,
      { id: row.id, userId, codeHash: row.hash, usedAt: null, createdAt: now },
      noOtherCodes,
      or(hasAuthenticator(userId), hasPasskey(userId))!,
      withStep,
    ),
  );
  return { plain, statements };
}

/**
 * Replaces the account's recovery codes with ten new ones (the old ones stop working) and
 * records it. Out: the new codes, or null when the account has no second step (no codes then).
 */
export async function renewRecoveryCodes(db: Database, account: Account, now = new Date()): Promise<string[] | null> {
  const codes = await newRecoveryCodes(db, account.id, now);
  const [, ...written] = await db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id)),
    ...codes.statements,
    auditStatement(db, "recovery_codes_renewed", { subjectEmail: account.email, actorUserId: account.id, now }),
  ]);
  return written[0]?.meta.changes === 1 ? codes.plain : null;
}

/**
 * Uses one recovery code of the account: "used" with how many are left, or "wrong" (unknown,
 * already used, or not one at all). One scrypt hash per attempt: the account's codes share a salt.
 */
export async function useRecoveryCode(
  db: Database,
  account: Account,
  typed: string,
  now = new Date(),
): Promise<{ status: "used"; left: number } | { status: "wrong" }> {
  const code = normalizeRecoveryCode(typed);
  const unused = await db
    .select({ hash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, account.id), isNull(recoveryCodes.usedAt)))
    .get();
  const salt = unused ? saltOf(unused.hash) : null;
  if (!code || !salt) return { status: "wrong" };
  const hash = await hashPassword(code, salt);
  const [used, , [left]] = await db.batch([
    db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, account.id), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt))),
    auditStatement(db, "recovery_code_used", { subjectEmail: account.email, actorUserId: account.id, now }),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, account.id), isNull(recoveryCodes.usedAt))),
  ]);
  return used.meta.changes === 1 ? { status: "used", left: left?.n ?? 0 } : { status: "wrong" };
}

// --- The TOTP key at rest ---------------------------------------------------------------------

/**
 * The AES-GCM key that seals TOTP keys, derived from one signing secret (HMAC-SHA256 of a fixed
 * label), so a copy of the database alone does not give anyone the codes.
 */
async function sealingKey(secret: string): Promise<CryptoKey> {
  const raw = new Uint8Array(hmac(SHA256, new TextEncoder().encode(secret), new TextEncoder().encode("totp-key-sealing")));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The stored form of a TOTP key: base64 of a 12-byte IV and the AES-GCM ciphertext, under the first secret. */
async function sealKey(secrets: readonly string[], key: Uint8Array): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(secrets[0]!), new Uint8Array(key)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return encodeBase64(out);
}

/**
 * The TOTP key of a stored form, trying every secret (a rotation keeps it readable), and
 * whether the current (first) secret opened it; null if none does.
 */
async function openKey(secrets: readonly string[], stored: string): Promise<{ key: Uint8Array; current: boolean } | null> {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(stored);
  } catch {
    return null;
  }
  for (const [index, secret] of secrets.entries()) {
    try {
      const opened = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await sealingKey(secret), bytes.slice(12));
      return { key: new Uint8Array(opened), current: index === 0 };
    } catch {
      // Not this secret; try the next.
    }
  }
  return null;
}

/** The changes to an account's second steps that its owner is told of by e-mail. */
export type SecondStepChange = Extract<
  TeamAction,
  "passkey_added" | "passkey_removed" | "authenticator_added" | "authenticator_removed" | "recovery_code_used" | "recovery_codes_renewed"
>;

/** The subject of the e-mail after each SecondStepChange. */
export const SECOND_STEP_MAIL_SUBJECTS: Record<SecondStepChange, string> = {
  passkey_added: "A passkey was added to your account",
  passkey_removed: "A passkey was removed from your account",
  authenticator_added: "An authenticator app was added to your account",
  authenticator_removed: "The authenticator app was removed from your account",
  recovery_code_used: "A recovery code was used to sign in to your account",
  recovery_codes_renewed: "Your account has new recovery codes",
};
