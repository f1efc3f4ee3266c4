/**
 * What the public site's own pages read of the site content (docs/product.md §2): the shown
 * services as their cards need them, the public layout's business facts, and the text of
 * robots.txt and sitemap.xml. Pure shaping of `SiteContent`: it reads nothing.
 */
import { publicPaths } from "~/content/navigation";
import { isPhotoId } from "~/content/photos";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from "~/domain/enumerations";
import { openingHours, type ServiceContent, type SiteContent } from "~/domain/site-content";
import { companyOf } from "./content.server";

/** A service's photo as the pages draw it: its own, or the home hero's when the library lacks it. */
export function servicePhoto(service: Pick<ServiceContent, "photo">) {
  return isPhotoId(service.photo) ? service.photo : "teamWithEquipment";
}

/**
 * The quote form's list of services: every service type, in SERVICE_TYPES' order (the value the
 * form posts), named as the owner names its service in the site content ('Site content' →
 * Services, its title: the starting content names residential 'Residential Deep Cleaning', as its
 * page does), or by its fixed label (SERVICE_TYPE_LABELS) when no service has that type
 * ('Deep Cleaning'). A hidden service stays in the list, as its type can still be requested.
 * Out: `{ value, label }[]`.
 */
export function serviceTypeOptions(content: Pick<SiteContent, "services">): { value: ServiceType; label: string }[] {
  const titles = new Map(content.services.map((service) => [service.serviceType, service.title]));
  return SERVICE_TYPES.map((type) => ({ value: type, label: titles.get(type) ?? SERVICE_TYPE_LABELS[type] }));
}

/** The services a visitor sees, in the owner's order, each as a card needs it (a photo the library lacks reads as the home hero's). */
export function shownServices(content: SiteContent) {
  return content.services
    .filter((service) => service.shown)
    .map(({ slug, pageId, serviceType, title, description, features, photo }) => ({
      slug,
      pageId,
      serviceType,
      title,
      description,
      features,
      photo: servicePhoto({ photo }),
    }));
}

/**
 * The public layout's data, for the header, the footer and the business's structured data:
 * the company's contacts (the business facts), the opening hours and service areas, the shown
 * services (the structured data's catalogue) and whether the price guide has ranges (the footer
 * links /pricing then). In: the Worker's env (the company's name) and the live content.
 */
export function publicLayoutData(env: CloudflareBindings, content: SiteContent) {
  const { serviceAreas, serviceAreasNote } = content.business;
  return {
    company: companyOf(env, content),
    business: { hours: openingHours(content.business.hours), serviceAreas, serviceAreasNote },
    services: shownServices(content).map(({ slug, title, description }) => ({ slug, title, description })),
    hasPrices: content.prices.length > 0,
  };
}

/** robots.txt's text: everything public may be crawled; sign-in, admin and customers' status and review pages may not. In: the site's origin. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /status",
    "Disallow: /invoice",
    "Disallow: /review",
    "Disallow: /calendar",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** sitemap.xml's text: every public page, from the navigation, the shown services and /pricing when the price guide has ranges. */
export function sitemapXml(origin: string, content: SiteContent): string {
  const shown = shownServices(content).map((service) => service.slug);
  const urls = publicPaths(shown, { pricing: content.prices.length > 0 })
    .map((path) => `  <url><loc>${origin}${path}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
