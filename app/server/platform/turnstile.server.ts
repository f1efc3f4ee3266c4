/**
 * Cloudflare Turnstile, verified on the server when both TURNSTILE_SITE_KEY ([vars]) and
 * TURNSTILE_SECRET_KEY (secret) are set; absent otherwise (local dev and tests).
 * Server-side validation as Cloudflare documents it (Turnstile, "Server-side validation"):
 * the token is sent to siteverify, and a success counts only when the `hostname` and
 * `action` it reports are the site's and the form's.
 */
import { logEvent, logFailure } from "./log.server";

/** The field Turnstile's widget adds to the form. */
export const TURNSTILE_FIELD = "cf-turnstile-response";
/** A token is at most 2,048 characters (Cloudflare's documented limit). */
export const TURNSTILE_TOKEN_MAX = 2048;

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** How long to wait for siteverify before calling the check unavailable, in ms. */
const SITEVERIFY_TIMEOUT_MS = 5000;

export function turnstileEnabled(env: Pick<CloudflareBindings, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

/**
 * - "passed": Cloudflare accepted the token for this hostname and action;
 * - "refused": no token, or Cloudflare refused it, or it was made for another site or form;
 * - "unavailable": siteverify could not be reached or answered nonsense. The submission is
 *   refused all the same (fail closed): a check that cannot run proves nothing.
 */
export type TurnstileOutcome = "passed" | "refused" | "unavailable";

export interface TurnstileCheck {
  secret: string;
  token: string | null;
  /** The client's IP (CF-Connecting-IP). */
  ip: string;
  /** The site's hostname, as the widget reports the page it ran on. */
  hostname: string;
  /** The form's name, given to the widget as its `action`. */
  action: string;
}

/** Asks siteverify about the token. Never throws. */
export async function verifyTurnstile(check: TurnstileCheck): Promise<TurnstileOutcome> {
  if (!check.token) return "refused";
  let outcome: { success?: unknown; hostname?: unknown; action?: unknown; "error-codes"?: unknown };
  try {
    const response = await fetch(SITEVERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret: check.secret, response: check.token, remoteip: check.ip }),
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    outcome = await response.json();
    if (typeof outcome !== "object" || outcome === null || typeof outcome.success !== "boolean")
      throw new Error(`status ${response.status}`);
  } catch (error) {
    logFailure("turnstile_unavailable", error);
    return "unavailable";
  }
  if (outcome.success !== true) return "refused";
  if (outcome.hostname !== check.hostname || outcome.action !== check.action) {
    logEvent("turnstile_mismatch", { hostname: String(outcome.hostname).slice(0, 100), action: String(outcome.action).slice(0, 40) });
    return "refused";
  }
  return "passed";
}
