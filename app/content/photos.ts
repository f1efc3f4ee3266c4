/**
 * The site's photographs: stock photos (Pexels licence or CC0) kept in app/assets/photos/ and
 * credited in app/assets/photos/CREDITS.md. They are stock: alt texts describe what is shown,
 * never claim the people are the company's staff.
 *
 * `npm run build` (scripts/build-images.ts) writes each photo as AVIF and WebP at every width
 * of PHOTO_WIDTHS up to its own width, to public/photos/<file>-<width>.<format>.
 */
export interface Photo {
  /** File name in app/assets/photos without ".jpg". */
  file: string;
  /** Pixel size of the original. */
  width: number;
  height: number;
  alt: string;
  credit: string;
  /** CSS object-position when the photo is cropped to a frame; default "50% 50%". */
  focus?: string;
  /**
   * AVIF quality (0-100) when the default, AVIF_QUALITY, is more than the photo needs: the
   * home hero is seen only through a 60% dark overlay, where 35 looks the same as 50 and
   * weighs 10 kB instead of 17 at 800 px (measured), which matters most for the largest paint.
   */
  avifQuality?: number;
}

/** The formats every photo is served in (AVIF first: smaller; WebP for the rest). */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** AVIF quality for the photos' variants (sharp's 0-100 scale; Cloudflare Images' 1-100). */
export const AVIF_QUALITY = 50;

/** Widths (px) generated for `srcset`; a photo gets those up to its own width. */
const PHOTO_WIDTHS = [480, 800, 1200, 1600] as const;

export const PHOTOS = {
  teamWithEquipment: {
    file: "cleaning-team-with-equipment",
    width: 1600,
    height: 1046,
    alt: "Three cleaners in orange overalls with a vacuum, mop and bucket in a bright living room",
    credit: "Tima Miroshnichenko, Pexels",
    focus: "45% 50%",
    avifQuality: 35,
  },
  teamArriving: {
    file: "cleaning-team-arriving-at-home",
    width: 640,
    height: 960,
    alt: "A cleaning team walking up to a house carrying their equipment",
    credit: "Tima Miroshnichenko, Pexels",
  },
  highDusting: {
    file: "cleaner-high-dusting-windows",
    width: 640,
    height: 960,
    alt: "A cleaner on a step ladder cleaning high windows with an extension pole",
    credit: "Tima Miroshnichenko, Pexels",
  },
  kitchenDining: {
    file: "cleaning-team-kitchen-dining-area",
    width: 1600,
    height: 900,
    alt: "Cleaners mopping and wiping down a modern kitchen and dining area",
    credit: "Tima Miroshnichenko, Pexels",
  },
  vacuumCloseup: {
    file: "cleaning-team-vacuum-closeup",
    width: 1600,
    height: 1067,
    alt: "Close-up of an upright vacuum cleaner on a carpet",
    credit: "Tima Miroshnichenko, Pexels",
  },
  moppingLivingRoom: {
    file: "residential-mopping-living-room",
    width: 1600,
    height: 900,
    alt: "A cleaner mopping the wooden floor of a bright living room",
    credit: "Liliana Drew, Pexels",
  },
  ovenDeepClean: {
    file: "residential-deep-clean-oven",
    width: 1600,
    height: 900,
    alt: "Deep-cleaning the inside of a kitchen oven",
    credit: "Liliana Drew, Pexels",
  },
  showerSqueegee: {
    file: "bathroom-shower-squeegee",
    width: 1067,
    height: 1600,
    alt: "A gloved hand squeegeeing a glass shower screen",
    credit: "Karolina Grabowska, Pexels",
    focus: "50% 72%",
  },
  sprayAndWipe: {
    file: "spray-and-wipe-surfaces",
    width: 1067,
    height: 1600,
    alt: "Gloved hands spraying and wiping a surface",
    credit: "Polina Zimmerman, Pexels",
  },
  counterWipe: {
    file: "kitchen-counter-wipe-down",
    width: 640,
    height: 959,
    alt: "Wiping down a kitchen counter under white cabinets",
    credit: "Liliana Drew, Pexels",
    focus: "50% 65%",
  },
  rugVacuum: {
    file: "vacuuming-area-rug",
    width: 640,
    height: 853,
    alt: "Vacuuming a patterned area rug",
    credit: "cottonbro studio, Pexels",
  },
  mirrorDusting: {
    file: "cleaning-tools-duster",
    width: 640,
    height: 426,
    alt: "A gloved hand dusting a bathroom mirror with a feather duster",
    credit: "Karolina Grabowska, Pexels",
  },
  makingBed: {
    file: "airbnb-turnover-making-bed",
    width: 1600,
    height: 900,
    alt: "Two housekeepers making a bed with fresh linen",
    credit: "Liliana Drew, Pexels",
  },
  tidySuite: {
    file: "airbnb-tidy-bedroom-suite",
    width: 1600,
    height: 1200,
    alt: "A tidy, freshly made bedroom suite with a sofa, lamps and curtains",
    credit: "Unsplash",
  },
  emptyRoomHandover: {
    file: "post-construction-move-out-empty-room",
    width: 1600,
    height: 900,
    alt: "A freshly cleaned empty room with a new floor and white walls, ready for hand-over",
    credit: "Curtis Adams, Pexels",
  },
  hardwoodMop: {
    file: "hardwood-floor-mopping",
    width: 1600,
    height: 900,
    alt: "A flat mop gliding over a glossy hardwood floor",
    credit: "Pixabay, Pexels",
  },
  officeDusting: {
    file: "office-cleaning-dusting",
    width: 800,
    height: 551,
    alt: "A cleaner dusting shelves and files in an office",
    credit: "pxhere (CC0)",
  },
  disinfecting: {
    file: "commercial-disinfecting-surfaces",
    width: 1600,
    height: 900,
    alt: "A worker in protective clothing and gloves disinfecting a work surface",
    credit: "Matilda Wormwood, Pexels",
  },
  highRiseWindows: {
    file: "high-rise-window-cleaning",
    width: 480,
    height: 640,
    alt: "A rope-access window cleaner on the glass front of an apartment block",
    credit: "pxhere (CC0)",
  },
  apartmentWindows: {
    file: "apartment-window-cleaning",
    width: 1280,
    height: 853,
    alt: "A cleaner squeegeeing the floor-to-ceiling windows of a high-rise apartment",
    credit: "pxhere (CC0)",
  },
} as const satisfies Record<string, Photo>;

export type PhotoId = keyof typeof PHOTOS;

/** Whether `id` names a photo of the library (a service's photo is stored as its id). */
export function isPhotoId(id: string): id is PhotoId {
  return Object.hasOwn(PHOTOS, id);
}

/** The widths (px) to generate for a photo `width` pixels wide: PHOTO_WIDTHS up to it, never upscaled. */
export function responsiveWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const widths: number[] = PHOTO_WIDTHS.filter((candidate) => candidate < width);
  return width > largest ? widths : [...widths, width];
}

/** The widths generated for one photo (never upscaled). */
export function photoWidths(photo: Photo): number[] {
  return responsiveWidths(photo.width);
}

/** Public URL of one generated variant. */
export function photoUrl(photo: Photo, width: number, format: ImageFormat): string {
  return `/photos/${photo.file}-${width}.${format}`;
}

/** The `srcset` attribute for one format. */
export function photoSrcSet(photo: Photo, format: ImageFormat): string {
  return photoWidths(photo)
    .map((width) => `${photoUrl(photo, width, format)} ${width}w`)
    .join(", ");
}

/**
 * A photo ready to draw at any size: its AVIF and WebP `srcset`s, a fallback `src` (the WebP
 * closest to 800 px wide), its pixel size (so nothing shifts while it loads) and alt text.
 * Stock photos (`stockImage`) and the gallery photos staff upload (`galleryImage`) both give one.
 */
export interface ResponsiveImage {
  avifSrcSet: string;
  webpSrcSet: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  /** CSS object-position when cropped to a frame. */
  focus?: string;
}

/** The width of the fallback `src`: the first at least 800 px wide, else the largest. */
function fallbackWidth(widths: number[]): number {
  return widths.find((candidate) => candidate >= 800) ?? widths[widths.length - 1]!;
}

/** A stock photo of PHOTOS as a ResponsiveImage. */
export function stockImage(id: PhotoId): ResponsiveImage {
  const photo: Photo = PHOTOS[id];
  return {
    avifSrcSet: photoSrcSet(photo, "avif"),
    webpSrcSet: photoSrcSet(photo, "webp"),
    src: photoUrl(photo, fallbackWidth(photoWidths(photo)), "webp"),
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
    ...(photo.focus ? { focus: photo.focus } : {}),
  };
}

/**
 * The longest side, in pixels, of an AVIF variant of a gallery photo: Cloudflare Images'
 * documented AVIF dimension limit ("Limits and formats": 1,200 pixels). Larger sizes are WebP only.
 */
const AVIF_MAX_SIDE_PX = 1200;

/**
 * The widths made of a gallery photo in one format: `responsiveWidths`, and for AVIF only those
 * whose long side stays within AVIF_MAX_SIDE_PX.
 */
export function variantWidths(photo: { width: number; height: number }, format: ImageFormat): number[] {
  const widths = responsiveWidths(photo.width);
  if (format === "webp") return widths;
  const tall = photo.height / photo.width;
  return widths.filter((width) => Math.max(width, Math.round(width * tall)) <= AVIF_MAX_SIDE_PX);
}

/**
 * Public URL of a variant of a gallery photo (docs/architecture.md §4.19): named by the photo's
 * content hash, so it never changes and may be cached for a year (`immutable`).
 */
function galleryMediaUrl(photoId: string, width: number, format: ImageFormat): string {
  return `/media/${photoId}-${width}.${format}`;
}

/** The URL of a gallery variant, parsed: /media/<32 hex>-<width>.<avif|webp>. */
export const GALLERY_MEDIA_PATH = /^\/media\/([0-9a-f]{32})-([1-9][0-9]{1,4})\.(avif|webp)$/;

/**
 * A gallery photo as a ResponsiveImage. `urlOf` builds each variant's URL: the public one by
 * default; the admin pages pass their own, which also serves hidden photos.
 */
export function galleryImage(
  photo: { id: string; width: number; height: number },
  alt: string,
  urlOf: (photoId: string, width: number, format: ImageFormat) => string = galleryMediaUrl,
): ResponsiveImage {
  const srcSet = (format: ImageFormat) =>
    variantWidths(photo, format)
      .map((width) => `${urlOf(photo.id, width, format)} ${width}w`)
      .join(", ");
  return {
    avifSrcSet: srcSet("avif"),
    webpSrcSet: srcSet("webp"),
    src: urlOf(photo.id, fallbackWidth(variantWidths(photo, "webp")), "webp"),
    width: photo.width,
    height: photo.height,
    alt,
  };
}
