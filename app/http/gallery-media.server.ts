/**
 * The answer to a request for a gallery photo's variant (docs/architecture.md §4.19):
 * `/media/<id>-<width>.<format>` for everyone (server.ts, through the media cache) and its admin
 * twin /admin/gallery/media/<name> (app/routes/admin/gallery-media). Which photos may be served
 * and where the bytes are: app/server/gallery (`mayServeVariant`, `variantObject`).
 */
import { GALLERY_MEDIA_PATH, type ImageFormat } from "~/content/photos";
import { mayServeVariant, variantObject, type GalleryVariant } from "~/server/gallery";
import { logFailure, type Database } from "~/server/platform";

/**
 * A year (the `immutable` convention of RFC 8246, which suits a name that never changes
 * content). A photo hidden later is no longer served, but a browser that fetched it while it
 * was published keeps its copy.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Admin previews: the same, for this browser only. */
const PRIVATE_IMMUTABLE = "private, max-age=31536000, immutable";

/**
 * Answers a request for a variant, `/media/<id>-<width>.<format>` (or its admin twin).
 * In: the request, the bindings, the database, and `audience`: "public" serves only photos a
 * published item shows; "admin" (the caller checked the session) serves any stored photo.
 * `isPublic` decides for "public": by default one D1 query (`mayServeVariant`); a caller that
 * holds the public content passes `(variant) => isPublishedVariant(content.gallery, variant)`
 * (no query). It may throw (answered 503).
 * Out: 200 with the image (or 304 when the browser's copy is current), 404 for an unknown name,
 * width or unpublished photo, 503 when D1 cannot be read or the variant cannot be made now.
 * Never throws.
 */
export async function serveGalleryMedia(
  request: Request,
  env: CloudflareBindings,
  db: Database,
  name: string,
  audience: "public" | "admin",
  isPublic: (variant: GalleryVariant) => Promise<boolean> | boolean = (variant) => mayServeVariant(db, variant, "public"),
): Promise<Response> {
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const match = GALLERY_MEDIA_PATH.exec(`/media/${name}`);
  if (!match) return notFound();
  const photoId = match[1]!;
  const width = Number(match[2]);
  const format = match[3] as ImageFormat;
  try {
    const variant = { photoId, width, format };
    if (!(await (audience === "public" ? isPublic(variant) : mayServeVariant(db, variant, "admin")))) return notFound();
    const etag = `"${photoId}-${width}.${format}"`;
    const headers = {
      "Content-Type": `image/${format}`,
      "Cache-Control": audience === "public" ? IMMUTABLE : PRIVATE_IMMUTABLE,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    };
    if (
      request.headers
        .get("If-None-Match")
        ?.split(",")
        .some((tag) => tag.trim() === etag)
    )
      return new Response(null, { status: 304, headers });
    const object = await variantObject(env, photoId, width, format);
    if (!object) return notFound();
    return new Response(request.method === "HEAD" ? null : object.body, {
      headers: {
        ...headers,
        "Content-Type": object.httpMetadata?.contentType ?? headers["Content-Type"],
        "Content-Length": String(object.size),
      },
    });
  } catch (error) {
    logFailure("gallery_media_failed", error, { name });
    return new Response("This photo cannot be shown right now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
