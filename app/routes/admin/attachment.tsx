/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAttachment } from "~/server/admin.server";
import { ADMIN_HEADERS } from "~/server/admin-routes.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  const row = await getAttachment(context.db, params.id ?? "");
  const object = row ? await env.UPLOADS.get(row.r2Key) : null;
  if (!row || !object) return new Response("Not found", { status: 404, headers: ADMIN_HEADERS });
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      ...ADMIN_HEADERS,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
