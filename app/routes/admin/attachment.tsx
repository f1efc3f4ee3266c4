/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAttachmentPhoto } from "~/server/admin.server";
import { ADMIN_HEADERS } from "~/server/admin-routes.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  const photo = await getAttachmentPhoto(context.db, env.UPLOADS, params.id ?? "");
  if (!photo) return new Response("Not found", { status: 404, headers: ADMIN_HEADERS });
  const { row, object } = photo;
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
