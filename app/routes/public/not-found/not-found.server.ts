/** The server side of the 404 page (every unmatched URL). */
import { data } from "@remix-run/cloudflare";

/** Every unmatched URL: the 404 page's status (its texts are the route's). */
export function notFoundLoader() {
  return data(null, { status: 404 });
}
