/**
 * The load context every loader and action receives: the Worker's bindings (`env`, typed
 * from wrangler.toml by `wrangler types`), its execution context (`ctx`), the request's id
 * and the request's one Drizzle client over D1 (`db`), which server modules take as their
 * first argument, and the site content its pages show (`siteContent`).
 */
import type { Database } from "./server/platform";
import type { MailQueueMessage } from "./server/mail";
import type { SiteContent } from "./domain/site-content";
import type { PublicContent } from "./server/site";

interface CloudflareContext {
  env: CloudflareBindings;
  ctx: ExecutionContext;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    /** Set by the Worker for each request; in logs, X-Request-Id and the 500 page. */
    requestId: string;
    /** The Drizzle client of the `DB` binding, made once for this request (server.ts). */
    db: Database;
    /**
     * The public content (app/server/site/content.server.ts `readPublicContent`): the site
     * content, the published reviews, the published gallery and the owner's retention periods
     * (for the privacy notice), read at most once per request however many loaders ask, in one
     * D1 round trip, or none when the isolate already holds it at the content version the
     * request knows.
     */
    publicContent: () => Promise<PublicContent>;
    /** The site content of `publicContent()`. */
    siteContent: () => Promise<SiteContent>;
  }
}

declare global {
  /**
   * Bindings not declared in wrangler.toml's plain sections: secrets (`wrangler secret put`,
   * `.dev.vars` locally) and the optional e-mail binding (commented out until set up).
   */
  interface CloudflareBindings {
    TURNSTILE_SECRET_KEY?: string;
    /** Session and link signing secrets, comma-separated for rotation (see secrets.server.ts). */
    SESSION_SECRET?: string;
    EMAIL?: SendEmail;
    /** The mail queue's producer (wrangler.toml `[[queues.producers]]`), typed with its message. */
    MAIL_QUEUE: Queue<MailQueueMessage>;
  }
}
