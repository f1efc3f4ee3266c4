/** /admin/quotes.csv: 'Export CSV' of the quote requests the list's filters select (admins only). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvExport } from "~/server/admin-export.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  return csvExport(context.db, new URL(request.url), "quote_request");
}
