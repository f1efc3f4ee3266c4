/**
 * The Worker. Static files come from Workers static assets (build/client, see wrangler.toml);
 * every other request goes through, in order:
 * 1. the same-origin check for writes (app/server/origin.server.ts);
 * 2. the page cache for anonymous public pages (app/worker/page-cache.ts);
 * 3. Remix, with `{ cloudflare: { env, ctx }, requestId }` as load context;
 * 4. security headers and a fresh CSP nonce (app/worker/security-headers.ts);
 * and one structured log line per request (app/worker/request-log.ts).
 *
 * The cron trigger (wrangler.toml `[triggers]`) runs `scheduled`: the daily sweep of photos in
 * R2 that no attachment row refers to (app/server/attachments.server.ts).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build is produced by `npm run build` (remix vite:build).
// @ts-ignore -- absent until the first build
import * as build from "./build/server";
import { rejectCrossOriginWrite, withoutForwardedHost } from "./app/server/origin.server";
import { sweepOrphanUploads } from "./app/server/attachments.server";
import { getDb } from "./app/server/db.server";
import { readCompany, readPublicFeatures } from "./app/server/env.server";
import { cachedPage, pageVersion } from "./app/worker/page-cache";
import { logRequest, withRequestId } from "./app/worker/request-log";
import { withSecurityHeaders } from "./app/worker/security-headers";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild, "production");
/** Changes with every build: part of the page cache key. */
const BUILD_ID = serverBuild.assets.version;

export default {
  async fetch(request, env, ctx) {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    let response: Response;
    let cache = "BYPASS";
    try {
      const blocked = rejectCrossOriginWrite(request);
      if (blocked) {
        response = blocked;
      } else {
        // Only computed for requests the cache may answer.
        const version = () => pageVersion(BUILD_ID, { company: readCompany(env), features: readPublicFeatures(env) });
        const served = await cachedPage(request, ctx, version, () =>
          handleRemixRequest(withoutForwardedHost(request), { cloudflare: { env, ctx }, requestId }),
        );
        response = served.response;
        cache = served.cache;
      }
    } catch (error) {
      console.error(JSON.stringify({ event: "unhandled_error", requestId, path: new URL(request.url).pathname, error: String(error) }));
      response = new Response("Something went wrong on our side. Please try again.", {
        status: 500,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    response = withSecurityHeaders(withRequestId(response, requestId, cache), {
      features: readPublicFeatures(env),
      https: new URL(request.url).protocol === "https:",
    });
    logRequest(request, response, { requestId, started, cache });
    return response;
  },

  async scheduled(controller, env) {
    const now = new Date(controller.scheduledTime);
    try {
      const result = await sweepOrphanUploads({ db: getDb(env), bucket: env.UPLOADS, now });
      console.log(JSON.stringify({ event: "orphan_uploads_swept", cron: controller.cron, scheduledTime: now.toISOString(), ...result }));
    } catch (error) {
      console.error(JSON.stringify({ event: "orphan_uploads_sweep_failed", cron: controller.cron, scheduledTime: now.toISOString(), error: String(error) }));
      throw error; // shown as a failed run in the dashboard's cron events
    }
  },
} satisfies ExportedHandler<CloudflareBindings>;
