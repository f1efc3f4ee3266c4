/**
 * Throttling of password guessing that cannot be turned against the account's owner
 * (OWASP Authentication Cheat Sheet, "Protect Against Automated Attacks"; decision record
 * docs/decisions/008-sign-in-throttling.md).
 *
 * Only failed sign-ins count, per account (the address tried, known or not, so an unknown
 * address behaves exactly like a known one) and per client (`clientKey`, rate-limit.server.ts:
 * the IPv4 address, or the IPv6 /64):
 * - a client that failed `perClientFailures` times for one address within the window is
 *   refused for that address until the window has passed; other clients are not;
 * - once an address has `delayAfterFailures` failures within the window, from any clients,
 *   each further failure is answered only after a delay that doubles from 1 s up to
 *   `maxDelayMs`, so guessing in sequence slows down; a correct password is never delayed;
 * - a successful sign-in or password reset clears the address's failures.
 * The second step of a sign-in (claimSecondStepAttempt) is counted per account id
 * (secondStepKeys), and also stops every client once the account has had its limit in the
 * window: only someone who has the password reaches it, so that cannot lock the owner out.
 * The per-IP limit on every attempt (wrangler.toml AUTH_RATE_LIMITER) caps guessing in
 * parallel. The figures are SIGN_IN_THROTTLE in app/domain/limits.ts. Nothing here refuses the owner's correct password from a client of their own.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import { signInFailures, users } from "../../../drizzle/schema";
import { SIGN_IN_THROTTLE, TWO_STEP } from "~/domain/limits";
import { insertWhere, PREVIOUS_CHANGED_ONE, type Database } from "~/server/platform";

const WINDOW_MS = SIGN_IN_THROTTLE.windowMinutes * 60 * 1000;

const hex = (value: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(value)));

/** The keys a failure is stored under: SHA-256 hex of the lower-cased address and of the client IP. */
export function throttleKeys(email: string, ip: string): { accountKey: string; clientKey: string } {
  return { accountKey: hex(`account:${email.trim().toLowerCase()}`), clientKey: hex(`client:${ip}`) };
}

/**
 * The keys of the second step of a sign-in (app/routes/auth/two-step/two-step.server.ts): the same
 * throttle, counted per account id, apart from the password's failures.
 */
function secondStepKeys(userId: string, ip: string): { accountKey: string; clientKey: string } {
  return { accountKey: hex(`second-step:${userId}`), clientKey: hex(`client:${ip}`) };
}

/**
 * True when this client has used up its failures for this address (the attempt is then
 * refused without checking the password). In: the keys from throttleKeys, `now` in ms.
 */
export async function clientIsThrottled(db: Database, keys: { accountKey: string; clientKey: string }, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.accountKey, keys.accountKey),
        eq(signInFailures.clientKey, keys.clientKey),
        gte(signInFailures.failedAt, new Date(now - WINDOW_MS)),
      ),
    );
  return (row?.n ?? 0) >= SIGN_IN_THROTTLE.perClientFailures;
}

/**
 * Stores one failed sign-in and returns how long to hold its answer back, in ms: 0 until
 * the address has `delayAfterFailures` failures in the window, then 1 s, 2 s, 4 s … up to
 * `maxDelayMs` (failureDelayMs).
 */
export async function recordFailure(db: Database, keys: { accountKey: string; clientKey: string }, now = Date.now()): Promise<number> {
  const [, [row]] = await db.batch([
    db.insert(signInFailures).values({ ...keys, failedAt: new Date(now) }),
    db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.accountKey, keys.accountKey), gte(signInFailures.failedAt, new Date(now - WINDOW_MS)))),
  ]);
  return failureDelayMs(row?.n ?? 0);
}

/** The delay in ms after an address's `failures`-th failure within the window (see above). */
function failureDelayMs(failures: number): number {
  const over = failures - SIGN_IN_THROTTLE.delayAfterFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_THROTTLE.firstDelayMs * 2 ** (over - 1), SIGN_IN_THROTTLE.maxDelayMs);
}

/** Forgets the failures of the address (after a successful sign-in or password reset). */
export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, throttleKeys(email, "").accountKey));
}

/** What claimSecondStepAttempt found: go on (with the account's failures so far), wait, or reset the password. */
export type SecondStepClaim =
  | { status: "allowed"; failuresInWindow: number; consecutiveFailures: number; delayMs: number }
  | { status: "throttled" }
  | { status: "locked" };

/**
 * Claims one attempt at the second step of `userId` from client `ip` before its code is
 * checked, in one batch, so attempts sent at once cannot share one allowance
 * (docs/decisions/015-two-step-sign-in.md). The attempt is stored as a failure, and the
 * account's `second_step_failures` goes up, only while: this client has fewer than
 * TWO_STEP.perClientFailures and the account fewer than TWO_STEP.perAccountFailures failures
 * in the window, and the account fewer than TWO_STEP.maxConsecutiveFailures since its last
 * finished sign-in. A right code then clears them (clearSecondStepFailures, recordSignIn).
 * Out: "allowed" with the account's failures counting this attempt (for the owner's alert) and
 * how long to hold back the answer if the code is wrong (the password's delays), "throttled" (wait for the window) or "locked" (until a password reset).
 */
export async function claimSecondStepAttempt(db: Database, userId: string, ip: string, now = Date.now()): Promise<SecondStepClaim> {
  const keys = secondStepKeys(userId, ip);
  const since = now - WINDOW_MS;
  const failures = (client: boolean) =>
    sql`(SELECT count(*) FROM ${signInFailures} WHERE ${signInFailures.accountKey} = ${keys.accountKey}${
      client ? sql` AND ${signInFailures.clientKey} = ${keys.clientKey}` : sql``
    } AND ${signInFailures.failedAt} >= ${since})`;
  const consecutive = sql`(SELECT ${users.secondStepFailures} FROM ${users} WHERE ${users.id} = ${userId})`;
  const [claimed, , [counts]] = await db.batch([
    insertWhere(
      db,
      signInFailures,
      { id: sql`NULL`, ...keys, failedAt: new Date(now) },
      sql`${failures(true)} < ${TWO_STEP.perClientFailures}`,
      sql`${failures(false)} < ${TWO_STEP.perAccountFailures}`,
      sql`${consecutive} < ${TWO_STEP.maxConsecutiveFailures}`,
    ),
    db
      .update(users)
      .set({ secondStepFailures: sql`${users.secondStepFailures} + 1` })
      .where(and(eq(users.id, userId), PREVIOUS_CHANGED_ONE)),
    db
      .select({ inWindow: sql<number>`${failures(false)}`, consecutive: sql<number>`${consecutive}` })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  if (claimed.meta.changes === 1) {
    const failuresInWindow = counts?.inWindow ?? 0;
    return {
      status: "allowed",
      failuresInWindow,
      consecutiveFailures: counts?.consecutive ?? 0,
      delayMs: failureDelayMs(failuresInWindow),
    };
  }
  return (counts?.consecutive ?? 0) >= TWO_STEP.maxConsecutiveFailures ? { status: "locked" } : { status: "throttled" };
}

/** Forgets the second-step failures of an account (after a second step that succeeded). */
export async function clearSecondStepFailures(db: Database, userId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, secondStepKeys(userId, "").accountKey));
}

/** Deletes failures older than the window (daily cron); returns how many rows went. */
export async function deleteStaleFailures(db: Database, now = Date.now()): Promise<number> {
  const result = await db
    .delete(signInFailures)
    .where(lt(signInFailures.failedAt, new Date(now - WINDOW_MS)))
    .run();
  return result.meta.changes;
}
