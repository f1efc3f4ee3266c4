/**
 * Security headers on every response, and a Content-Security-Policy for every HTML page that
 * allows exactly the inline scripts that page carries, by their SHA-256 hashes.
 *
 * Why hashes and not nonces (docs/decisions/006-csp-hashes.md): a page's policy is a function
 * of its body alone, so whatever the browser reuses (its HTTP cache, a 304 that refreshes the
 * stored headers, the back/forward cache) always pairs a body with the policy made for it,
 * and a page from the edge cache needs no rewriting.
 *
 * The CSP allows scripts from this origin plus the hashed inline scripts (no 'unsafe-inline',
 * no 'unsafe-eval'). Third-party hosts are allowed only when their feature is configured.
 */
import type { PublicFeatures } from "~/domain/company";

/**
 * The CSP of an HTML page.
 * @param scriptHashes `'sha256-…'` sources of the page's inline scripts (see inlineScriptHashes)
 * @param features third-party features configured in [vars]
 * @param formTargets origins besides this one a form of the page may lead to: the card
 *   provider's, on an invoice's page, whose 'Pay by card' form is answered by a redirect there
 *   (browsers apply `form-action` to a form's redirects too)
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  features: PublicFeatures,
  formTargets: readonly string[] = [],
): string {
  const scripts = ["'self'", ...scriptHashes];
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
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of every response that is not an HTML page: nothing may load from it. */
const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** True for an HTML response. */
export function isHtml(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

/**
 * The `'sha256-<base64>'` source of every inline `<script>` (one without `src`) in `html`, in
 * document order without repeats: the hash of the script's text as UTF-8, as CSP Level 3
 * ("script-src" hash-source) defines it. Uses the Workers runtime's HTMLRewriter.
 */
async function inlineScriptHashes(html: string): Promise<string[]> {
  const texts: string[] = [];
  /** The inline script being read: its index in `texts`. */
  let current: number | null = null;
  await new HTMLRewriter()
    .on("script", {
      element(element) {
        if (element.hasAttribute("src")) return;
        current = texts.push("") - 1;
        element.onEndTag(() => {
          current = null;
        });
      },
      text(chunk) {
        if (current !== null) texts[current] += chunk.text;
      },
    })
    .transform(new Response(html))
    .arrayBuffer();
  const hashes = await Promise.all(
    texts.map(async (text) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
      return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    }),
  );
  return [...new Set(hashes)];
}

/**
 * An HTML response with the CSP made for its body (inline script hashes) and `formTargets`
 * (contentSecurityPolicy); the body is read whole (pages are tens of kB). Anything else is
 * returned unchanged.
 */
export async function withPagePolicy(response: Response, features: PublicFeatures, formTargets: readonly string[] = []): Promise<Response> {
  if (!isHtml(response) || response.body === null) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(await inlineScriptHashes(html), features, formTargets));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

export interface SecurityOptions {
  /** HSTS only where the site is served over https (never on local dev's http). */
  https: boolean;
}

/**
 * The response with the headers every response carries. A response without a policy of its
 * own (anything but a page, which withPagePolicy gave one) gets the policy that allows nothing;
 * one that sets its own Referrer-Policy keeps it (a calendar feed's `no-referrer`).
 */
export function withSecurityHeaders(response: Response, options: SecurityOptions): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_HTML_POLICY);
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may set its own (a review link's `same-origin`, a calendar feed's `no-referrer`).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (options.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return secured;
}
