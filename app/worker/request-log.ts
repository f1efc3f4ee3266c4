import { logEvent, logProblem } from "~/server/platform";
import { metricsLogFields, type RequestMetrics } from "./request-metrics";

/**
 * One structured JSON log line per request (Workers observability collects console output):
 * request id, method, path, status, duration in ms, cache status, and the D1 and R2 figures
 * of the Server-Timing header (app/worker/request-metrics.ts). The request id is also
 * sent as `X-Request-Id`, and a 500 page shows it so a visitor can quote it.
 */
export function withRequestId(response: Response, requestId: string, cache: string): Response {
  let result = new Response(response.body, response);
  result.headers.set("X-Request-Id", requestId);
  result.headers.set("X-Cache", cache);
  if (response.status >= 500 && response.headers.get("Content-Type")?.startsWith("text/html")) {
    result = new HTMLRewriter()
      .on("[data-request-id]", {
        element(element) {
          element.setInnerContent(requestId);
        },
      })
      .transform(result);
  }
  return result;
}

/** Writes the request's log line; a 5xx is logged as a problem. */
export function logRequest(
  request: Request,
  response: Response,
  info: { requestId: string; started: number; cache: string; metrics: RequestMetrics },
): void {
  const fields = {
    requestId: info.requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    status: response.status,
    durationMs: Date.now() - info.started,
    cache: info.cache,
    ...metricsLogFields(info.metrics),
  };
  if (response.status >= 500) logProblem("request", fields);
  else logEvent("request", fields);
}
