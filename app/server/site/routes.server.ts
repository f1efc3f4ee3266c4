/**
 * The HTTP side of the document and the public site's own pages (docs/product.md §2): the
 * root's data for every page, the home page, a service's page, robots.txt, sitemap.xml and the
 * 404 page. The other public pages read no data; the forms, the gallery and the status page
 * have their own features (app/server/visitor-forms, gallery, customer).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import { publicPaths } from "~/content/navigation";
import { SERVICE_DETAILS } from "~/content/service-details";
import { findService, SERVICES } from "~/content/services";
import { todayInJamaica } from "~/domain/dates";
import { readCompany, readPublicFeatures, readSiteUrl } from "../platform/env.server";
import { takeFlash, takeNotice } from "../platform/flash.server";
import { publishedReviews } from "../reviews/routes.server";
import { CONTACT_CONSTRAINT } from "../visitor-forms/form-constraints.server";

/** robots.txt and sitemap.xml may be kept an hour by any cache. */
const CRAWLER_FILE_CACHE = "public, max-age=3600";

/**
 * The root route's data, for every page: the business identity and the public features from
 * `[vars]`, the site's origin (SITE_URL), the footer's year in Jamaica (the page cache keys
 * pages by Jamaica's date too), and a one-time notice (signed out, access denied, …) when one
 * is pending, with the header that clears it.
 */
export async function documentLoader({ context, request }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { notice, headers } = await takeNotice(request);
  const site = { company: readCompany(env), features: readPublicFeatures(env), origin: readSiteUrl(env) };
  return data({ ...site, notice, year: todayInJamaica().slice(0, 4) }, { headers });
}

/**
 * / : the contact section's one-time success message after a message sent from here, the
 * contact form's HTML constraints, and the published reviews; a page drawn without its
 * reviews (D1 failed) is not shared by caches (`incompletePageHeaders`).
 */
export async function homePageLoader({ request, context }: LoaderFunctionArgs) {
  const [{ flash, headers }, reviews] = await Promise.all([takeFlash(request, "contact"), publishedReviews(context.db)]);
  return data(
    { flash, contactConstraint: CONTACT_CONSTRAINT, reviews },
    { headers: { ...headers, ...incompletePageHeaders(reviews.complete) } },
  );
}

/** /services/:slug: the service's detail and its published reviews; an unknown slug throws a 404. */
export async function servicePageLoader({ params, context }: LoaderFunctionArgs) {
  const service = findService(params.slug ?? "");
  if (!service) throw data(null, { status: 404 });
  const reviews = await publishedReviews(context.db, service.serviceType);
  return data({ slug: service.slug, detail: SERVICE_DETAILS[service.slug], reviews }, { headers: incompletePageHeaders(reviews.complete) });
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

/** /sitemap.xml: every public page, from the navigation and the service list. */
export function sitemapLoader({ context }: LoaderFunctionArgs) {
  const origin = readSiteUrl(context.cloudflare.env);
  const urls = publicPaths(SERVICES.map((service) => service.slug))
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_FILE_CACHE },
  });
}
