/**
 * A half-finished sign-in (docs/decisions/015-two-step-sign-in.md): the password was right and
 * the account has a second step, which is not done yet. It lives only in a signed, HttpOnly
 * cookie for /auth (no session exists yet, so no admin page can be served), naming the
 * account, the admin page to go on to, and when it ends: TWO_STEP.pendingMinutes after the
 * password, whatever the cookie's own Max-Age says.
 */
import { createCookie } from "@remix-run/cloudflare";
import { MINUTE_MS } from "~/domain/dates";
import { TWO_STEP } from "~/domain/limits";
import { readSecrets } from "~/server/platform";

type PendingEnv = Pick<CloudflareBindings, "SESSION_SECRET">;

/** A half-finished sign-in: the account, the admin page to go on to. */
export interface PendingSignIn {
  userId: string;
  redirectTo: string;
}

interface CookieValue {
  u: string;
  r: string;
  /** When it ends, ms since the epoch. */
  e: number;
}

const COOKIE_NAME = "__two_step";

/** True when the request carries a half-finished sign-in's cookie, valid or not (one had begun on this browser). */
export function secondStepBegan(request: Request): boolean {
  return request.headers.get("Cookie")?.includes(`${COOKIE_NAME}=`) ?? false;
}

function pendingCookie(request: Request, env: PendingEnv) {
  return createCookie(COOKIE_NAME, {
    secrets: readSecrets(env),
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/auth",
    maxAge: TWO_STEP.pendingMinutes * 60,
  });
}

/** Starts the second step for `userId`; returns the Set-Cookie header. */
export async function startSecondStep(request: Request, env: PendingEnv, pending: PendingSignIn, now = new Date()): Promise<string> {
  const value: CookieValue = { u: pending.userId, r: pending.redirectTo, e: now.getTime() + TWO_STEP.pendingMinutes * MINUTE_MS };
  return pendingCookie(request, env).serialize(value);
}

/** The half-finished sign-in of this request, or null: none, tampered with, or past its 5 minutes. */
export async function readSecondStep(request: Request, env: PendingEnv, now = new Date()): Promise<PendingSignIn | null> {
  const value: unknown = await pendingCookie(request, env)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (typeof value !== "object" || value === null) return null;
  const { u, r, e } = value as Partial<CookieValue>;
  if (typeof u !== "string" || typeof r !== "string" || typeof e !== "number" || e <= now.getTime()) return null;
  return { userId: u, redirectTo: r };
}

/** The Set-Cookie header that ends the half-finished sign-in. */
export function endSecondStep(request: Request, env: PendingEnv): Promise<string> {
  return pendingCookie(request, env).serialize("", { maxAge: 0 });
}
