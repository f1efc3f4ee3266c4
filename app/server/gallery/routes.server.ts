/**
 * The request side of the gallery (docs/product.md §10 "Gallery", docs/architecture.md §4.19):
 * the loader and action of /admin/gallery, the admin previews /admin/gallery/media/:name, the
 * loader of the public /gallery, and the answer to `/media/<name>` (server.ts). They check the
 * permission, read the form, call gallery.server.ts and media.server.ts, and shape what the
 * pages show; the queries and rules live in those two modules.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import { GALLERY_MEDIA_PATH, galleryImage, type ImageFormat, type ResponsiveImage } from "~/content/photos";
import { SERVICE_TYPE_LABELS, type GalleryCategory } from "~/domain/enumerations";
import { fileTooLargeMessage } from "~/domain/messages";
import { GALLERY_MESSAGES } from "~/domain/staff-messages";
import { galleryFormSchema, type GalleryStep } from "~/forms/gallery";
import { refusal } from "~/forms/result";
import { requireAdmin } from "~/http/permissions.server";
import type { Database } from "../platform/db.server";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { readSmallForm } from "~/http/small-form.server";
import { MultipartError, readPhotoFormBody } from "~/http/photo-form-body.server";
import { addGalleryItem, editGalleryItem, listGalleryItems, stepGalleryItem, type GalleryItemRow } from "./gallery.server";
import { mayServeVariant, variantObject, type GalleryVariant } from "./media.server";

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

const photoView = (row: GalleryItemRow, urlOf?: ImageUrl): GalleryPhotoView => ({
  id: row.id,
  title: row.title,
  category: row.category!,
  image: galleryImage({ id: row.photoId, width: row.photoWidth, height: row.photoHeight }, row.altText!, urlOf),
});

const pairView = (row: GalleryItemRow, urlOf?: ImageUrl): GalleryPairView => ({
  id: row.id,
  title: row.title,
  service: SERVICE_TYPE_LABELS[row.serviceType!],
  description: row.description!,
  before: galleryImage({ id: row.beforePhotoId!, width: row.beforeWidth!, height: row.beforeHeight! }, `Before: ${row.title}`, urlOf),
  after: galleryImage({ id: row.photoId, width: row.photoWidth, height: row.photoHeight }, `After: ${row.title}`, urlOf),
});

/**
 * The published photos and pairs as /gallery shows them, each kind in its order. In: the
 * published items of the public content (app/server/site/content.server.ts `publicContent`),
 * null when D1 could not be read: then none and `complete` false, so the page is not cached
 * and falls back to its stock default (app/content/gallery.ts) rather than failing. Reads nothing.
 */
function publishedGallery(rows: GalleryItemRow[] | null): { complete: boolean; photos: GalleryPhotoView[]; pairs: GalleryPairView[] } {
  if (!rows) return { complete: false, photos: [], pairs: [] };
  return {
    complete: true,
    photos: rows.filter((row) => row.kind === "photo").map((row) => photoView(row)),
    pairs: rows.filter((row) => row.kind === "pair").map((row) => pairView(row)),
  };
}

/**
 * The loader of the public /gallery: the published photos and pairs, from the public content
 * (no query when this isolate holds it at the request's content version), sent
 * `private, no-store` when D1 could not be read (`incompletePageHeaders`, app/cache-control.ts).
 */
export async function publicGalleryLoader({ context }: LoaderFunctionArgs) {
  const { complete, ...gallery } = publishedGallery((await context.publicContent()).gallery);
  return data(gallery, { headers: incompletePageHeaders(complete) });
}

/** URL of a variant for the admin pages: served to admins whether or not it is published. */
const adminMediaUrl: ImageUrl = (photoId, width, format) => `/admin/gallery/media/${photoId}-${width}.${format}`;

/** The loader of /admin/gallery: admins only; every item of each kind in its order. */
export async function galleryPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const rows = await listGalleryItems(context.db, { publishedOnly: false });
  const admin = (row: GalleryItemRow) => ({ published: row.published, serviceType: row.serviceType, altText: row.altText });
  return {
    photos: rows.filter((row) => row.kind === "photo").map((row) => ({ ...photoView(row, adminMediaUrl), ...admin(row) })),
    pairs: rows.filter((row) => row.kind === "pair").map((row) => ({ ...pairView(row, adminMediaUrl), ...admin(row) })),
  };
}

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
 * post. Answers a redirect with a notice, or the form's result (app/forms/result.ts): 400 with
 * the field errors and the values as sent (files are never sent back); 404 for an item that is
 * gone; 409 when the kind is full; 503 when R2 or D1 fails.
 */
export async function galleryPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const contract = formContract(galleryFormSchema);
  let formData: FormData;
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    let body;
    try {
      body = await readPhotoFormBody(request, contract);
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return data(refusal(null, GALLERY_MESSAGES.failed), { status: 400 });
    }
    if (!body.ok) return data(refusal(null, body.message), { status: 400 });
    if (body.tooLargePhotos.length > 0) return data(refusal(body.formData, fileTooLargeMessage(body.tooLargePhotos[0]!)), { status: 400 });
    formData = body.formData;
  } else {
    const form = await readSmallForm(request, contract);
    if (!form.ok) return data(refusal(null, form.message), { status: 400 });
    formData = form.formData;
  }
  const submission = parseWithZod(formData, { schema: galleryFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  const back = async (notice: NoticeKey) => redirect("/admin/gallery", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const value = submission.value;
  try {
    if (value.intent === "add-photo" || value.intent === "add-pair") {
      const outcome = await addGalleryItem(context.db, context.cloudflare, value, user.id);
      if (outcome === "full") return refuse(409, GALLERY_MESSAGES.full);
      if (outcome !== "added") return refuse(400, outcome.message);
      return back(!value.publish ? "galleryHiddenAdded" : value.intent === "add-photo" ? "galleryPhotoAdded" : "galleryPairAdded");
    }
    if (value.intent === "edit-photo" || value.intent === "edit-pair") {
      if (!(await editGalleryItem(context.db, value, user.id))) return refuse(404, GALLERY_MESSAGES.gone);
      return back("gallerySaved");
    }
    if (!(await stepGalleryItem(context.db, context.cloudflare, value.id, value.intent, user.id))) {
      return refuse(404, GALLERY_MESSAGES.gone);
    }
    return back(STEP_NOTICES[value.intent]);
  } catch (error) {
    logFailure("gallery_change_failed", error, { intent: value.intent });
    return refuse(503, GALLERY_MESSAGES.failed);
  }
}

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

/**
 * The loader of /admin/gallery/media/:name: a variant of any gallery photo, published or not,
 * to admins only (the previews of /admin/gallery); others are sent to sign in.
 */
export async function galleryMediaLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  return serveGalleryMedia(request, env, context.db, params.name ?? "", "admin");
}
