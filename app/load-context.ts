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
  }
}
