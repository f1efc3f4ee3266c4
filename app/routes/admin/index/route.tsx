/** /admin: the quote requests tab. */
import { redirect } from "@remix-run/cloudflare";

export const loader = () => redirect("/admin/quotes");
