/**
 * /admin/gallery/media/:name: a variant of any gallery photo, published or not, to admins only
 * (the previews of /admin/gallery). The public twin, /media/:name, serves published photos
 * only (app/server/gallery/media.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveGalleryMedia } from "~/server/gallery/media.server";
import { requireAdmin } from "~/server/auth/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  return serveGalleryMedia(request, env, context.db, params.name ?? "", "admin");
}
