/**
 * The configuration in wrangler.toml `[vars]`, read and validated once per isolate: the
 * Workers runtime hands every request of an isolate the same `env` object, so each reader
 * below keeps its result for that object (a WeakMap, so nothing outlives the bindings).
 * A reader that throws (a deploy mistake, never visitor input) is tried again next time.
 */
import type { PublicFeatures } from "~/domain/company";
import { z } from "~/forms/zod";

/** `read`, remembered per bindings object. */
function oncePerIsolate<Env extends object, T>(read: (env: Env) => T): (env: Env) => T {
  const results = new WeakMap<Env, T>();
  return (env) => {
    if (results.has(env)) return results.get(env) as T;
    const result = read(env);
    results.set(env, result);
    return result;
  };
}

const companySchema = z.object({
  COMPANY_NAME: z.string().trim().min(1),
  NOTIFY_EMAIL: z.email(),
});

export type { Company, PublicFeatures } from "~/domain/company";

/** The company's name (`COMPANY_NAME`). Throws a ZodError when it is missing or empty. */
export const readCompanyName = oncePerIsolate((env: CloudflareBindings): string => companySchema.parse(env).COMPANY_NAME);

/**
 * The staff's own inbox for new quote requests and contact messages (`NOTIFY_EMAIL`). Private:
 * only the server's e-mails use it, never a page. Throws a ZodError when it is missing.
 */
export const readNotifyEmail = oncePerIsolate((env: CloudflareBindings): string => companySchema.parse(env).NOTIFY_EMAIL);

/** Which optional third-party features are configured (invalid ids count as not set). */
export const readPublicFeatures = oncePerIsolate((env: CloudflareBindings): PublicFeatures => {
  const ga4 = env.GA4_MEASUREMENT_ID?.trim() ?? "";
  const cf = env.CF_WEB_ANALYTICS_TOKEN?.trim() ?? "";
  return {
    ga4Id: /^G-[A-Z0-9]{4,20}$/.test(ga4) ? ga4 : null,
    cfAnalyticsToken: /^[a-f0-9]{32}$/i.test(cf) ? cf : null,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? env.TURNSTILE_SITE_KEY : null,
  };
});

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The site's own origin from `SITE_URL` ([vars]), e.g. "https://www.example.com": every link
 * in an e-mail, every canonical URL and the hostname Turnstile must report are built from it,
 * never from the request's Host header (which a client chooses).
 *
 * In: the bindings. Out: the origin, without a trailing slash.
 * Throws an Error naming SITE_URL when it is missing, not an absolute http(s) URL, has a path,
 * query or fragment, or is http for a host other than localhost/127.0.0.1 (a deploy mistake).
 */
export const readSiteUrl = oncePerIsolate((env: Pick<CloudflareBindings, "SITE_URL">): string => {
  const raw = env.SITE_URL?.trim() ?? "";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as https://www.example.com, got "${raw}"`);
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
  if (!secure || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password) {
    throw new Error(`SITE_URL must be https://host (http only for localhost), without a path, got "${raw}"`);
  }
  return url.origin;
});
