/**
 * Sessions (docs/architecture.md, "Rules that cross modules"): a random 160-bit token in a
 * signed, HttpOnly, SameSite=Lax cookie (Secure on https); D1 keeps only the token's SHA-256.
 * A session lasts 30 days and slides: when less than 15 days remain, a request pushes the
 * expiry 30 days ahead and re-sends the cookie. Signing secrets rotate (secrets.server.ts).
 */
import { createCookie } from "@remix-run/cloudflare";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { sessions, users, type User } from "../../drizzle/schema";
import type { Database } from "~/server/platform/db.server";
import { mustEnrolCondition } from "~/server/two-step/factors.server";
import { readSecrets } from "~/server/platform/secrets.server";
import { DAY_MS } from "~/domain/dates";

export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** When less than this remains, a request extends the session. */
const SESSION_REFRESH_MS = 15 * DAY_MS;

type SessionEnv = Pick<CloudflareBindings, "SESSION_SECRET">;

function sessionCookie(request: Request, env: SessionEnv) {
  return createCookie("__session", {
    secrets: readSecrets(env),
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

/** The D1 id of a session token: its SHA-256, hex. */
export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Starts a session for `userId`; returns the Set-Cookie header. */
export async function createSession(db: Database, request: Request, env: SessionEnv, userId: string, now = new Date()): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await db
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) });
  return sessionCookie(request, env).serialize(token);
}

export interface CurrentSession {
  user: User;
  sessionId: string;
  /** Two-step sign-in is required and this account has no second step yet (app/server/two-step/factors.server.ts). */
  mustEnrol: boolean;
  /** A Set-Cookie header to send when the session was extended, else null. */
  refreshedCookie: string | null;
}

/**
 * The signed-in user, read from D1 on every request (so a demotion or sign-out takes effect at
 * once), or null: no cookie, a tampered or unsigned cookie, an unknown or expired session.
 * One statement, which also says whether the account must enrol a second step. A GET's
 * loaders share one read (the layout's and the page's, keyed by the request's Drizzle client,
 * made once per request in server.ts); any other method reads each time, since its action may
 * have changed the account.
 * With `slide`, a session under 15 days from expiry is extended, and the caller must send
 * `refreshedCookie` (the admin layout does, on every page load and after every action), so
 * D1 and the browser's cookie always expire together.
 */
export async function readSession(
  db: Database,
  request: Request,
  env: SessionEnv,
  { slide = false, now = new Date() }: { slide?: boolean; now?: Date } = {},
): Promise<CurrentSession | null> {
  const cookie = sessionCookie(request, env);
  const token: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof token !== "string" || !/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sessionIdOf(token);
  const read = () =>
    db
      .select({ user: users, expiresAt: sessions.expiresAt, mustEnrol: mustEnrolCondition(users.id) })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
      .get();
  let row: Awaited<ReturnType<typeof read>>;
  if (request.method === "GET" || request.method === "HEAD") {
    const shared = sharedReads.get(db) ?? read();
    sharedReads.set(db, shared);
    row = await shared;
  } else row = await read();
  if (!row) return null;
  let refreshedCookie: string | null = null;
  if (slide && row.expiresAt.getTime() - now.getTime() < SESSION_REFRESH_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) })
      .where(eq(sessions.id, sessionId));
    refreshedCookie = await cookie.serialize(token);
  }
  return { user: row.user, sessionId, mustEnrol: row.mustEnrol, refreshedCookie };
}

/** A GET's session read, shared by its loaders (see readSession). */
const sharedReads = new WeakMap<Database, Promise<{ user: User; expiresAt: Date; mustEnrol: boolean } | undefined>>();

/** Ends this request's session; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(db: Database, request: Request, env: SessionEnv): Promise<string> {
  const cookie = sessionCookie(request, env);
  const token: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof token === "string") await db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
  return cookie.serialize("", { maxAge: 0 });
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
