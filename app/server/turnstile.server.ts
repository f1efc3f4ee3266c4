/**
 * Cloudflare Turnstile, verified on the server when both TURNSTILE_SITE_KEY ([vars]) and
 * TURNSTILE_SECRET_KEY (secret) are set; absent otherwise (local dev and tests).
 * https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */

/** The field Turnstile's widget adds to the form. */
export const TURNSTILE_FIELD = "cf-turnstile-response";

export function turnstileEnabled(env: Pick<CloudflareBindings, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

/**
 * True when the token is valid. A missing token is refused. If Cloudflare's endpoint cannot be
 * reached, the submission is let through and the failure logged: an outage there must not
 * lose a real visitor's request.
 */
export async function verifyTurnstile(secret: string, token: string | null, ip: string): Promise<boolean> {
  if (!token) return false;
  try {
    const response = await fetch("https://challenges.cloudflare.com/turnstile/v0/siteverify", {
      method: "POST",
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
    });
    const outcome = (await response.json()) as { success?: boolean };
    return outcome.success === true;
  } catch (error) {
    console.error(JSON.stringify({ event: "turnstile_unreachable", error: String(error) }));
    return true;
  }
}
