import { logFailure } from "~/server/platform/log.server";
/**
 * Per-client rate limit for visitor forms, with the Workers Rate Limiting binding
 * (wrangler.toml `FORM_RATE_LIMITER`: 5 per 60 s per key). Works under wrangler dev.
 */

/** The client's IP: Cloudflare sets CF-Connecting-IP (clients cannot); "unknown" otherwise. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * In: the binding, the form's name and the request. Out: true when this request is allowed.
 * A failing binding lets the request through (and logs): never lose a submission to it.
 */
export async function allowFormSubmission(limiter: RateLimit, form: string, request: Request): Promise<boolean> {
  return allow(limiter, `${form}:${clientIp(request)}`);
}

/**
 * Every request of the account pages that checks a password or a token, or sends an e-mail
 * (sign-in, sign-up, reset request, new password, verification link), per client IP
 * (wrangler.toml `AUTH_RATE_LIMITER`: 10 per 60 s). Never keyed by the address tried: a
 * limit per address would let anyone lock its owner out (failed sign-ins per address are
 * throttled in sign-in-throttle.server.ts instead). A failing binding lets the attempt
 * through (and logs).
 */
export function allowAuthAttempt(limiter: RateLimit, request: Request): Promise<boolean> {
  return allow(limiter, `auth-ip:${clientIp(request)}`);
}

/**
 * Whether to send another reset e-mail to `email` now (the same binding, keyed by the
 * lower-cased address): past the limit the request is answered as usual but no mail goes,
 * so nobody can flood an inbox, and the owner still has the links already sent.
 */
export function allowResetMail(limiter: RateLimit, email: string): Promise<boolean> {
  return allow(limiter, `reset-mail:${email.trim().toLowerCase()}`);
}

/**
 * A view of a private status page, per client IP (wrangler.toml `STATUS_RATE_LIMITER`: 30
 * per 60 s): far above a customer's reloads, far below what guessing tokens would need. A
 * failing binding lets the view through (and logs).
 */
export function allowStatusView(limiter: RateLimit, request: Request): Promise<boolean> {
  return allow(limiter, `status:${clientIp(request)}`);
}

async function allow(limiter: RateLimit, key: string): Promise<boolean> {
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    logFailure("rate_limit_failed", error);
    return true;
  }
}
