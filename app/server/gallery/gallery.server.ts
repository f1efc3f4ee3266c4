/**
 * The gallery staff publish (docs/product.md §10 "Gallery", docs/architecture.md §4.19), its
 * queries and rules: photos (title, category, alt text) and before/after pairs (two photos of
 * one job, a title, a service type, a description), added on /admin/gallery, then published or
 * hidden, moved up or down, edited or deleted. What the pages show of them, and the requests
 * that change them, are in views.server.ts and the routes (app/routes/admin/gallery, app/routes/public/gallery).
 *
 * Every change bumps the content version in the same D1 batch (content-version.server.ts), so
 * the next anonymous request gets the new page. An upload stores the photo's original in R2
 * first, then its row and the item's in one batch; if the batch fails, the original is deleted
 * again unless another item already had the same photo (media.server.ts).
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { galleryItems, galleryPhotos, type GalleryPhoto } from "../../../drizzle/schema";
import { GALLERY_LIMITS } from "~/domain/limits";
import type { GalleryItemKind } from "~/domain/enumerations";
import { GALLERY_MESSAGES } from "~/domain/texts/staff-messages";
import type { AddPairInput, AddPhotoInput, EditPairInput, EditPhotoInput, GalleryStep } from "~/forms/gallery";
import { bumpContentVersion, logFailure, type Database } from "~/server/platform";
import { deletePhotoObjects, makeFirstVariant, makeVariants, measurePhoto, originalKey, photoIdOf } from "./media.server";

/** The Worker's bindings and execution context (uploads go to R2; variants are made after the response). */
interface Cloudflare {
  env: CloudflareBindings;
  ctx: ExecutionContext;
}

/**
 * The gallery's items with their photos' pixel sizes (a pair's "before" photo too), each kind
 * in its order; `publishedOnly`: only those public pages show. The statement: awaited, it
 * runs (throws what D1 threw); it may also go in a batch (app/server/site/content.server.ts).
 */
export function listGalleryItems(db: Database, { publishedOnly }: { publishedOnly: boolean }) {
  const beforePhotos = alias(galleryPhotos, "before_photos");
  return db
    .select({
      id: galleryItems.id,
      kind: galleryItems.kind,
      title: galleryItems.title,
      category: galleryItems.category,
      altText: galleryItems.altText,
      serviceType: galleryItems.serviceType,
      description: galleryItems.description,
      published: galleryItems.published,
      photoId: galleryItems.photoId,
      photoWidth: galleryPhotos.width,
      photoHeight: galleryPhotos.height,
      beforePhotoId: galleryItems.beforePhotoId,
      // Named apart from the photo's own width and height: in a D1 batch, Drizzle reads each row
      // by its column names, and two columns called "width" would come back as one.
      beforeWidth: sql<number | null>`${beforePhotos.width}`.as("before_width"),
      beforeHeight: sql<number | null>`${beforePhotos.height}`.as("before_height"),
    })
    .from(galleryItems)
    .innerJoin(galleryPhotos, eq(galleryPhotos.id, galleryItems.photoId))
    .leftJoin(beforePhotos, eq(beforePhotos.id, galleryItems.beforePhotoId))
    .where(publishedOnly ? eq(galleryItems.published, true) : undefined)
    .orderBy(asc(galleryItems.kind), asc(galleryItems.position));
}

/** One item of `listGalleryItems`. */
export type GalleryItemRow = Awaited<ReturnType<typeof listGalleryItems>>[number];

/** A photo checked and stored in R2, ready for its row. */
interface StoredPhoto extends Pick<GalleryPhoto, "id" | "contentType" | "width" | "height" | "sizeBytes"> {
  /** True when this request put the original (so a failed batch may delete it). */
  isNew: boolean;
}

/**
 * Checks a photo's pixels (IMAGES binding: its size, then a first transform; the limits of
 * GALLERY_LIMITS) and stores its original. Out: the photo, or the message for the admin
 * (nothing left stored). Throws what R2 threw.
 */
async function storePhoto(db: Database, env: CloudflareBindings, file: File): Promise<StoredPhoto | { message: string }> {
  const bytes = await file.arrayBuffer();
  const size = await measurePhoto(env.IMAGES, bytes);
  if (!size) return { message: GALLERY_MESSAGES.unreadable(file.name) };
  if (size.width < GALLERY_LIMITS.minWidthPx) return { message: GALLERY_MESSAGES.tooNarrow(file.name) };
  if (Math.max(size.width, size.height) > GALLERY_LIMITS.maxSidePx || size.width * size.height > GALLERY_LIMITS.maxMegapixels * 1_000_000) {
    return { message: GALLERY_MESSAGES.tooBig(file.name) };
  }
  const id = await photoIdOf(bytes);
  const isNew = (await env.UPLOADS.head(originalKey(id))) === null;
  // Put even when it is there: a fresh upload time keeps the daily sweep's grace for it.
  await env.UPLOADS.put(originalKey(id), bytes, { httpMetadata: { contentType: file.type } });
  // The form's schema let through only these types (app/forms/gallery.ts).
  const contentType = file.type as GalleryPhoto["contentType"];
  const photo: StoredPhoto = { id, contentType, ...size, sizeBytes: bytes.byteLength, isNew };
  try {
    await makeFirstVariant(env, photo);
  } catch (error) {
    logFailure("gallery_upload_unreadable", error, { photoId: id });
    await forgetNewOriginals(db, env.UPLOADS, [photo]);
    return { message: GALLERY_MESSAGES.unreadable(file.name) };
  }
  return photo;
}

/**
 * Adds a photo or a pair at the end of its kind, unless the kind is full (GALLERY_LIMITS,
 * checked before the upload is stored; two admins adding the last one at the same moment may
 * pass it by one). The photos' rows (a photo already stored stays as it is), the item and the
 * version bump go in one batch; the other variants are made after the response.
 * Out: "added", "full", or the message about a photo that cannot be used. Throws what R2 or D1
 * threw, after deleting the originals this call stored that no row refers to.
 */
export async function addGalleryItem(
  db: Database,
  { env, ctx }: Cloudflare,
  input: AddPhotoInput | AddPairInput,
  actorUserId: string,
): Promise<"added" | "full" | { message: string }> {
  const kind: GalleryItemKind = input.intent === "add-photo" ? "photo" : "pair";
  if ((await db.$count(galleryItems, eq(galleryItems.kind, kind))) >= GALLERY_LIMITS.itemsPerKind) return "full";
  const files = input.intent === "add-photo" ? [input.photo] : [input.before, input.after];
  const stored: StoredPhoto[] = [];
  try {
    for (const file of files) {
      const photo = await storePhoto(db, env, file);
      if ("message" in photo || stored.some((earlier) => earlier.id === photo.id)) {
        await forgetNewOriginals(db, env.UPLOADS, "message" in photo ? stored : [...stored, photo]);
        return "message" in photo ? photo : { message: GALLERY_MESSAGES.samePhoto };
      }
      stored.push(photo);
    }
    const now = new Date();
    const [main, before] = input.intent === "add-photo" ? [stored[0]!, null] : [stored[1]!, stored[0]!];
    const words =
      input.intent === "add-photo"
        ? { category: input.category, altText: input.altText }
        : { serviceType: input.serviceType, description: input.description };
    const nextPosition = db
      .select({ next: sql<number>`coalesce(max(${galleryItems.position}), 0) + 1` })
      .from(galleryItems)
      .where(eq(galleryItems.kind, kind));
    await db.batch([
      db
        .insert(galleryPhotos)
        .values(stored.map(({ isNew: _isNew, ...photo }) => ({ ...photo, createdAt: now })))
        .onConflictDoNothing(),
      db.insert(galleryItems).values({
        id: crypto.randomUUID(),
        kind,
        title: input.title,
        ...words,
        photoId: main.id,
        beforePhotoId: before?.id ?? null,
        position: sql`(${nextPosition})`,
        published: input.publish,
        updatedByUserId: actorUserId,
        createdAt: now,
        updatedAt: now,
      }),
      bumpContentVersion(db),
    ]);
    for (const photo of stored) ctx.waitUntil(makeVariants(env, photo));
    return "added";
  } catch (error) {
    await forgetNewOriginals(db, env.UPLOADS, stored);
    throw error;
  }
}

/**
 * Deletes the objects of the photos this request stored first whose photo has no row (the
 * batch did not commit, or a photo was refused). Never throws: what it cannot delete, the
 * daily sweep does.
 */
function forgetNewOriginals(db: Database, bucket: R2Bucket, stored: StoredPhoto[]): Promise<void> {
  return deletePhotoObjects(
    db,
    bucket,
    stored.filter((photo) => photo.isNew).map((photo) => photo.id),
  );
}

/**
 * Saves an item's words; the content version moves only if a row changed. Out: whether the
 * item (of that kind) exists. Throws what D1 threw.
 */
export async function editGalleryItem(db: Database, input: EditPhotoInput | EditPairInput, actorUserId: string): Promise<boolean> {
  const [kind, words] =
    input.intent === "edit-photo"
      ? (["photo", { category: input.category, altText: input.altText }] as const)
      : (["pair", { serviceType: input.serviceType, description: input.description }] as const);
  const [result] = await db.batch([
    db
      .update(galleryItems)
      .set({ title: input.title, ...words, updatedByUserId: actorUserId, updatedAt: new Date() })
      .where(and(eq(galleryItems.id, input.id), eq(galleryItems.kind, kind))),
    bumpContentVersion(db, { onlyIfChanged: true }),
  ]);
  return result.meta.changes > 0;
}

/**
 * Publishes, hides, moves or deletes an item; the content version moves only if a row changed.
 * Out: whether it existed. A move swaps its place with the next item of its kind up or down
 * (none: nothing changes). A delete also deletes its photos' rows, and after the response their
 * R2 objects, when no other item shows them. Throws what D1 threw.
 */
export async function stepGalleryItem(db: Database, { env, ctx }: Cloudflare, id: string, step: GalleryStep, actorUserId: string) {
  const item = await db
    .select({
      kind: galleryItems.kind,
      position: galleryItems.position,
      photoId: galleryItems.photoId,
      beforePhotoId: galleryItems.beforePhotoId,
    })
    .from(galleryItems)
    .where(eq(galleryItems.id, id))
    .get();
  if (!item) return false;
  const now = new Date();
  if (step === "publish" || step === "hide") {
    const published = step === "publish";
    await db.batch([
      db
        .update(galleryItems)
        .set({ published, updatedByUserId: actorUserId, updatedAt: now })
        .where(and(eq(galleryItems.id, id), ne(galleryItems.published, published))),
      bumpContentVersion(db, { onlyIfChanged: true }),
    ]);
    return true;
  }
  if (step === "up" || step === "down") {
    const neighbour = await db
      .select({ id: galleryItems.id, position: galleryItems.position })
      .from(galleryItems)
      .where(and(eq(galleryItems.kind, item.kind), (step === "up" ? lt : gt)(galleryItems.position, item.position)))
      .orderBy((step === "up" ? desc : asc)(galleryItems.position))
      .limit(1)
      .get();
    if (!neighbour) return true;
    // Both rows change only if both still hold the places read above.
    const bothInPlace = db.$count(
      galleryItems,
      or(
        and(eq(galleryItems.id, id), eq(galleryItems.position, item.position)),
        and(eq(galleryItems.id, neighbour.id), eq(galleryItems.position, neighbour.position)),
      ),
    );
    await db.batch([
      db
        .update(galleryItems)
        .set({
          position: sql`CASE ${galleryItems.id} WHEN ${id} THEN ${neighbour.position} ELSE ${item.position} END`,
          updatedAt: now,
        })
        .where(and(inArray(galleryItems.id, [id, neighbour.id]), sql`${bothInPlace} = 2`)),
      bumpContentVersion(db, { onlyIfChanged: true }),
    ]);
    return true;
  }
  const photoIds = [item.photoId, item.beforePhotoId].filter((photoId): photoId is string => photoId !== null);
  const [deleted, , ...photos] = await db.batch([
    db.delete(galleryItems).where(eq(galleryItems.id, id)),
    bumpContentVersion(db, { onlyIfChanged: true }),
    ...photoIds.map((photoId) =>
      db
        .delete(galleryPhotos)
        .where(
          and(
            eq(galleryPhotos.id, photoId),
            notExists(
              db
                .select({ id: galleryItems.id })
                .from(galleryItems)
                .where(or(eq(galleryItems.photoId, photoId), eq(galleryItems.beforePhotoId, photoId))),
            ),
          ),
        )
        .returning({ id: galleryPhotos.id }),
    ),
  ]);
  if (deleted.meta.changes === 0) return false;
  ctx.waitUntil(
    deletePhotoObjects(
      db,
      env.UPLOADS,
      photos.flat().map((photo) => photo.id),
    ),
  );
  return true;
}
