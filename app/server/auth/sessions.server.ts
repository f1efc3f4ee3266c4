/**
 * Session rows in D1 (docs/decisions/003-sessions-and-links.md): a session is a random 160-bit
 * token, which only the browser's cookie holds; D1 keeps its SHA-256 with the user and the
 * expiry. A session lasts SESSION_LIFETIME_MS and slides: when less than SESSION_REFRESH_MS
 * remains, a request may push the expiry a full lifetime ahead. The cookie itself and reading
 * it from a request are app/http/session.server.ts's.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lt, ne, type SQL, type SQLWrapper } from "drizzle-orm";
import { DAY_MS } from "~/domain/dates";
import { sessions, users, type User } from "../../../drizzle/schema";
import { tokenHash, type Database } from "~/server/platform";

/** How long a session lasts from its start or its last extension, in ms. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** When less than this remains (ms), a request extends the session. */
const SESSION_REFRESH_MS = 15 * DAY_MS;

/** The D1 id of a session token: its SHA-256, 64 lower-case hex characters. */
export function sessionIdOf(token: string): string {
  return tokenHash(token);
}

/** True for a string shaped like a session token (32 base32 characters, lower case). */
export function isSessionToken(value: unknown): value is string {
  return typeof value === "string" && /^[a-z2-7]{32}$/.test(value);
}

/** Stores a new session of `userId` ending SESSION_LIFETIME_MS after `now`; returns its token (for the cookie only). */
export async function insertSession(db: Database, userId: string, now = new Date()): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await db
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
  return token;
}

/** A live session's row: its user, when it ends, and whether the user must add a second step first. */
export interface SessionRow {
  user: User;
  expiresAt: Date;
  mustEnrol: boolean;
}

/**
 * The live session `sessionId` (not expired at `now`) joined to its user, in one statement, or
 * undefined. `mustEnrol` is an SQL condition on the user's id that the same statement selects
 * (two-step's mustEnrolCondition, given by the caller so that this feature needs none of it).
 */
export async function findSession(
  db: Database,
  sessionId: string,
  mustEnrol: (userId: SQLWrapper) => SQL<boolean>,
  now = new Date(),
): Promise<SessionRow | undefined> {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt, mustEnrol: mustEnrol(users.id) })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .get();
}

/** True when a session ending at `expiresAt` should be extended at `now` (less than SESSION_REFRESH_MS left). */
export function sessionRunsShort(expiresAt: Date, now = new Date()): boolean {
  return expiresAt.getTime() - now.getTime() < SESSION_REFRESH_MS;
}

/** Pushes the end of session `sessionId` to SESSION_LIFETIME_MS after `now`. */
export async function extendSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
    .where(eq(sessions.id, sessionId));
}

/** Deletes the session whose token is `token` (nothing when there is none). */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
}

/** Ends every session of a user, or every one but `keepSessionId`. Also sweeps expired rows. */
export async function destroyUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  await db.batch([
    db
      .delete(sessions)
      .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId)),
    db.delete(sessions).where(lt(sessions.expiresAt, new Date())),
  ]);
}

/** Deletes every session that expired before `now` (daily cron); returns how many went. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
  return result.meta.changes;
}
