/**
 * The gallery (docs/product.md §2 "Gallery": nine photos with a title and a category badge; a
 * before/after section).
 *
 * The photos are licensed stock, chosen to show the kind of work each service does. The
 * before/after blocks describe what a service changes, each with one honest photo. Both are
 * the default: once staff publish their own photos or before/after pairs on /admin/gallery
 * (app/server/gallery/gallery.server.ts), the gallery shows those instead.
 */
import type { GalleryCategory } from "~/domain/enumerations";
import type { PhotoId } from "./photos";

export interface GalleryItem {
  photo: PhotoId;
  title: string;
  category: GalleryCategory;
}

export const GALLERY_ITEMS: readonly GalleryItem[] = [
  { photo: "moppingLivingRoom", title: "Living room floors", category: "Residential" },
  { photo: "ovenDeepClean", title: "Oven degreasing", category: "Deep Clean" },
  { photo: "officeDusting", title: "Office dusting", category: "Commercial" },
  { photo: "makingBed", title: "Turnover linen change", category: "Airbnb" },
  { photo: "apartmentWindows", title: "High-rise glass", category: "Strata" },
  { photo: "disinfecting", title: "Surface disinfection", category: "Specialized" },
  { photo: "showerSqueegee", title: "Shower screens", category: "Deep Clean" },
  { photo: "tidySuite", title: "Guest-ready suite", category: "Airbnb" },
  { photo: "emptyRoomHandover", title: "Post-construction hand-over", category: "Specialized" },
];

export interface BeforeAfter {
  title: string;
  before: string;
  after: string;
  photo: PhotoId;
}

export const BEFORE_AFTER: readonly BeforeAfter[] = [
  {
    title: "Kitchens",
    before: "Grease on the stovetop and splashback, crumbs in the corners, a dull sink.",
    after: "Degreased surfaces, a polished sink and taps, cabinet fronts wiped and floors washed.",
    photo: "counterWipe",
  },
  {
    title: "Bathrooms",
    before: "Limescale on the glass, soap film on tiles, water marks on taps and mirrors.",
    after: "Clear glass, bright grout, streak-free mirrors and fixtures that shine.",
    photo: "showerSqueegee",
  },
  {
    title: "After the builders",
    before: "Fine dust on every ledge, paint splashes on glass, debris in the corners.",
    after: "A dust-free space with clean glass and washed floors, ready to move in.",
    photo: "emptyRoomHandover",
  },
];
