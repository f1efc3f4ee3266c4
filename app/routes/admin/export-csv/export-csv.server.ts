/**
 * The server side of /admin/quotes.csv and /admin/messages.csv: the records a list's search and
 * filters select, as a streamed CSV file (app/server/inbox export.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import { todayInJamaica } from "~/domain/dates";
import type { AuditedEntity } from "~/domain/enumerations";
import { requireAdmin } from "~/http/permissions.server";
import { csvFileStem, csvStream, readListQuery } from "~/server/inbox";

/**
 * /admin/quotes.csv and /admin/messages.csv (the path says which list): admins only; the
 * records the list's search and filters select (readListQuery, as the list reads them) as a
 * streamed 200 `text/csv` attachment named e.g. `quote-requests-2026-11-23.csv`, never cached.
 */
export async function csvExportLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  const entity: AuditedEntity = url.pathname.startsWith("/admin/quotes") ? "quote_request" : "contact_message";
  return new Response(csvStream(context.db, entity, readListQuery(url.searchParams, entity).query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileStem(entity)}-${todayInJamaica()}.csv"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
