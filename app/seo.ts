/**
 * Per-page metadata (title, description, canonical URL, Open Graph, Twitter card) and the
 * business's structured data (schema.org HouseCleaning, a LocalBusiness).
 */
import type { MetaArgs, MetaDescriptor } from "@remix-run/cloudflare";
import { PHOTOS, photoUrl, photoWidths, type PhotoId } from "~/content/photos";
import type { FaqContent } from "~/domain/site-content";
import type { OpeningHours } from "~/domain/site-content";
import type { Company, PublicFeatures } from "~/domain/company";
import type { PublishedReviews } from "~/domain/reviews";

/** What the root loader gives every page (app/root.tsx `loader`). */
export interface SiteData {
  /** The company's name, `COMPANY_NAME` in `[vars]`. */
  companyName: string;
  features: PublicFeatures;
  /** The site's origin, e.g. "https://www.example.com", from SITE_URL (never the request's Host). */
  origin: string;
}

/** What the public layout's loader gives every public page (`publicLayoutLoader`). */
export interface PublicSiteData {
  company: Company;
  business: { hours: OpeningHours[]; serviceAreas: string[]; serviceAreasNote: string };
  /** The shown services, in the owner's order. */
  services: Array<{ slug: string; title: string; description: string }>;
  /** Whether the price guide has ranges (the footer links /pricing then). */
  hasPrices: boolean;
}

export interface PageSeo {
  title: string;
  description: string;
  /** The photo shared on social media; defaults to the home hero. */
  image?: PhotoId;
  noindex?: boolean;
}

/** Meta descriptors for a page. `args` is the route's meta args (reads the root loader). */
export function pageMeta(args: Pick<MetaArgs, "matches" | "location">, page: PageSeo): MetaDescriptor[] {
  const site = args.matches.find((match) => match.id === "root")?.data as SiteData | undefined;
  const name = site?.companyName ?? "";
  const title = name ? `${page.title} | ${name}` : page.title;
  const url = site ? `${site.origin}${args.location.pathname}` : args.location.pathname;
  const photo = PHOTOS[page.image ?? "teamWithEquipment"];
  const imageWidth = photoWidths(photo).find((width) => width >= 1200) ?? photo.width;
  const image = `${site?.origin ?? ""}${photoUrl(photo, imageWidth, "webp")}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: photo.alt },
    { property: "og:locale", content: "en_JM" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** schema.org JSON-LD for the business: areas served, opening hours and the shown services; `origin` as in `SiteData`. */
export function businessJsonLd({ company, business, services }: PublicSiteData, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "HouseCleaning",
    "@id": `${origin}/#business`,
    name: company.name,
    url: `${origin}/`,
    telephone: company.phone,
    email: company.email,
    image: `${origin}${photoUrl(PHOTOS.teamWithEquipment, 1200, "webp")}`,
    address: {
      "@type": "PostalAddress",
      addressLocality: "Montego Bay",
      addressRegion: "St. James",
      addressCountry: "JM",
    },
    areaServed: business.serviceAreas.map((name) => ({ "@type": "Place", name: `${name}, Jamaica` })),
    openingHoursSpecification: business.hours
      .filter((entry) => entry.opens)
      .map((entry) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: entry.dayOfWeek.map((day) => `https://schema.org/${day}`),
        opens: entry.opens,
        closes: entry.closes,
      })),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Cleaning services",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        itemOffered: {
          "@type": "Service",
          name: service.title,
          description: service.description,
          url: `${origin}/services/${service.slug}`,
        },
      })),
    },
  };
}

/** schema.org `FAQPage` for a page that lists `faqs` (Google's FAQ structured data). */
export function faqJsonLd(faqs: readonly FaqContent[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

/**
 * schema.org `AggregateRating` and `Review`s of the business (the same `@id` as
 * businessJsonLd), for a page that shows published reviews; call it only when there are some.
 */
export function reviewsJsonLd(origin: string, published: PublishedReviews): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "HouseCleaning",
    "@id": `${origin}/#business`,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: published.average,
      reviewCount: published.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: published.reviews.map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author },
      datePublished: review.reviewedOn,
      reviewBody: review.body,
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}

/**
 * JSON for an inline `<script>` (JSON-LD, speculation rules): `JSON.stringify` with every `<`
 * written as `\u003c`, so no text inside (a review, a business name) can close the script
 * element. In: any JSON-serialisable value. Out: the script's text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
