/**
 * The Worker: static files come from Workers static assets (build/client, see wrangler.toml);
 * every other request goes to Remix with `{ cloudflare: { env, ctx } }` as load context,
 * after the same-origin check for writes.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `npm run build` (remix vite:build).
// @ts-ignore -- absent until the first build
import * as build from "./build/server";
import { rejectCrossOriginWrite, withoutForwardedHost } from "./app/server/origin.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild, "production");

export default {
  async fetch(request, env, ctx) {
    return (
      rejectCrossOriginWrite(request) ??
      handleRemixRequest(withoutForwardedHost(request), { cloudflare: { env, ctx } })
    );
  },
} satisfies ExportedHandler<CloudflareBindings>;
