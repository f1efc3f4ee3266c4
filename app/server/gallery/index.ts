/** The gallery feature's public face: what the routes, app/http, other features and the tests use of it. */
export { addGalleryItem, editGalleryItem, listGalleryItems, stepGalleryItem } from "./gallery.server";
export type { GalleryItemRow } from "./gallery.server";
export { isPublishedVariant, mayServeVariant, sweepOrphanGalleryObjects, variantObject } from "./media.server";
export type { GalleryVariant } from "./media.server";
export { adminGallery, publishedGallery } from "./views.server";
