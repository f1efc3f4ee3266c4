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
  try {
    const { success } = await limiter.limit({ key: `${form}:${clientIp(request)}` });
    return success;
  } catch (error) {
    console.error(JSON.stringify({ event: "rate_limit_failed", error: String(error) }));
    return true;
  }
}

/**
 * Sign-in, sign-up and reset attempts (wrangler.toml `AUTH_RATE_LIMITER`: 10 per 60 s per key),
 * keyed by client IP, or by the e-mail address tried (lower-cased) so one account cannot be
 * guessed at from many addresses. A failing binding lets the attempt through (and logs).
 */
export async function allowAuthAttempt(
  limiter: RateLimit,
  by: "ip" | "email" | "reset",
  request: Request,
  email?: string,
): Promise<boolean> {
  // Reset requests have their own per-address budget, so failed sign-ins cannot also block
  // the way back in.
  const key = by === "ip" ? `auth-ip:${clientIp(request)}` : `auth-${by}:${(email ?? "").toLowerCase()}`;
  try {
    return (await limiter.limit({ key })).success;
  } catch (error) {
    console.error(JSON.stringify({ event: "rate_limit_failed", error: String(error) }));
    return true;
  }
}
