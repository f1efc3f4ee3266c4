/** /admin: the quote requests tab. */
import { redirect } from "@remix-run/cloudflare";

export function loader() {
  return redirect("/admin/quotes");
}
