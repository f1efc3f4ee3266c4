/**
 * Server rendering on the Workers runtime: React's streaming renderer; bots and crawlers
 * get the whole document at once.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { logFailure } from "~/server/platform";
import { SPECULATION_RULES_JSON } from "./speculation-rules.server";
import { DocumentScriptsContext, SiteStylesContext } from "./document-inlines";
import siteStyles from "./tailwind.css?inline";
import { START_HYDRATION_SCRIPT } from "./worker/hydration-after-paint";

/** The inline scripts only the server's HTML carries (app/document-inlines.tsx). */
const DOCUMENT_SCRIPTS = { startHydration: START_HYDRATION_SCRIPT, speculationRules: SPECULATION_RULES_JSON };

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);

  // Inline scripts carry no nonce: the Worker allows each by its hash (app/worker/security-headers.ts).
  const body = await renderToReadableStream(
    <SiteStylesContext.Provider value={siteStyles}>
      <DocumentScriptsContext.Provider value={DOCUMENT_SCRIPTS}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </DocumentScriptsContext.Provider>
    </SiteStylesContext.Provider>,
    {
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) logFailure("render_stream_failed", error, { path: new URL(request.url).pathname });
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Errors thrown by loaders, actions or rendering: one JSON line with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Remix's own answers to a request it refuses (405 for a method a route does not take, 404):
  // the request's fault, already in the request log with its status; not an error of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logFailure("render_error", error, { requestId: (context as AppLoadContext).requestId, path: new URL(request.url).pathname });
};
