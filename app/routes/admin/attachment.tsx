/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { attachments } from "../../../drizzle/schema";
import { PRIVATE } from "~/cache-control";
import { getDb } from "~/server/db.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const row = await getDb(env)
    .select()
    .from(attachments)
    .where(eq(attachments.id, params.id ?? ""))
    .get();
  const object = row ? await env.UPLOADS.get(row.r2Key) : null;
  if (!row || !object) return new Response("Not found", { status: 404, headers: { "Cache-Control": PRIVATE } });
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
