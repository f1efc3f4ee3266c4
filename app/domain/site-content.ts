/**
 * The content the owner edits in the admin's 'Site content' area (docs/product.md §13): the
 * business facts, the six services, the FAQs and the price guide. Each is a *section*
 * (CONTENT_SECTIONS, app/domain/enumerations.ts), kept in D1 as JSON with its history
 * (drizzle/schema.ts `siteContentRevisions`) and checked by the schemas of
 * app/forms/site-content.ts when staff publish it and when a page reads it. Texts are plain
 * text: React escapes them, so markup typed into a field is shown as typed.
 */
import type { ContentSection, Frequency, PropertySize, ServiceType } from "./enumerations";

export const CONTENT_SECTION_LABELS: Record<ContentSection, string> = {
  business: "Business facts",
  services: "Services",
  faqs: "FAQs",
  prices: "Price guide",
};

/** The week as schema.org names its days, Monday first (ISO 8601). */
/** The FAQs' limits: a question's and an answer's characters, and how many FAQs there may be. */
export const FAQ_LIMITS = { question: 200, answer: 2000, count: 40 } as const;

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day of the opening hours: open from `opens` to `closes` (24-hour "HH:MM", Jamaica time), or closed (both null); `note` such as "By appointment" ("" for none). */
export interface OpeningDay {
  opens: string | null;
  closes: string | null;
  note: string;
}

export interface BusinessContent {
  /** As people write it, e.g. "+1 876 555 0123". */
  phone: string;
  email: string;
  /** Digits with the country code, as wa.me wants them, e.g. "18765550123". */
  whatsapp: string;
  /** The https social profile linked from the gallery; "" when there is none. */
  socialUrl: string;
  /** Seven days, Monday first. */
  hours: OpeningDay[];
  serviceAreas: string[];
  /** Read after the list of areas, e.g. "and surrounding communities". */
  serviceAreasNote: string;
  stats: { homeTrustedBy: string; aboutHappyClients: string; aboutYearsExperience: string };
  heroHeading: string;
  heroLead: string;
  /** The About page's story, one entry per paragraph. */
  story: string[];
}

export interface ServiceContent {
  /** /services/<slug>; fixed. */
  slug: string;
  /** The quote form's service type its page preselects; fixed. */
  serviceType: ServiceType;
  /** The element id of its card (docs/product.md §2 "Home"); fixed. */
  pageId: string;
  title: string;
  /** One or two sentences for cards and meta descriptions. */
  description: string;
  /** The long description: the first paragraph of its own page. */
  intro: string;
  features: string[];
  included: string[];
  idealFor: string[];
  visit: { step: string; detail: string }[];
  /** A photo of the site's library (app/content/photos.ts `PhotoId`). */
  photo: string;
  /** A hidden service's page answers 404; its URL is kept. */
  shown: boolean;
}

export interface FaqContent {
  /** Stable anchor, e.g. /faq#faq-supplies; made from the question when it is added. */
  id: string;
  question: string;
  answer: string;
  /** Shown in the home page's accordion too. */
  onHome: boolean;
}

/** A typical price range for one service, property size and frequency, in whole Jamaican dollars, optionally in US dollars too. */
export interface PriceRange {
  service: ServiceType;
  size: PropertySize;
  frequency: Frequency;
  minJmd: number;
  maxJmd: number;
  minUsd: number | null;
  maxUsd: number | null;
}

export interface SiteContent {
  business: BusinessContent;
  services: ServiceContent[];
  faqs: FaqContent[];
  prices: PriceRange[];
}

/** How a run of days with the same hours reads, e.g. { days: "Monday - Friday", label: "8:00 AM - 6:00 PM" }. */
export interface OpeningHours {
  days: string;
  /** schema.org day names, for structured data. */
  dayOfWeek: Weekday[];
  opens: string | null;
  closes: string | null;
  label: string;
}

/** "18:00" → "6:00 PM". */
export function clockLabel(time: string): string {
  const hours = Number(time.slice(0, 2));
  return `${((hours + 11) % 12) + 1}:${time.slice(3, 5)} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * The week's hours as they read on the page: consecutive days with the same hours and note
 * become one line ("Monday - Friday"). In: seven days, Monday first. A closed day reads as its
 * note, or "Closed"; an open day as "8:00 AM - 6:00 PM", its note after a comma.
 */
export function openingHours(days: readonly OpeningDay[]): OpeningHours[] {
  const runs: OpeningHours[] = [];
  WEEKDAYS.forEach((name, index) => {
    const day = days[index] ?? { opens: null, closes: null, note: "" };
    const hours = day.opens && day.closes ? `${clockLabel(day.opens)} - ${clockLabel(day.closes)}` : null;
    const label = hours ? (day.note ? `${hours}, ${day.note}` : hours) : day.note || "Closed";
    const last = runs.at(-1);
    const previous = index > 0 ? days[index - 1] : undefined;
    if (last && previous && previous.opens === day.opens && previous.closes === day.closes && previous.note === day.note) {
      last.dayOfWeek.push(name);
      last.days = `${last.dayOfWeek[0] ?? name} - ${name}`;
    } else {
      runs.push({ days: name, dayOfWeek: [name], opens: day.opens, closes: day.closes, label });
    }
  });
  return runs;
}

/** The guide's range for a request's service, size and frequency, or null when there is none. */
export function priceRangeFor(
  prices: readonly PriceRange[],
  request: { service: string; size: string; frequency: string },
): PriceRange | null {
  return (
    prices.find((range) => range.service === request.service && range.size === request.size && range.frequency === request.frequency) ??
    null
  );
}

/** "J$14,000-18,000" (and " (US$90-115)" when it has US dollars). */
export function priceRangeLabel(range: PriceRange): string {
  const number = (value: number) => value.toLocaleString("en-US");
  const jmd = range.minJmd === range.maxJmd ? `J$${number(range.minJmd)}` : `J$${number(range.minJmd)}-${number(range.maxJmd)}`;
  if (range.minUsd === null || range.maxUsd === null) return jmd;
  const usd = range.minUsd === range.maxUsd ? `US$${number(range.minUsd)}` : `US$${number(range.minUsd)}-${number(range.maxUsd)}`;
  return `${jmd} (${usd})`;
}
