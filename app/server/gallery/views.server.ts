/**
 * What the gallery's pages show of its items (docs/product.md §10 "Gallery"): the published
 * photos and before/after pairs of /gallery, and every item of /admin/gallery with its images
 * served by the admin's media route. Pure shaping of `listGalleryItems`' rows: it reads nothing.
 */
import { galleryImage, type ResponsiveImage } from "~/content/photos";
import { SERVICE_TYPE_LABELS, type GalleryCategory } from "~/domain/enumerations";
import type { GalleryItemRow } from "./gallery.server";

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
 * published items of the public content (app/server/site/content.server.ts `readPublicContent`),
 * null when D1 could not be read: then none and `complete` false, so the page is not cached
 * and falls back to its stock default (app/content/gallery.ts) rather than failing. Reads nothing.
 */
export function publishedGallery(rows: GalleryItemRow[] | null): {
  complete: boolean;
  photos: GalleryPhotoView[];
  pairs: GalleryPairView[];
} {
  if (!rows) return { complete: false, photos: [], pairs: [] };
  return {
    complete: true,
    photos: rows.filter((row) => row.kind === "photo").map((row) => photoView(row)),
    pairs: rows.filter((row) => row.kind === "pair").map((row) => pairView(row)),
  };
}

/** URL of a variant for the admin pages: served to admins whether or not it is published. */
const adminMediaUrl: ImageUrl = (photoId, width, format) => `/admin/gallery/media/${photoId}-${width}.${format}`;

/**
 * Every item of each kind in its order as /admin/gallery shows it: the public view (its images
 * served by the admin's media route, published or not) with whether it is published, its
 * service type and its alt text. In: `listGalleryItems(db, { publishedOnly: false })`.
 */
export function adminGallery(rows: readonly GalleryItemRow[]) {
  const admin = (row: GalleryItemRow) => ({ published: row.published, serviceType: row.serviceType, altText: row.altText });
  return {
    photos: rows.filter((row) => row.kind === "photo").map((row) => ({ ...photoView(row, adminMediaUrl), ...admin(row) })),
    pairs: rows.filter((row) => row.kind === "pair").map((row) => ({ ...pairView(row, adminMediaUrl), ...admin(row) })),
  };
}
