/**
 * /pricing (docs/product.md §13 "Price guide"): the owner's typical price ranges, a table per
 * service (property size × frequency), and their structured data (schema.org `Service`s with
 * `Offer`s and `PriceSpecification`s). The same tables are the preview of the admin's editor
 * (app/routes/admin/content-prices). Amounts are whole dollars. Reads nothing.
 */
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  PROPERTY_SIZE_LABELS,
  PROPERTY_SIZES,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
} from "~/domain/enumerations";
import type { ServiceType } from "~/domain/enumerations";
import type { PriceCellLabel, ServicePriceTable } from "~/domain/price-guide";
import { priceRangeFor, priceRangeLabel, type PriceRange, type SiteContent } from "~/domain/site-content";

/** A range's J$ label and, when it has them, its US dollars' ("US$90-115"). */
function cellLabel(range: PriceRange): PriceCellLabel {
  const jmd = priceRangeLabel({ ...range, minUsd: null, maxUsd: null });
  const full = priceRangeLabel(range);
  return { jmd, usd: full === jmd ? null : full.slice(jmd.length + 2, -1) };
}

/** A service's name as the quote form lists it. */
function serviceTitle(service: ServiceType): string {
  return SERVICE_TYPE_LABELS[service];
}

/**
 * The tables of every service with ranges in `prices`, in the quote form's order; only the
 * sizes and frequencies with a range get a row or a column. Out: [] for an empty guide.
 */
export function priceTables(prices: readonly PriceRange[]): ServicePriceTable[] {
  return SERVICE_TYPES.flatMap((service) => {
    const own = prices.filter((range) => range.service === service);
    if (own.length === 0) return [];
    const frequencies = FREQUENCIES.filter((frequency) => own.some((range) => range.frequency === frequency));
    const sizes = PROPERTY_SIZES.filter((size) => own.some((range) => range.size === size));
    return [
      {
        service,
        title: serviceTitle(service),
        quotePath: `/quote?service=${service}`,
        frequencies: frequencies.map((frequency) => ({ frequency, label: FREQUENCY_LABELS[frequency] })),
        rows: sizes.map((size) => ({
          size,
          label: PROPERTY_SIZE_LABELS[size],
          cells: frequencies.map((frequency) => {
            const range = priceRangeFor(own, { service, size, frequency });
            return { frequency, label: FREQUENCY_LABELS[frequency], price: range ? cellLabel(range) : null };
          }),
        })),
      },
    ];
  });
}

/** The services whose page the owner hid: their ranges stay in the guide but are not listed. */
function hiddenServices(content: SiteContent): Set<ServiceType> {
  return new Set(content.services.filter((service) => !service.shown).map((service) => service.serviceType));
}

/** The guide's ranges that /pricing lists. */
function listedPrices(content: SiteContent): PriceRange[] {
  const hidden = hiddenServices(content);
  return content.prices.filter((range) => !hidden.has(range.service));
}

/**
 * schema.org structured data of the listed ranges: one `Service` per service with ranges,
 * provided by the business (businessJsonLd's `@id`), whose `offers` are an `Offer` per range,
 * each with a `PriceSpecification` in JMD (minPrice, maxPrice) and one in USD when the range
 * has US dollars. Out: null for an empty guide (the page then carries none).
 */
function pricingJsonLd(origin: string, prices: readonly PriceRange[]): Record<string, unknown> | null {
  const services = SERVICE_TYPES.filter((service) => prices.some((range) => range.service === service));
  if (services.length === 0) return null;
  const specification = (min: number, max: number, currency: "JMD" | "USD") => ({
    "@type": "PriceSpecification",
    minPrice: min,
    maxPrice: max,
    priceCurrency: currency,
  });
  return {
    "@context": "https://schema.org",
    "@graph": services.map((service) => ({
      "@type": "Service",
      name: serviceTitle(service),
      serviceType: serviceTitle(service),
      url: `${origin}/pricing`,
      provider: { "@id": `${origin}/#business` },
      areaServed: { "@type": "City", name: "Montego Bay, Jamaica" },
      offers: prices
        .filter((range) => range.service === service)
        .map((range) => ({
          "@type": "Offer",
          name: `${serviceTitle(service)}: ${PROPERTY_SIZE_LABELS[range.size]}, ${FREQUENCY_LABELS[range.frequency]}`,
          url: `${origin}/quote?service=${service}`,
          priceSpecification: [
            specification(range.minJmd, range.maxJmd, "JMD"),
            ...(range.minUsd !== null && range.maxUsd !== null ? [specification(range.minUsd, range.maxUsd, "USD")] : []),
          ],
        })),
    })),
  };
}

/**
 * /pricing's data: the tables of the ranges it lists (those of shown services) and their
 * structured data (null when none is listed). In: the live content and the site's origin (SITE_URL).
 */
export function pricingPage(content: SiteContent, origin: string) {
  const prices = listedPrices(content);
  return { tables: priceTables(prices), jsonLd: pricingJsonLd(origin, prices) };
}
