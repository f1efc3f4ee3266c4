/**
 * The server side of /admin/gallery/media/:name: a variant of any gallery photo, published or
 * not, to admins only (the previews of /admin/gallery); others are sent to sign in.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveGalleryMedia } from "~/http/gallery-media.server";
import { requireAdmin } from "~/http/permissions.server";

/** The loader of /admin/gallery/media/:name. Out: `serveGalleryMedia`'s answer for an admin. */
export async function galleryMediaLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  return serveGalleryMedia(request, env, context.db, params.name ?? "", "admin");
}
