/**
 * The six services (docs/product.md §1, §2 "Home", "Services overview", "Service
 * detail pages", §3 "Static content": title, description, features, image, page id).
 * The overview, the home cards, each /services/<slug> page, the sitemap and the structured
 * data all read this list. What only a service's own page shows is in ./service-details.ts,
 * which only that page's loader reads, so it is not part of every page's JavaScript.
 */
import type { ServiceType } from "~/domain/enumerations";
import type { PhotoId } from "./photos";

export interface Service {
  /** URL segment: /services/<slug>. */
  slug: string;
  /** The page id (docs/product.md §2 "Home"), used as the card's element id. */
  pageId: string;
  /** The quote form's service type this page preselects. */
  serviceType: ServiceType;
  title: string;
  /** One or two sentences for cards and meta descriptions. */
  description: string;
  /** Short feature list for the overview cards. */
  features: readonly string[];
  photo: PhotoId;
}

export const SERVICES = [
  {
    slug: "residential",
    pageId: "residential-service",
    serviceType: "residential",
    title: "Residential Deep Cleaning",
    description:
      "A top-to-bottom clean of your home: kitchens, bathrooms, floors and every surface in between, done with eco-friendly supplies.",
    features: ["Kitchens and bathrooms scrubbed", "Floors vacuumed and mopped", "Dusting from ceiling fans to skirting"],
    photo: "moppingLivingRoom",
  },
  {
    slug: "commercial",
    pageId: "commercial-service",
    serviceType: "commercial",
    title: "Commercial Cleaning",
    description:
      "Offices, shops and clinics cleaned before or after hours, so your staff and customers walk into a space that looks after them.",
    features: ["Before or after business hours", "Washrooms and break rooms sanitised", "Desks, glass and high-touch points"],
    photo: "officeDusting",
  },
  {
    slug: "industrial-kitchen",
    pageId: "industrial-kitchen-service",
    serviceType: "industrial-kitchen",
    title: "Industrial Kitchen Cleaning",
    description:
      "Degreasing and sanitising for restaurant, hotel and catering kitchens, scheduled around service so you never lose a shift.",
    features: ["Degreasing of hoods, filters and walls", "Food-safe sanitising", "Scheduled around your service"],
    photo: "disinfecting",
  },
  {
    slug: "post-construction",
    pageId: "postconstruction-service",
    serviceType: "post-construction",
    title: "Post-Construction Cleaning",
    description:
      "Builders' dust, paint splashes and debris removed after a build or renovation, leaving the space ready to move into or hand over.",
    features: ["Fine dust removed from every surface", "Paint and sticker residue lifted", "Ready for hand-over"],
    photo: "emptyRoomHandover",
  },
  {
    slug: "strata",
    pageId: "strata-service",
    serviceType: "strata",
    title: "Strata Cleaning",
    description:
      "Common areas of apartment complexes and gated communities kept clean to a written schedule the committee and residents can rely on.",
    features: ["Lobbies, stairwells and corridors", "Bin areas and pool surrounds", "Written schedule and logbook"],
    photo: "highRiseWindows",
  },
  {
    slug: "airbnb",
    pageId: "airbnb-service",
    serviceType: "airbnb",
    title: "Airbnb Turnover Cleaning",
    description:
      "Fast, reliable turnovers between guests: fresh linen, restocked essentials and a photo-ready rental, on your booking calendar.",
    features: ["Linen change and bed making", "Restocking of guest essentials", "Damage and low-stock reports"],
    photo: "makingBed",
  },
] as const satisfies readonly Service[];

export type ServiceSlug = (typeof SERVICES)[number]["slug"];

/** The service for a URL segment, or undefined for an unknown one. */
export function findService(slug: string): (typeof SERVICES)[number] | undefined {
  return SERVICES.find((service) => service.slug === slug);
}

/** The home page carousel: four service photos (docs/product.md §2 "Home"). */
export const CAROUSEL_SLIDES: readonly { photo: PhotoId; title: string; slug: ServiceSlug }[] = [
  { photo: "kitchenDining", title: "Kitchens and dining areas", slug: "residential" },
  { photo: "showerSqueegee", title: "Bathrooms, descaled and polished", slug: "residential" },
  { photo: "apartmentWindows", title: "Glass and windows, streak-free", slug: "strata" },
  { photo: "tidySuite", title: "Rentals ready for the next guest", slug: "airbnb" },
];
