import { existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import routes from "~/routes";
import { WHY_CHOOSE, WHY_CHOOSE_US } from "~/content/business";
import { BEFORE_AFTER, GALLERY_ITEMS } from "~/content/gallery";
import { GALLERY_CATEGORIES, SERVICE_TYPES } from "~/domain/enumerations";
import { publicPaths } from "~/content/navigation";
import { GALLERY_MEDIA_PATH, galleryImage, isPhotoId, PHOTOS, responsiveWidths, variantWidths } from "~/content/photos";
import { CAROUSEL_SLIDES } from "~/content/services";
import { STARTING_CONTENT } from "~/content/starting-content";
import { SECTION_SCHEMAS } from "~/forms/site-content";
import { openingHours } from "~/domain/site-content";

const SERVICES = STARTING_CONTENT.services;
const FAQS = STARTING_CONTENT.faqs;

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };
function routePaths(entries: RouteEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.index ? ["/"] : entry.path ? [`/${entry.path}`] : []), ...routePaths(entry.children ?? [])]);
}

describe("content data", () => {
  test("the starting content passes its own schemas", () => {
    for (const [section, schema] of Object.entries(SECTION_SCHEMAS)) {
      expect(schema.safeParse(STARTING_CONTENT[section as keyof typeof STARTING_CONTENT]).error, section).toBeUndefined();
    }
  });

  test("the six services of the product, each with its page id, a quote type and real content", () => {
    expect(SERVICES.map((service) => service.pageId)).toEqual([
      "residential-service",
      "commercial-service",
      "industrial-kitchen-service",
      "postconstruction-service",
      "strata-service",
      "airbnb-service",
    ]);
    for (const service of SERVICES) {
      expect(SERVICE_TYPES).toContain(service.serviceType);
      expect(service.slug).toMatch(/^[a-z-]+$/);
      expect(isPhotoId(service.photo), service.photo).toBe(true);
      expect(service.shown).toBe(true);
      expect(service.intro.length).toBeGreaterThan(40);
      expect(service.included.length).toBeGreaterThanOrEqual(4);
      expect(service.idealFor.length).toBeGreaterThanOrEqual(2);
      expect(service.visit.length).toBeGreaterThanOrEqual(3);
    }
  });

  test("every service and every listed page has a route", () => {
    const paths = routePaths(routes as RouteEntry[]);
    expect(paths).toContain("/services/:slug");
    for (const path of publicPaths(
      SERVICES.map((service) => service.slug),
      { pricing: true },
    )) {
      const matched = paths.includes(path) || (path.startsWith("/services/") && paths.includes("/services/:slug"));
      expect(matched, path).toBe(true);
    }
    expect(publicPaths([], { pricing: false })).toEqual(["/", "/services", "/about", "/contact", "/gallery", "/faq", "/quote", "/privacy"]);
    expect(publicPaths([], { pricing: true })).toContain("/pricing");
  });

  test("eight FAQs on the product's topics, five of them on the home page", () => {
    expect(FAQS).toHaveLength(8);
    expect(FAQS.filter((faq) => faq.onHome)).toHaveLength(5);
    expect(new Set(FAQS.map((faq) => faq.id)).size).toBe(8);
  });

  test("nine gallery photos with the product's categories, all of them used", () => {
    expect(GALLERY_ITEMS).toHaveLength(9);
    expect(new Set(GALLERY_ITEMS.map((item) => item.category))).toEqual(new Set(GALLERY_CATEGORIES));
    expect(BEFORE_AFTER.length).toBeGreaterThan(0);
  });

  test("home and about cards are the product's", () => {
    expect(WHY_CHOOSE.map((item) => item.title)).toEqual(["Professional Team", "Eco-Friendly", "Flexible Scheduling", "Quality Guarantee"]);
    expect(WHY_CHOOSE_US.map((item) => item.title)).toEqual(["Licensed & Insured", "Eco-Friendly", "Expert Team", "Quality Guaranteed"]);
    expect(STARTING_CONTENT.business.serviceAreas).toEqual(["Montego Bay", "Rose Hall", "Ironshore", "Reading"]);
    expect(openingHours(STARTING_CONTENT.business.hours).map((entry) => `${entry.days}: ${entry.label}`)).toEqual([
      "Monday - Friday: 8:00 AM - 6:00 PM",
      "Saturday: 9:00 AM - 4:00 PM",
      "Sunday: By appointment",
    ]);
  });

  test("every photo exists in the repository with an alt text and a credit", () => {
    expect(CAROUSEL_SLIDES).toHaveLength(4);
    for (const photo of Object.values(PHOTOS)) {
      expect(existsSync(`app/assets/photos/${photo.file}.jpg`), photo.file).toBe(true);
      expect(photo.alt.length).toBeGreaterThan(10);
      expect(photo.credit.length).toBeGreaterThan(2);
    }
  });
});

describe("gallery photo sizes", () => {
  test("the widths made for a photo stop at its own width, and never go past 1,600 px", () => {
    expect(responsiveWidths(2000)).toEqual([480, 800, 1200, 1600]);
    expect(responsiveWidths(1600)).toEqual([480, 800, 1200, 1600]);
    expect(responsiveWidths(1067)).toEqual([480, 800, 1067]);
    expect(responsiveWidths(640)).toEqual([480, 640]);
    expect(responsiveWidths(480)).toEqual([480]);
  });

  test("AVIF variants stop at 1,200 px on their long side (Cloudflare Images' AVIF limit); WebP goes on", () => {
    expect(variantWidths({ width: 2000, height: 1125 }, "avif")).toEqual([480, 800, 1200]);
    expect(variantWidths({ width: 2000, height: 1125 }, "webp")).toEqual([480, 800, 1200, 1600]);
    expect(variantWidths({ width: 1125, height: 2000 }, "avif")).toEqual([480]);
    expect(variantWidths({ width: 600, height: 3000 }, "avif")).toEqual([]);
  });

  test("a gallery photo's srcsets name its variants by content hash; the fallback is the WebP nearest 800 px", () => {
    const id = "0123456789abcdef0123456789abcdef";
    const image = galleryImage({ id, width: 1067, height: 1067 }, "A clean shower screen");
    expect(image.avifSrcSet).toBe(`/media/${id}-480.avif 480w, /media/${id}-800.avif 800w, /media/${id}-1067.avif 1067w`);
    expect(image.webpSrcSet).toBe(`/media/${id}-480.webp 480w, /media/${id}-800.webp 800w, /media/${id}-1067.webp 1067w`);
    expect(image).toMatchObject({ src: `/media/${id}-800.webp`, width: 1067, height: 1067, alt: "A clean shower screen" });
    for (const url of image.avifSrcSet.split(", ").map((entry) => entry.split(" ")[0]!)) expect(url).toMatch(GALLERY_MEDIA_PATH);
    for (const url of [`/media/${id.toUpperCase()}-480.avif`, `/media/${id}-480.png`, `/media/${id}-0480.avif`, `/media/${id}.avif`]) {
      expect(url).not.toMatch(GALLERY_MEDIA_PATH);
    }
    const admin = galleryImage(
      { id, width: 640, height: 480 },
      "x",
      (photoId, width, format) => `/admin/gallery/media/${photoId}-${width}.${format}`,
    );
    expect(admin.src).toBe(`/admin/gallery/media/${id}-640.webp`);
  });
});
