/**
 * The gallery's photos in R2 and their public variants (docs/architecture.md §4.19,
 * docs/decisions/013-gallery-images.md).
 *
 * - An uploaded photo is stored once as `gallery/<id>/original`, where `<id>` is the first 128
 *   bits of the SHA-256 of its bytes (hex). The original is never served to the public: it may
 *   carry the camera's metadata (place, time).
 * - Its variants (AVIF and WebP at the widths of `variantWidths`) are made by the IMAGES
 *   binding (Cloudflare Images; sharp under `wrangler dev` and the tests): the smallest WebP
 *   during the upload (`makeFirstVariant`: a photo it cannot transform is refused), the rest
 *   right after it (`makeVariants`) or when first asked for, and stored as
 *   `gallery/<id>/<width>.<format>` with the type the binding actually returned. Transforms
 *   drop the metadata.
 * - `/media/<id>-<width>.<format>` (server.ts, answered by `serveGalleryMedia` in
 *   app/http/gallery-media.server.ts) serves a variant only while a published gallery item shows the photo
 *   (`mayServeVariant`, or `isPublishedVariant` from the items already read); the name never
 *   changes content, so browsers keep it for a year (`immutable`). Admin pages reach every
 *   photo through `/admin/gallery/media/…`.
 */
import { and, eq, exists, inArray, or } from "drizzle-orm";
import { galleryItems, galleryPhotos } from "../../../drizzle/schema";
import { AVIF_QUALITY, IMAGE_FORMATS, variantWidths, type ImageFormat } from "~/content/photos";
import { ORPHAN_GRACE_MS } from "~/server/uploads";
import { logEvent, logFailure, type Database } from "~/server/platform";

/** R2 key prefix of the gallery's photos (the orphan sweep of attachments never lists it). */
const GALLERY_PREFIX = "gallery/";

/** R2 key of a photo's original upload. */
export const originalKey = (photoId: string) => `${GALLERY_PREFIX}${photoId}/original`;
const variantKey = (photoId: string, width: number, format: ImageFormat) => `${GALLERY_PREFIX}${photoId}/${width}.${format}`;

/**
 * Encoder quality per format, on Cloudflare Images' 1-100 scale: AVIF as the stock photos
 * (AVIF_QUALITY), WebP 72 as scripts/build-images.ts. The local sharp stand-in ignores it and
 * uses sharp's defaults (AVIF 50, WebP 80).
 */
const QUALITY: Record<ImageFormat, number> = { avif: AVIF_QUALITY, webp: 72 };

/** The first 128 bits of SHA-256 of `bytes`, as 32 lower-case hex digits. */
export async function photoIdOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What the IMAGES binding reads of a photo. Out: its pixel size, or null when it cannot read it. */
export async function measurePhoto(images: ImagesBinding, bytes: ArrayBuffer): Promise<{ width: number; height: number } | null> {
  try {
    const info = await images.info(new Blob([bytes]).stream());
    return "width" in info && info.width > 0 && info.height > 0 ? { width: info.width, height: info.height } : null;
  } catch {
    return null;
  }
}

/**
 * Variants being made in this isolate, by R2 key: a page with several visitors at once, or the
 * upload's own `makeVariants` racing the first visitor, makes each one once.
 */
const inFlight = new Map<string, Promise<boolean>>();

/**
 * The R2 object of one variant, made from the original and stored if it is not there yet.
 * Null when the original is gone. Throws what R2 or the IMAGES binding threw.
 */
export async function variantObject(
  env: CloudflareBindings,
  photoId: string,
  width: number,
  format: ImageFormat,
): Promise<R2ObjectBody | null> {
  const stored = await env.UPLOADS.get(variantKey(photoId, width, format));
  if (stored) return stored;
  return (await madeOnce(env, photoId, width, format)) ? env.UPLOADS.get(variantKey(photoId, width, format)) : null;
}

/** Makes a variant unless this isolate is making it already. Out: false when the original is gone. */
function madeOnce(env: CloudflareBindings, photoId: string, width: number, format: ImageFormat): Promise<boolean> {
  const key = variantKey(photoId, width, format);
  let making = inFlight.get(key);
  if (!making) {
    making = makeVariant(env, photoId, key, width, format).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

/** Makes one variant with the IMAGES binding and stores it. Out: false when the original is gone. */
async function makeVariant(env: CloudflareBindings, photoId: string, key: string, width: number, format: ImageFormat): Promise<boolean> {
  const original = await env.UPLOADS.get(originalKey(photoId));
  if (!original) return false;
  const started = Date.now();
  const result = await env.IMAGES.input(original.body)
    .transform({ width, fit: "scale-down" })
    .output({ format: `image/${format}`, quality: QUALITY[format] });
  const bytes = await new Response(result.image()).arrayBuffer();
  // A transform that failed part way can end in an empty body rather than an error (the local
  // stand-in does, for a truncated file): never store or serve that.
  if (bytes.byteLength === 0) throw new Error(`The IMAGES binding returned no bytes for ${key}`);
  // Cloudflare Images may answer in another format than the one asked for (its limits are
  // best effort): the object keeps the type it really has, and is served with it.
  await env.UPLOADS.put(key, bytes, { httpMetadata: { contentType: result.contentType() || `image/${format}` } });
  logEvent("gallery_variant_made", { key, bytes: bytes.byteLength, ms: Date.now() - started });
  return true;
}

/**
 * Makes the smallest WebP variant of a freshly stored photo, during its upload: a file whose
 * header reads as an image but whose pixels cannot be transformed (truncated, corrupt) is
 * refused then, rather than published and failing for every visitor. Throws what the binding threw.
 */
export async function makeFirstVariant(env: CloudflareBindings, photo: { id: string; width: number; height: number }): Promise<void> {
  const [smallest] = variantWidths(photo, "webp");
  if (smallest !== undefined) await madeOnce(env, photo.id, smallest, "webp");
}

/**
 * Makes every variant of a photo that is not stored yet, one at a time (run after an upload,
 * in `waitUntil`, so the first visitor finds them ready). Failures are logged, never thrown: a
 * missing variant is made when first asked for.
 */
export async function makeVariants(env: CloudflareBindings, photo: { id: string; width: number; height: number }): Promise<void> {
  for (const format of IMAGE_FORMATS) {
    for (const width of variantWidths(photo, format)) {
      try {
        if ((await env.UPLOADS.head(variantKey(photo.id, width, format))) === null) await madeOnce(env, photo.id, width, format);
      } catch (error) {
        logFailure("gallery_variant_failed", error, { photoId: photo.id, width, format });
      }
    }
  }
}

/** One variant of a gallery photo, as `/media/<photoId>-<width>.<format>` names it. */
export interface GalleryVariant {
  photoId: string;
  width: number;
  format: ImageFormat;
}

/**
 * Whether `audience` may get this variant of a photo: "public" only while a published gallery
 * item shows the photo, "admin" (the caller checked the session) for any stored photo; and
 * only at a width the photo has (`variantWidths`). One query. Throws what D1 threw.
 */
export async function mayServeVariant(db: Database, variant: GalleryVariant, audience: "public" | "admin"): Promise<boolean> {
  const shownByPublishedItem = exists(
    db
      .select({ id: galleryItems.id })
      .from(galleryItems)
      .where(
        and(
          eq(galleryItems.published, true),
          or(eq(galleryItems.photoId, galleryPhotos.id), eq(galleryItems.beforePhotoId, galleryPhotos.id)),
        ),
      ),
  );
  const photo = await db
    .select({ width: galleryPhotos.width, height: galleryPhotos.height })
    .from(galleryPhotos)
    .where(and(eq(galleryPhotos.id, variant.photoId), audience === "public" ? shownByPublishedItem : undefined))
    .get();
  return photo !== undefined && variantWidths(photo, variant.format).includes(variant.width);
}

/** What `isPublishedVariant` reads of a published item (gallery.server.ts `GalleryItemRow` has it): its photo's and its "before" photo's id and pixel size. */
export interface PublishedPhotos {
  photoId: string;
  photoWidth: number;
  photoHeight: number;
  beforePhotoId: string | null;
  beforeWidth: number | null;
  beforeHeight: number | null;
}

/**
 * `mayServeVariant`'s "public" answer from the published items already read, with no query:
 * whether a published item shows the photo (as its photo, or as a pair's "before") and the
 * width is one the photo has in that format (`variantWidths`). In: the published items
 * (`PublicContent`'s `gallery`, app/server/site/content.server.ts), null when D1 could not be
 * read: then it throws, so `/media` answers 503 as when the query fails.
 */
export function isPublishedVariant(published: readonly PublishedPhotos[] | null, variant: GalleryVariant): boolean {
  if (!published) throw new Error("The published gallery items could not be read");
  for (const item of published) {
    const photo =
      item.photoId === variant.photoId
        ? { width: item.photoWidth, height: item.photoHeight }
        : item.beforePhotoId === variant.photoId && item.beforeWidth !== null && item.beforeHeight !== null
          ? { width: item.beforeWidth, height: item.beforeHeight }
          : null;
    if (photo) return variantWidths(photo, variant.format).includes(variant.width);
  }
  return false;
}

/**
 * Deletes every R2 object of these photos (original and variants), unless a row names the photo
 * again by then (the same bytes uploaded anew). Failures are logged; the daily sweep retries them.
 */
export async function deletePhotoObjects(db: Database, bucket: R2Bucket, photoIds: string[]): Promise<void> {
  for (const photoId of photoIds) {
    try {
      if (await db.select({ id: galleryPhotos.id }).from(galleryPhotos).where(eq(galleryPhotos.id, photoId)).get()) continue;
      const listed = await bucket.list({ prefix: `${GALLERY_PREFIX}${photoId}/` });
      const keys = listed.objects.map((object) => object.key);
      if (keys.length > 0) await bucket.delete(keys);
    } catch (error) {
      logFailure("gallery_photo_delete_failed", error, { photoId });
    }
  }
}

/** Photo ids looked up in D1 per query (D1 binds at most 100 parameters per statement). */
const IDS_PER_LOOKUP = 90;

/**
 * Deletes the gallery's R2 objects whose photo has no row: left when a delete's R2 step failed
 * after its D1 batch, or a Worker stopped between storing an upload and its batch. Run daily
 * with the attachments' sweep (server.ts `scheduled`). Objects younger than ORPHAN_GRACE_MS
 * are left alone, so an upload in flight is never touched.
 * Out: how many objects were listed and deleted. Throws what R2 or D1 threw.
 */
export async function sweepOrphanGalleryObjects(input: {
  db: Database;
  bucket: R2Bucket;
  now: Date;
}): Promise<{ listed: number; deleted: number }> {
  const { db, bucket, now } = input;
  const result = { listed: 0, deleted: 0 };
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix: GALLERY_PREFIX, cursor });
    result.listed += listing.objects.length;
    const old = listing.objects.filter((object) => object.uploaded.getTime() < now.getTime() - ORPHAN_GRACE_MS);
    const ids = [...new Set(old.map((object) => object.key.slice(GALLERY_PREFIX.length).split("/")[0] ?? ""))];
    const known = new Set<string>();
    for (let start = 0; start < ids.length; start += IDS_PER_LOOKUP) {
      const chunk = ids.slice(start, start + IDS_PER_LOOKUP);
      const rows = await db.select({ id: galleryPhotos.id }).from(galleryPhotos).where(inArray(galleryPhotos.id, chunk));
      for (const row of rows) known.add(row.id);
    }
    const orphans = old
      .filter((object) => !known.has(object.key.slice(GALLERY_PREFIX.length).split("/")[0] ?? ""))
      .map((object) => object.key);
    if (orphans.length > 0) {
      await bucket.delete(orphans);
      result.deleted += orphans.length;
      logEvent("orphan_gallery_objects_deleted", { count: orphans.length, keys: orphans.slice(0, 20) });
    }
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return result;
}
