/**
 * A 405 from a URL that is not a page (a resource route: /sitemap.xml, a calendar feed, a
 * customer's export): Remix answers it as JSON, `{"message":"Unexpected Server Error"}`, which
 * blames the site for the visitor's method. This says what happened instead, in the words the
 * pages' own 405 uses (app/domain/texts/error-page-messages.ts `ERROR_PAGE_MESSAGES.methodNotAllowed`).
 */
import { ERROR_PAGE_MESSAGES } from "~/domain/texts/error-page-messages";

/**
 * `response` as it is, or, for Remix's JSON 405, the same status with the sentence as plain text
 * (its other headers kept, so `Allow` and the request id stay). In and out: a Response.
 */
export function withPlainMethodRefusal(response: Response): Response {
  if (response.status !== 405 || !(response.headers.get("Content-Type") ?? "").startsWith("application/json")) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.delete("Content-Length");
  return new Response(ERROR_PAGE_MESSAGES.methodNotAllowed, { status: 405, headers });
}
