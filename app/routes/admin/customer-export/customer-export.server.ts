/**
 * The server side of /admin/customers/<id>/export, a customer's data as a ZIP (docs/product.md §14
 * "Their data, exported"): admins only. Signed out: the sign-in redirect of `requireAdmin`; signed in
 * without the admin role: 403. An id that is not a UUID or names no customer: a 404 page; D1 failing:
 * a 503 page; never a 500. The archive is made by app/server/data-rights, which also notes the export
 * on the customer's records.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import { CUSTOMER_EXPORT_MESSAGES } from "~/domain/texts/staff-messages";
import { z } from "~/forms/zod";
import { isAdmin, requireAdmin } from "~/http/permissions.server";
import { readSession } from "~/http/session.server";
import { customerExportFileName, customerExportZip, readCustomerExport, recordCustomerExport } from "~/server/data-rights";
import { logFailure } from "~/server/platform";

const uuid = z.uuid();

/** A short page (no scripts) with `text` and the way back to the customers list, never cached. */
function shortPage(status: number, title: string, text: string): Response {
  const safe = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const body = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${safe(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">',
    `<h1 style="font-size:1.5rem">${safe(title)}</h1><p>${safe(text)}</p>`,
    '<p><a href="/admin/customers" style="color:#0f524f;font-weight:600">Back to the customers</a></p></body></html>',
  ].join("");
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PRIVATE, "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * GET /admin/customers/<id>/export. Out: 200 `application/zip` attachment named
 * "customer-<id>-<YYYY-MM-DD>.zip" (the day in Jamaica), `Cache-Control: private, no-store`, its body
 * streamed; 403, 404 or 503 short pages (see the header). Throws requireAdmin's redirects (signed
 * out, or an admin who must first enrol a second step).
 */
export async function customerExportLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const signedIn = await readSession(context.db, request, env);
  if (signedIn && !isAdmin(signedIn.user)) return shortPage(403, "Admins only", CUSTOMER_EXPORT_MESSAGES.forbidden);
  const { user } = await requireAdmin(context.db, request, env);
  const id = uuid.safeParse(params.id);
  if (!id.success) return shortPage(404, "No such customer", CUSTOMER_EXPORT_MESSAGES.notFound);
  const now = new Date();
  const fileName = customerExportFileName(id.data, now);
  let data: Awaited<ReturnType<typeof readCustomerExport>>;
  try {
    data = await readCustomerExport(context.db, id.data);
    if (data && request.method === "GET") {
      await recordCustomerExport(context.db, { data, actor: { userId: user.id, email: user.email }, fileName }, now);
    }
  } catch (error) {
    logFailure("customer_export_failed", error);
    return shortPage(503, "The export could not be made", CUSTOMER_EXPORT_MESSAGES.failed);
  }
  if (!data) return shortPage(404, "No such customer", CUSTOMER_EXPORT_MESSAGES.notFound);
  return new Response(customerExportZip(data, env.UPLOADS, now, user.email), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
