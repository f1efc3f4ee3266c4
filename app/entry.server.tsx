/**
 * Server rendering on the Workers runtime: React's streaming renderer; bots and crawlers
 * get the whole document at once.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NONCE_PLACEHOLDER, NonceContext } from "./nonce";
import { SiteStylesContext } from "./site-styles";
import siteStyles from "./tailwind.css?inline";

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

  // The Worker swaps the placeholder for a fresh nonce in every response (app/nonce.ts).
  const body = await renderToReadableStream(
    <NonceContext.Provider value={NONCE_PLACEHOLDER}>
      <SiteStylesContext.Provider value={siteStyles}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={NONCE_PLACEHOLDER} />
      </SiteStylesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce: NONCE_PLACEHOLDER,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
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
  console.error(
    JSON.stringify({
      event: "render_error",
      requestId: (context as AppLoadContext).requestId,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
};
