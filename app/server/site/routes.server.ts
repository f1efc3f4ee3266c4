/**
 * The HTTP side of the document and the public site's own pages (docs/product.md §2): the
 * root's data for every page, the public layout's data, the pages drawn from the site content
 * (home, services, a service, about, FAQ), robots.txt, sitemap.xml and the 404 page. The forms,
 * the gallery, the price guide and the status page have their own features
 * (app/server/visitor-forms, gallery, customer; pricing.server.ts here).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import { publicPaths } from "~/content/navigation";
import { isPhotoId } from "~/content/photos";
import { todayInJamaica } from "~/domain/dates";
import { openingHours, type ServiceContent, type SiteContent } from "~/domain/site-content";
import { readCompanyName, readPublicFeatures, readSiteUrl } from "../platform/env.server";
import { companyOf } from "./content.server";
import { takeFlash, takeNotice } from "~/http/flash.server";
import { publishedReviews } from "../reviews/routes.server";
import { CONTACT_CONSTRAINT } from "../visitor-forms/form-constraints.server";

/** robots.txt and sitemap.xml may be kept an hour by any cache. */
const CRAWLER_FILE_CACHE = "public, max-age=3600";

/** The services a visitor sees, in the owner's order, each as a card needs it (a photo the library lacks reads as the home hero's). */
function shownServices(content: SiteContent) {
  return content.services
    .filter((service) => service.shown)
    .map(({ slug, pageId, serviceType, title, description, features, photo }) => ({
      slug,
      pageId,
      serviceType,
      title,
      description,
      features,
      photo: isPhotoId(photo) ? photo : "teamWithEquipment",
    }));
}

/** A shown service's card, as the pages and the structured data read it. */
export type ServiceCardData = ReturnType<typeof shownServices>[number];

/**
 * The root route's data, for every page, public or staff: the company's name (`[vars]`), the
 * public features from `[vars]`, the site's origin (SITE_URL), the footer's year in Jamaica (the
 * page cache keys pages by Jamaica's date too), and a one-time notice (signed out, access
 * denied, …) when one is pending, with the header that clears it. It reads no database.
 */
export async function documentLoader({ context, request }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { notice, headers } = await takeNotice(request);
  const site = { companyName: readCompanyName(env), features: readPublicFeatures(env), origin: readSiteUrl(env) };
  return data({ ...site, notice, year: todayInJamaica().slice(0, 4) }, { headers });
}

/**
 * The public layout's data, for the header, the footer and the business's structured data:
 * the company's contacts (the business facts), the opening hours and service areas, the shown
 * services (the structured data's catalogue) and whether the price guide has ranges (the footer
 * links /pricing then). Read from the site's content (`context.siteContent()`, one D1 batch at
 * most, shared with the page's own loader).
 */
export async function publicLayoutLoader({ context }: LoaderFunctionArgs) {
  const content = await context.siteContent();
  const { serviceAreas, serviceAreasNote } = content.business;
  return {
    company: companyOf(context.cloudflare.env, content),
    business: { hours: openingHours(content.business.hours), serviceAreas, serviceAreasNote },
    services: shownServices(content).map(({ slug, title, description }) => ({ slug, title, description })),
    hasPrices: content.prices.length > 0,
  };
}

/**
 * / : the contact section's one-time success message after a message sent from here, the
 * contact form's HTML constraints, and the published reviews, all from the public content
 * (`publicContent`: no query of its own); a page drawn without its reviews (D1 failed) is not
 * shared by caches (`incompletePageHeaders`).
 */
export async function homePageLoader({ request, context }: LoaderFunctionArgs) {
  const [{ flash, headers }, snapshot] = await Promise.all([takeFlash(request, "contact"), context.publicContent()]);
  const { content } = snapshot;
  const reviews = publishedReviews(snapshot.reviews);
  const { heroHeading, heroLead, stats } = content.business;
  return data(
    {
      flash,
      contactConstraint: CONTACT_CONSTRAINT,
      reviews,
      hero: { heading: heroHeading, lead: heroLead, trustedBy: stats.homeTrustedBy },
      services: shownServices(content),
      faqs: content.faqs.filter((faq) => faq.onHome),
    },
    { headers: { ...headers, ...incompletePageHeaders(reviews.complete) } },
  );
}

/** /services: the shown services' cards. */
export async function servicesPageLoader({ context }: LoaderFunctionArgs) {
  return { services: shownServices(await context.siteContent()) };
}

/** /about: the story and the figures. */
export async function aboutPageLoader({ context }: LoaderFunctionArgs) {
  const { story, stats } = (await context.siteContent()).business;
  return { story, stats };
}

/** /faq: every FAQ, in the owner's order. */
export async function faqPageLoader({ context }: LoaderFunctionArgs) {
  return { faqs: (await context.siteContent()).faqs };
}

/**
 * /services/:slug: the service's content, the other shown services and its published reviews,
 * from the public content (`publicContent`: no query of its own); an unknown or hidden
 * service's slug throws a 404 (its URL is kept for when it is shown again).
 */
export async function servicePageLoader({ params, context }: LoaderFunctionArgs) {
  const snapshot = await context.publicContent();
  const { content } = snapshot;
  const service: ServiceContent | undefined = content.services.find((entry) => entry.slug === params.slug && entry.shown);
  if (!service) throw data(null, { status: 404 });
  const reviews = publishedReviews(snapshot.reviews, service.serviceType);
  const others = shownServices(content).filter((other) => other.slug !== service.slug);
  return data(
    { service: { ...service, photo: isPhotoId(service.photo) ? service.photo : "teamWithEquipment" }, others, reviews },
    { headers: incompletePageHeaders(reviews.complete) },
  );
}

/** Every unmatched URL: the 404 page's status (its texts are the route's). */
export function notFoundLoader() {
  return data(null, { status: 404 });
}

/** /robots.txt: everything public may be crawled; sign-in, admin and customers' status and review pages may not. */
export function robotsLoader({ context }: LoaderFunctionArgs) {
  const origin = readSiteUrl(context.cloudflare.env);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /status",
    "Disallow: /review",
    "Disallow: /calendar",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(body.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE },
  });
}

/** /sitemap.xml: every public page, from the navigation, the shown services and /pricing when the price guide has ranges. */
export async function sitemapLoader({ context }: LoaderFunctionArgs) {
  const origin = readSiteUrl(context.cloudflare.env);
  const content = await context.siteContent();
  const shown = shownServices(content).map((service) => service.slug);
  const urls = publicPaths(shown, { pricing: content.prices.length > 0 })
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE },
  });
}
