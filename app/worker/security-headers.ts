/**
 * Security headers on every response, and a fresh CSP nonce per response.
 *
 * HTML is rewritten with HTMLRewriter: each `nonce` attribute (rendered as NONCE_PLACEHOLDER,
 * or carried over from a cached copy) gets this response's nonce, and the CSP allows only
 * scripts from this origin plus inline scripts with that nonce (no 'unsafe-inline' for
 * scripts). Third-party hosts are allowed only when their feature is configured.
 */
import type { PublicFeatures } from "~/server/env.server";

/** 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, features: PublicFeatures): string {
  const scripts = ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  const frames: string[] = [];
  if (features.ga4Id) {
    scripts.push("https://www.googletagmanager.com");
    connect.push("https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com");
  }
  if (features.cfAnalyticsToken) {
    scripts.push("https://static.cloudflareinsights.com");
    connect.push("https://cloudflareinsights.com");
  }
  if (features.turnstileSiteKey) {
    scripts.push("https://challenges.cloudflare.com");
    frames.push("https://challenges.cloudflare.com");
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // React renders style attributes (photo focus, aspect ratios); no script can come of them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frames.length ? frames.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface SecurityOptions {
  features: PublicFeatures;
  /** HSTS only where the site is served over https (never on local dev's http). */
  https: boolean;
}

/** The response with security headers; HTML gets a fresh nonce and its CSP. */
export function withSecurityHeaders(response: Response, options: SecurityOptions): Response {
  const nonce = createNonce();
  const isHtml = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
  const secured = isHtml
    ? new HTMLRewriter()
        .on("[nonce]", {
          element(element) {
            element.setAttribute("nonce", nonce);
          },
        })
        .transform(response)
    : new Response(response.body, response);
  const headers = secured.headers;
  if (isHtml) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options.features));
  else if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return secured;
}
