/**
 * `isPublishedVariant` (app/server/gallery/media.server.ts): which `/media` variants the
 * published gallery items make public, decided from the items already read, as
 * `mayServeVariant` decides it from D1.
 */
import { describe, expect, test } from "vitest";
import { IMAGE_FORMATS, variantWidths } from "~/content/photos";
import { isPublishedVariant, type GalleryItemRow } from "~/server/gallery";

const PHOTO = { id: "a".repeat(32), width: 2000, height: 1500 };
const BEFORE = { id: "b".repeat(32), width: 1200, height: 1600 };
const AFTER = { id: "c".repeat(32), width: 1600, height: 900 };

/** A published item as `listGalleryItems` reads it. */
function item(kind: "photo" | "pair", photo: typeof PHOTO, before: typeof PHOTO | null): GalleryItemRow {
  return {
    id: crypto.randomUUID(),
    kind,
    title: "A job",
    category: kind === "photo" ? "Residential" : null,
    altText: kind === "photo" ? "A room" : null,
    serviceType: kind === "pair" ? "residential" : null,
    description: kind === "pair" ? "Before and after" : null,
    published: true,
    photoId: photo.id,
    photoWidth: photo.width,
    photoHeight: photo.height,
    beforePhotoId: before?.id ?? null,
    beforeWidth: before?.width ?? null,
    beforeHeight: before?.height ?? null,
  };
}

const PUBLISHED = [item("photo", PHOTO, null), item("pair", AFTER, BEFORE)];

describe("isPublishedVariant", () => {
  test("every width a published photo has in a format, its own or a pair's before and after, and no other", () => {
    for (const photo of [PHOTO, BEFORE, AFTER]) {
      for (const format of IMAGE_FORMATS) {
        const widths = variantWidths(photo, format);
        expect(widths.length).toBeGreaterThan(0);
        for (const width of widths)
          expect(isPublishedVariant(PUBLISHED, { photoId: photo.id, width, format }), `${width}.${format}`).toBe(true);
        for (const width of [1, widths[0]! + 1, 4000])
          expect(isPublishedVariant(PUBLISHED, { photoId: photo.id, width, format })).toBe(false);
      }
    }
  });

  test("a photo no published item shows is not public; unread items throw, so /media answers 503", () => {
    const width = variantWidths(PHOTO, "webp")[0]!;
    expect(isPublishedVariant(PUBLISHED, { photoId: "d".repeat(32), width, format: "webp" })).toBe(false);
    expect(isPublishedVariant([], { photoId: PHOTO.id, width, format: "webp" })).toBe(false);
    expect(() => isPublishedVariant(null, { photoId: PHOTO.id, width, format: "webp" })).toThrow();
  });
});
