/**
 * /admin/quotes.csv and /admin/messages.csv: 'Export CSV' of the records the list's search and
 * filters select (admins only; docs/product.md §10 "Export CSV"). One module, two routes
 * (app/routes.ts); the path says which list.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvExport } from "~/server/inbox/export.server";
import { requireAdmin } from "~/server/auth/permissions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  return csvExport(context.db, url, url.pathname.startsWith("/admin/quotes") ? "quote_request" : "contact_message");
}
