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
        // A route's refusal (405, 404) rethrown by a page's error boundary
        // (app/routes/public/service/route.tsx): Remix renders it again at the root's boundary
        // with its own status; the request's fault, not a failure of ours.
        if (isRouteErrorResponse(error) && error.status < 500) return;
        if (!controller.signal.aborted)
          logFailure("render_stream_failed", loggable(error), { path: new URL(request.url).pathname, stack: stackOf(error) });
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));

  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A thrown value as a log line can say it: an Error as itself ("Name: message"), a route's error
 * response as "<status> <statusText>", anything else as its JSON text (or its String when JSON
 * cannot write it), never "[object Object]".
 */
function loggable(error: unknown): unknown {
  if (error instanceof Error) return error;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (typeof error !== "object" || error === null) return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** An Error's stack (where it was thrown), for the log line beside its message; else undefined (left out of the line). */
function stackOf(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}

/** Errors thrown by loaders, actions or rendering: one JSON line with the request id (an Error's message and stack). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Remix's own answers to a request it refuses (405 for a method a route does not take, 404):
  // the request's fault, already in the request log with its status; not an error of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logFailure("render_error", loggable(error), {
    requestId: (context as AppLoadContext).requestId,
    path: new URL(request.url).pathname,
    stack: stackOf(error),
  });
};
