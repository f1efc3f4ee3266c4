/**
 * The gallery staff publish (docs/product.md §10 "Gallery", docs/architecture.md §4.19):
 * photos (title, category, alt text) and before/after pairs (two photos of one job, a title, a
 * service type, a description), added on /admin/gallery, then published or hidden, moved up or
 * down, edited or deleted. The public gallery shows the published ones; while there are none
 * of a kind it shows the stock default of app/content/gallery.ts instead.
 *
 * Every change bumps the content version in the same D1 batch (content-version.server.ts), so
 * the next anonymous request gets the new page. An upload stores the photo's original in R2
 * first, then its row and the item's in one batch; if the batch fails, the original is deleted
 * again unless another item already had the same photo (media.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { galleryImage, type ResponsiveImage } from "~/content/photos";
import { GALLERY_LIMITS } from "~/domain/limits";
import { SERVICE_TYPE_LABELS, type GalleryCategory, type GalleryItemKind, type ServiceType } from "~/domain/enumerations";
import { GALLERY_MESSAGES, fileTooLargeMessage } from "~/domain/messages";
import {
  galleryFormSchema,
  type AddPairInput,
  type AddPhotoInput,
  type EditPairInput,
  type EditPhotoInput,
  type GalleryStep,
} from "~/forms/gallery";
import { bumpContentVersion } from "../platform/content-version.server";
import type { Database } from "../platform/db.server";
import { commitNotice, type NoticeKey } from "../platform/flash.server";
import { deletePhotoObjects, makeFirstVariant, makeVariants, measurePhoto, originalKey, photoIdOf } from "./media.server";
import { formContract } from "../platform/input-gate.server";
import { MultipartError, readPhotoFormBody } from "../uploads/photo-form-body.server";
import { requireAdmin } from "../auth/permissions.server";
import { readSmallForm, refusedForm, type RefusedForm } from "../platform/small-form.server";
import { logFailure } from "~/server/platform/log.server";

/** A gallery item as read from D1, with its photos' pixel sizes. */
interface ItemRow {
  id: string;
  kind: GalleryItemKind;
  title: string;
  category: GalleryCategory | null;
  alt_text: string | null;
  service_type: ServiceType | null;
  description: string | null;
  photo_id: string;
  photo_width: number;
  photo_height: number;
  before_photo_id: string | null;
  before_width: number | null;
  before_height: number | null;
  position: number;
  published: number;
}

const ITEMS_SQL = `SELECT i.id, i.kind, i.title, i.category, i.alt_text, i.service_type, i.description, i.position, i.published,
    i.photo_id, p.width AS photo_width, p.height AS photo_height,
    i.before_photo_id, b.width AS before_width, b.height AS before_height
  FROM gallery_items i
  JOIN gallery_photos p ON p.id = i.photo_id
  LEFT JOIN gallery_photos b ON b.id = i.before_photo_id`;

/** A published photo as the public gallery shows it. */
export interface GalleryPhotoView {
  id: string;
  title: string;
  category: GalleryCategory;
  image: ResponsiveImage;
}

/** A published before/after pair as the public gallery shows it. */
export interface GalleryPairView {
  id: string;
  title: string;
  service: string;
  description: string;
  before: ResponsiveImage;
  after: ResponsiveImage;
}

type ImageUrl = Parameters<typeof galleryImage>[2];

const photoView = (row: ItemRow, urlOf?: ImageUrl): GalleryPhotoView => ({
  id: row.id,
  title: row.title,
  category: row.category!,
  image: galleryImage({ id: row.photo_id, width: row.photo_width, height: row.photo_height }, row.alt_text!, urlOf),
});

const pairView = (row: ItemRow, urlOf?: ImageUrl): GalleryPairView => ({
  id: row.id,
  title: row.title,
  service: SERVICE_TYPE_LABELS[row.service_type!],
  description: row.description!,
  before: galleryImage({ id: row.before_photo_id!, width: row.before_width!, height: row.before_height! }, `Before: ${row.title}`, urlOf),
  after: galleryImage({ id: row.photo_id, width: row.photo_width, height: row.photo_height }, `After: ${row.title}`, urlOf),
});

/**
 * The published photos and pairs, each kind in its order. A D1 failure shows none (logged, and
 * `complete` false so the page is not cached): the page falls back to its stock default
 * rather than failing.
 */
export async function publishedGallery(db: Database): Promise<{ complete: boolean; photos: GalleryPhotoView[]; pairs: GalleryPairView[] }> {
  try {
    const { results } = await db.$client.prepare(`${ITEMS_SQL} WHERE i.published = 1 ORDER BY i.kind, i.position`).all<ItemRow>();
    return {
      complete: true,
      photos: results.filter((row) => row.kind === "photo").map((row) => photoView(row)),
      pairs: results.filter((row) => row.kind === "pair").map((row) => pairView(row)),
    };
  } catch (error) {
    logFailure("gallery_load_failed", error);
    return { complete: false, photos: [], pairs: [] };
  }
}

/** URL of a variant for the admin pages: served to admins whether or not it is published. */
const adminMediaUrl: ImageUrl = (photoId, width, format) => `/admin/gallery/media/${photoId}-${width}.${format}`;

/** The loader of /admin/gallery: admins only; every item of each kind in its order. */
export async function loadGalleryPage(request: Request, context: AppLoadContext) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const { results } = await context.db.$client.prepare(`${ITEMS_SQL} ORDER BY i.kind, i.position`).all<ItemRow>();
  const admin = (row: ItemRow) => ({ published: row.published === 1, serviceType: row.service_type, altText: row.alt_text });
  return {
    photos: results.filter((row) => row.kind === "photo").map((row) => ({ ...photoView(row, adminMediaUrl), ...admin(row) })),
    pairs: results.filter((row) => row.kind === "pair").map((row) => ({ ...pairView(row, adminMediaUrl), ...admin(row) })),
  };
}

/** A photo checked and stored in R2, ready for its row. */
interface StoredPhoto {
  id: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
  /** True when this request put the original (so a failed batch may delete it). */
  isNew: boolean;
}

/**
 * Checks a photo's pixels (IMAGES binding: its size, then a first transform) and stores its
 * original. Out: the photo, or the message for the admin (nothing left stored). Throws what R2
 * threw.
 */
async function storePhoto(context: AppLoadContext, file: File): Promise<StoredPhoto | { message: string }> {
  const { env } = context.cloudflare;
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
  const photo = { id, contentType: file.type, ...size, sizeBytes: bytes.byteLength, isNew };
  try {
    await makeFirstVariant(env, photo);
  } catch (error) {
    logFailure("gallery_upload_unreadable", error, { photoId: id });
    await forgetNewOriginals(context.db, env.UPLOADS, [photo]);
    return { message: GALLERY_MESSAGES.unreadable(file.name) };
  }
  return photo;
}

function insertPhoto(db: Database, photo: StoredPhoto, now: number): D1PreparedStatement {
  return db.$client
    .prepare(
      "INSERT OR IGNORE INTO gallery_photos (id, content_type, width, height, size_bytes, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind(photo.id, photo.contentType, photo.width, photo.height, photo.sizeBytes, now);
}

/**
 * Adds a photo or a pair at the end of its kind, unless the kind is full (checked before the
 * upload is stored; two admins adding the last one at the same moment may pass it by one).
 * Out: "added", "full", or the message about a photo that cannot be used. Throws what R2 or D1
 * threw, after deleting the originals this call stored that no row refers to.
 */
async function addItem(
  context: AppLoadContext,
  input: AddPhotoInput | AddPairInput,
  actorUserId: string,
): Promise<"added" | "full" | { message: string }> {
  const { db } = context;
  const { env, ctx } = context.cloudflare;
  const kind: GalleryItemKind = input.intent === "add-photo" ? "photo" : "pair";
  const count = await db.$client.prepare("SELECT count(*) AS n FROM gallery_items WHERE kind = ?1").bind(kind).first<{ n: number }>();
  if ((count?.n ?? 0) >= GALLERY_LIMITS.itemsPerKind) return "full";
  const files = input.intent === "add-photo" ? [input.photo] : [input.before, input.after];
  const stored: StoredPhoto[] = [];
  try {
    for (const file of files) {
      const photo = await storePhoto(context, file);
      if ("message" in photo || stored.some((earlier) => earlier.id === photo.id)) {
        await forgetNewOriginals(db, env.UPLOADS, "message" in photo ? stored : [...stored, photo]);
        return "message" in photo ? photo : { message: GALLERY_MESSAGES.samePhoto };
      }
      stored.push(photo);
    }
    const now = Date.now();
    const [main, before] = input.intent === "add-photo" ? [stored[0]!, null] : [stored[1]!, stored[0]!];
    const fields =
      input.intent === "add-photo"
        ? { category: input.category, alt: input.altText, service: null, description: null }
        : { category: null, alt: null, service: input.serviceType, description: input.description };
    await db.$client.batch([
      ...stored.map((photo) => insertPhoto(db, photo, now)),
      db.$client
        .prepare(
          `INSERT INTO gallery_items (id, kind, title, category, alt_text, service_type, description, photo_id, before_photo_id, position, published, updated_by_user_id, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, (SELECT COALESCE(MAX(position), 0) + 1 FROM gallery_items WHERE kind = ?2), ?10, ?11, ?12, ?12)`,
        )
        .bind(
          crypto.randomUUID(),
          kind,
          input.title,
          fields.category,
          fields.alt,
          fields.service,
          fields.description,
          main.id,
          before?.id ?? null,
          input.publish ? 1 : 0,
          actorUserId,
          now,
        ),
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

/** Saves an item's words. Out: whether the item (of that kind) exists. */
async function editItem(db: Database, input: EditPhotoInput | EditPairInput, actorUserId: string): Promise<boolean> {
  const now = Date.now();
  const change =
    input.intent === "edit-photo"
      ? db.$client
          .prepare(
            "UPDATE gallery_items SET title = ?2, category = ?3, alt_text = ?4, updated_by_user_id = ?5, updated_at = ?6 WHERE id = ?1 AND kind = 'photo'",
          )
          .bind(input.id, input.title, input.category, input.altText, actorUserId, now)
      : db.$client
          .prepare(
            "UPDATE gallery_items SET title = ?2, service_type = ?3, description = ?4, updated_by_user_id = ?5, updated_at = ?6 WHERE id = ?1 AND kind = 'pair'",
          )
          .bind(input.id, input.title, input.serviceType, input.description, actorUserId, now);
  const [result] = await db.$client.batch([change, bumpContentVersion(db, { onlyIfChanged: true })]);
  return (result?.meta.changes ?? 0) > 0;
}

/**
 * Publishes, hides, moves or deletes an item. Out: whether it existed. A move swaps its place
 * with the next item of its kind up or down (none: nothing changes). A delete also deletes its
 * photos' rows and R2 objects when no other item shows them.
 */
async function stepItem(context: AppLoadContext, id: string, step: GalleryStep, actorUserId: string): Promise<boolean> {
  const { db } = context;
  const client = db.$client;
  const item = await client
    .prepare("SELECT kind, position, photo_id, before_photo_id FROM gallery_items WHERE id = ?1")
    .bind(id)
    .first<{ kind: GalleryItemKind; position: number; photo_id: string; before_photo_id: string | null }>();
  if (!item) return false;
  const now = Date.now();
  if (step === "publish" || step === "hide") {
    await client.batch([
      client
        .prepare("UPDATE gallery_items SET published = ?2, updated_by_user_id = ?3, updated_at = ?4 WHERE id = ?1 AND published <> ?2")
        .bind(id, step === "publish" ? 1 : 0, actorUserId, now),
      bumpContentVersion(db, { onlyIfChanged: true }),
    ]);
    return true;
  }
  if (step === "up" || step === "down") {
    const neighbour = await client
      .prepare(
        step === "up"
          ? "SELECT id, position FROM gallery_items WHERE kind = ?1 AND position < ?2 ORDER BY position DESC LIMIT 1"
          : "SELECT id, position FROM gallery_items WHERE kind = ?1 AND position > ?2 ORDER BY position ASC LIMIT 1",
      )
      .bind(item.kind, item.position)
      .first<{ id: string; position: number }>();
    if (!neighbour) return true;
    // Both rows change only if both still hold the places read above.
    await client.batch([
      client
        .prepare(
          `UPDATE gallery_items SET position = CASE id WHEN ?1 THEN ?4 ELSE ?2 END, updated_at = ?5
           WHERE id IN (?1, ?3) AND (SELECT count(*) FROM gallery_items WHERE (id = ?1 AND position = ?2) OR (id = ?3 AND position = ?4)) = 2`,
        )
        .bind(id, item.position, neighbour.id, neighbour.position, now),
      bumpContentVersion(db, { onlyIfChanged: true }),
    ]);
    return true;
  }
  const photoIds = [item.photo_id, item.before_photo_id].filter((photoId): photoId is string => photoId !== null);
  const results = await client.batch([
    client.prepare("DELETE FROM gallery_items WHERE id = ?1").bind(id),
    bumpContentVersion(db, { onlyIfChanged: true }),
    ...photoIds.map((photoId) =>
      client
        .prepare(
          "DELETE FROM gallery_photos WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM gallery_items WHERE photo_id = ?1 OR before_photo_id = ?1) RETURNING id",
        )
        .bind(photoId),
    ),
  ]);
  if ((results[0]?.meta.changes ?? 0) === 0) return false;
  const unused = results.slice(2).flatMap((result) => (result.results as Array<{ id: string }>).map((row) => row.id));
  context.cloudflare.ctx.waitUntil(deletePhotoObjects(db, context.cloudflare.env.UPLOADS, unused));
  return true;
}

/** A refused gallery form: the field errors and the values as sent (files are never sent back). */
export type GalleryActionData = RefusedForm;

const STEP_NOTICES: Record<GalleryStep, NoticeKey> = {
  publish: "galleryPublished",
  hide: "galleryHidden",
  up: "galleryMoved",
  down: "galleryMoved",
  delete: "galleryDeleted",
};

/**
 * POST on /admin/gallery. Uploads come as multipart (read with the photo limits of the visitor
 * forms: 5 MB a file, types sniffed from the bytes), every other form as a small urlencoded
 * post. Answers a redirect with a notice; 400 with the field errors and the values; 404 for an
 * item that is gone; 409 when the kind is full; 503 when R2 or D1 fails.
 */
export async function galleryPageAction(request: Request, context: AppLoadContext) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const contract = formContract(galleryFormSchema);
  let formData: FormData;
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    let body;
    try {
      body = await readPhotoFormBody(request, contract);
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return data<GalleryActionData>({ errors: { "": GALLERY_MESSAGES.failed }, values: {} }, { status: 400 });
    }
    if (!body.ok) return data<GalleryActionData>({ errors: { "": body.message }, values: {} }, { status: 400 });
    if (body.tooLargePhotos.length > 0) {
      return data<GalleryActionData>(
        { ...refusedForm(body.formData), errors: { "": fileTooLargeMessage(body.tooLargePhotos[0]!) } },
        { status: 400 },
      );
    }
    formData = body.formData;
  } else {
    const form = await readSmallForm(request, contract);
    if (!form.ok) return data<GalleryActionData>({ errors: { "": form.message }, values: {} }, { status: 400 });
    formData = form.formData;
  }
  const { values } = refusedForm(formData);
  const refuse = (status: number, errors: Record<string, string>) => data<GalleryActionData>({ errors, values }, { status });
  const submission = parseWithZod(formData, { schema: galleryFormSchema });
  if (submission.status !== "success") return data<GalleryActionData>(refusedForm(formData, submission.error), { status: 400 });
  const back = async (notice: NoticeKey) => redirect("/admin/gallery", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const value = submission.value;
  try {
    if (value.intent === "add-photo" || value.intent === "add-pair") {
      const outcome = await addItem(context, value, user.id);
      if (outcome === "full") return refuse(409, { "": GALLERY_MESSAGES.full });
      if (outcome !== "added") return refuse(400, { "": outcome.message });
      return back(!value.publish ? "galleryHiddenAdded" : value.intent === "add-photo" ? "galleryPhotoAdded" : "galleryPairAdded");
    }
    if (value.intent === "edit-photo" || value.intent === "edit-pair") {
      if (!(await editItem(context.db, value, user.id))) return refuse(404, { "": GALLERY_MESSAGES.gone });
      return back("gallerySaved");
    }
    if (!(await stepItem(context, value.id, value.intent, user.id))) return refuse(404, { "": GALLERY_MESSAGES.gone });
    return back(STEP_NOTICES[value.intent]);
  } catch (error) {
    logFailure("gallery_change_failed", error, { intent: value.intent });
    return refuse(503, { "": GALLERY_MESSAGES.failed });
  }
}
