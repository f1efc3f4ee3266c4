/**
 * The price guide as visitors and staff read it (docs/product.md §13 "Price guide"): which of
 * the guide's typical ranges (app/domain/site-content.ts `PriceRange`, whole Jamaican dollars)
 * matches a quote request, and the sentence the quote form, its success page and the
 * confirmation e-mail show. Pure: small enough for the quote page's JavaScript.
 */
import type { Frequency, PropertySize, ServiceType } from "./enumerations";
import { QUOTE_REPLY_HOURS } from "./limits";
import { priceRangeFor, priceRangeLabel, type PriceRange } from "./site-content";

/** The frequency a request without one is priced at: a one-time cleaning. */
const PRICE_GUIDE_DEFAULT_FREQUENCY: Frequency = "one-time";

/** What a quote request says about the job; size and frequency are optional on the form. */
export interface PricedRequest {
  service: string;
  size?: PropertySize | string | null;
  frequency?: Frequency | string | null;
}

/**
 * The guide's range for a request: its service and size (none without a size) and its
 * frequency, or PRICE_GUIDE_DEFAULT_FREQUENCY when it has none. Out: the range, or null when
 * the guide has none for that combination.
 */
export function guideRangeFor(prices: readonly PriceRange[], request: PricedRequest): PriceRange | null {
  if (!request.size) return null;
  return priceRangeFor(prices, {
    service: request.service,
    size: request.size,
    frequency: request.frequency || PRICE_GUIDE_DEFAULT_FREQUENCY,
  });
}

/** "Typical price: J$14,000-18,000. Your exact quote comes within 24 hours." */
export function typicalPriceSentence(range: PriceRange): string {
  return `Typical price: ${priceRangeLabel(range)}. Your exact quote comes within ${QUOTE_REPLY_HOURS} hours.`;
}

/** "Price guide: J$14,000-18,000", beside the amount of 'Send quote' on a request's page. */
export function priceGuideHint(range: PriceRange): string {
  return `Price guide: ${priceRangeLabel(range)}`;
}

/** A cell of a price table (/pricing and the editor's preview): "J$14,000-18,000" and, when the range has US dollars, "US$90-115"; null without a range. */
export interface PriceCellLabel {
  jmd: string;
  usd: string | null;
}

/** One service's price table: the sizes and frequencies it has ranges for, each cell's labels or null (app/server/site `priceTables`). */
export interface ServicePriceTable {
  service: ServiceType;
  title: string;
  /** The quote form with this service chosen. */
  quotePath: string;
  frequencies: Array<{ frequency: Frequency; label: string }>;
  rows: Array<{ size: PropertySize; label: string; cells: Array<{ frequency: Frequency; label: string; price: PriceCellLabel | null }> }>;
}
