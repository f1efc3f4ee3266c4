/**
 * The session cookie (docs/architecture.md, "Rules that cross modules"; decision 003): a
 * random 160-bit token in a signed, HttpOnly, SameSite=Lax cookie (Secure on https), signed
 * with the rotating secrets of secrets.server.ts. The rows behind it (D1 keeps only the token's
 * SHA-256; 30 days that slide) are app/server/auth/sessions.server.ts's; this module reads the
 * token from a request and writes the Set-Cookie headers.
 */
import { createCookie } from "@remix-run/cloudflare";
import {
  deleteSession,
  extendSession,
  findSession,
  insertSession,
  isSessionToken,
  SESSION_LIFETIME_MS,
  sessionIdOf,
  sessionRunsShort,
  type SessionRow,
} from "~/server/auth";
import type { User } from "../../drizzle/schema";
import { readSecrets, type Database } from "~/server/platform";
import { mustEnrolCondition } from "~/server/two-step";

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

/** The session token of this request's cookie, or null: none, tampered with, unsigned or malformed. */
async function tokenOf(request: Request, env: SessionEnv): Promise<string | null> {
  const token: unknown = await sessionCookie(request, env)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return isSessionToken(token) ? token : null;
}

/**
 * True when the request carries a session cookie signed by this site (expired or not): the
 * cheap check, without D1, that lets a page start its reads beside the session's
 * (app/http/permissions.server.ts `requireAdminWith`).
 */
export async function carriesSessionCookie(request: Request, env: SessionEnv): Promise<boolean> {
  return (await tokenOf(request, env)) !== null;
}

/** Starts a session for `userId`; returns the Set-Cookie header. */
export async function createSession(db: Database, request: Request, env: SessionEnv, userId: string, now = new Date()): Promise<string> {
  const token = await insertSession(db, userId, now);
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
  const token = await tokenOf(request, env);
  if (token === null) return null;
  const sessionId = sessionIdOf(token);
  const read = () => findSession(db, sessionId, mustEnrolCondition, now);
  let row: SessionRow | undefined;
  if (request.method === "GET" || request.method === "HEAD") {
    const shared = sharedReads.get(db) ?? read();
    sharedReads.set(db, shared);
    row = await shared;
  } else row = await read();
  if (!row) return null;
  let refreshedCookie: string | null = null;
  if (slide && sessionRunsShort(row.expiresAt, now)) {
    await extendSession(db, sessionId, now);
    refreshedCookie = await sessionCookie(request, env).serialize(token);
  }
  return { user: row.user, sessionId, mustEnrol: row.mustEnrol, refreshedCookie };
}

/** A GET's session read, shared by its loaders (see readSession). */
const sharedReads = new WeakMap<Database, Promise<SessionRow | undefined>>();

/** Ends this request's session; returns the Set-Cookie header that clears the cookie. */
export async function destroySession(db: Database, request: Request, env: SessionEnv): Promise<string> {
  const cookie = sessionCookie(request, env);
  const token: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof token === "string") await deleteSession(db, token);
  return cookie.serialize("", { maxAge: 0 });
}
