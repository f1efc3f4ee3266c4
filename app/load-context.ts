/**
 * The load context every loader and action receives: the Worker's bindings (`env`, typed
 * from wrangler.toml by `wrangler types`) and its execution context (`ctx`).
 */
export interface CloudflareContext {
  env: CloudflareBindings;
  ctx: ExecutionContext;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    /** Set by the Worker for each request; in logs, X-Request-Id and the 500 page. */
    requestId: string;
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
  }
}
