/**
 * The business as every public page and e-mail names it: its identity (`Company`) and the
 * third-party features the pages render when configured (`PublicFeatures`). Read on the server
 * (app/server/platform/env.server.ts, app/server/site `companyOf`); pages and components take
 * them as data.
 */

/**
 * The business identity pages and e-mails show: the name from wrangler.toml [vars], the phone,
 * e-mail, WhatsApp number and social profile from the business facts staff edit
 * (app/server/site/content.server.ts `companyOf`). Everything here may reach any visitor (the
 * public layout's loader sends it with every public page); the staff's notification address is
 * not here (app/server/platform/env.server.ts `readNotifyEmail`).
 */
export interface Company {
  name: string;
  /** As people read it: "+1 876-555-0123" (stored in E.164, app/domain/e164.ts). */
  phone: string;
  email: string;
  /** Digits with the country code, as wa.me wants them. */
  whatsapp: string;
  /** Absolute https URL, or null. */
  socialUrl: string | null;
}

/** Third-party features the pages render only when configured (all off by default). */
export interface PublicFeatures {
  /** GA4 measurement id (G-…), or null. */
  ga4Id: string | null;
  /** Cloudflare Web Analytics token, or null. */
  cfAnalyticsToken: string | null;
  /** Turnstile site key, only when the secret is also set; or null. */
  turnstileSiteKey: string | null;
}
