/**
 * Per-client rate limits, with the Workers Rate Limiting bindings of wrangler.toml, and the one
 * key that names a client for every limit and throttle (`clientKey`). Works under wrangler dev.
 */
import ipaddr from "ipaddr.js";
import { logFailure } from "~/server/platform";

/** The client's address as Cloudflare gives it (CF-Connecting-IP), for Turnstile's check; "unknown" without one. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * The key of the client that sent `request`, for every per-client limit (forms, account
 * pages, sign-in throttling, the status page, calendar feeds, invitations). From CF-Connecting-IP, which
 * Cloudflare sets (a client cannot):
 * - an IPv4 address is its own key (`203.0.113.7`), and so is an IPv4 address written as IPv6
 *   (`::ffff:203.0.113.7`);
 * - an IPv6 address is keyed by its /64 (`2001:db8:1:2::/64`), without a zone id: one
 *   household or server is normally given a whole /64 (RFC 6177, RFC 7934), so its owner
 *   could otherwise be as many clients as they like;
 * - no header, or one that is not an address, is `unknown` (all such requests share one key).
 */
export function clientKey(request: Request): string {
  const header = clientIp(request).trim();
  const address = header.replace(/%[^%]*$/, "");
  if (!ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = ipaddr.fromByteArray([...parsed.toByteArray().slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}

/**
 * A visitor form's posts (wrangler.toml `FORM_RATE_LIMITER`: 5 per 60 s per client and form).
 * In: the binding, the form's name and the request. Out: true when this request is allowed.
 * A failing binding lets the request through (and logs): never lose a submission to it.
 */
export async function allowFormSubmission(limiter: RateLimit, form: string, request: Request): Promise<boolean> {
  return allow(limiter, `${form}:${clientKey(request)}`);
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
  return allow(limiter, `auth-ip:${clientKey(request)}`);
}

/**
 * A view of a private status page, per client IP (wrangler.toml `STATUS_RATE_LIMITER`: 30
 * per 60 s): far above a customer's reloads, far below what guessing tokens would need. A
 * failing binding lets the view through (and logs).
 */
export function allowStatusView(limiter: RateLimit, request: Request): Promise<boolean> {
  return allow(limiter, `status:${clientKey(request)}`);
}

/**
 * A fetch of a calendar feed (/calendar/<token>.ics), per client IP, counted apart from the
 * status pages on the same binding (`STATUS_RATE_LIMITER`: 30 per 60 s): far above a calendar's
 * hourly refresh, far below what guessing tokens would need. A failing binding lets it through
 * (and logs).
 */
export function allowCalendarFeed(limiter: RateLimit, request: Request): Promise<boolean> {
  return allow(limiter, `calendar:${clientKey(request)}`);
}

async function allow(limiter: RateLimit, key: string): Promise<boolean> {
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    logFailure("rate_limit_failed", error);
    return true;
  }
}
