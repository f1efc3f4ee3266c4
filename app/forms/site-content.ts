/**
 * The schemas of the owner-edited content (app/domain/site-content.ts, docs/product.md §13),
 * one per section: staff publish only what passes, and a page reads only what passes. Each
 * message names the field and says what to type.
 */
import { FREQUENCIES, PROPERTY_SIZES, SERVICE_TYPES, type ContentSection } from "~/domain/enumerations";
import { dialableE164, isWrittenPhone } from "~/domain/e164";
import { whatsappNumber } from "~/domain/phone";
import {
  FAQ_LIMITS,
  type BusinessContent,
  type FaqContent,
  type PriceRange,
  type ServiceContent,
  type SiteContent,
} from "~/domain/site-content";
import { z } from "./zod";

/** Trimmed text of `min`..`max` characters, with messages that name the field. */
function text(label: string, max: number, min = 1) {
  const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  return z
    .string()
    .trim()
    .min(min, min === 1 ? `Enter ${label}.` : `${Label} needs at least ${min} characters.`)
    .max(max, `${Label} is too long (at most ${max} characters).`);
}

/** A list of 1..`max` items, each a line of at most `length` characters. */
function lines(label: string, max: number, length: number) {
  return z
    .array(text(`each line of ${label}`, length))
    .min(1, `Enter at least one line of ${label}.`)
    .max(max, `${label} has too many lines (at most ${max}).`);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One day of the opening hours: open from `opens` to `closes` (24-hour "HH:MM", Jamaica time), or closed (both null); `note` such as "By appointment". */
const openingDaySchema = z
  .object({
    opens: z.string().regex(TIME, "Opening times are written like 08:00.").nullable(),
    closes: z.string().regex(TIME, "Closing times are written like 18:00.").nullable(),
    note: z.string().trim().max(60, "A day's note is too long (at most 60 characters)."),
  })
  .refine((day) => (day.opens === null) === (day.closes === null), "Give a day both an opening and a closing time, or neither.")
  .refine((day) => day.opens === null || day.closes === null || day.closes > day.opens, "A day's hours must close after they open.");

/**
 * A phone number as people write it (+1 876 555 0123, 876-555-0123, 555-0123), stored in E.164
 * ("+18765550123"): valid by libphonenumber's metadata, local numbers read as Jamaican, nothing
 * but the characters numbers are written with (`dialableE164`, app/domain/e164.ts).
 */
const phoneSchema = text("the phone number", 40)
  .refine((value) => dialableE164(value) !== null, "Enter a phone number that can be dialled, such as +1 876 555 0123.")
  .transform((value) => dialableE164(value) ?? value);

export const businessSchema: z.ZodType<BusinessContent, unknown> = z.object({
  phone: phoneSchema,
  email: z.email("Enter an e-mail address such as hello@example.com.").max(254),
  /** Digits with the country code, as wa.me wants them; typed any way a phone is written, with nothing else. */
  whatsapp: z.preprocess(
    (value) => (typeof value === "string" && isWrittenPhone(value) ? (whatsappNumber(value) ?? value) : value),
    z.string().regex(/^\d{8,15}$/, "Enter the WhatsApp number with its country code, such as +1 876 555 0123."),
  ),
  /** The social profile linked from the gallery; empty when there is none. */
  socialUrl: z.union([z.literal(""), z.url({ protocol: /^https$/, error: "The social profile must be an https:// address." }).max(500)]),
  /** Monday first, seven days. */
  hours: z.array(openingDaySchema).length(7),
  serviceAreas: lines("the service areas", 12, 60),
  /** Read after the list, e.g. "and surrounding communities". */
  serviceAreasNote: z.string().trim().max(120, "The note after the areas is too long (at most 120 characters)."),
  stats: z.object({
    homeTrustedBy: text("the home page's client figure", 20),
    aboutHappyClients: text("the About page's client figure", 20),
    aboutYearsExperience: text("the About page's years figure", 20),
  }),
  heroHeading: text("the home page's heading", 120),
  heroLead: text("the home page's lead", 400),
  /** The About page's story, one entry per paragraph. */
  story: z
    .array(text("each paragraph of the story", 1500))
    .min(1, "Enter the About story.")
    .max(10, "The story has too many paragraphs (at most 10)."),
});

/** The photos a service may show: the site's own library (app/content/photos.ts), checked by the server. */
const serviceSchema = z.object({
  /** /services/<slug>; fixed, never edited. */
  slug: z.string(),
  /** The quote form's service type the page preselects; fixed. */
  serviceType: z.enum(SERVICE_TYPES),
  /** The element id of its card (docs/product.md §2 "Home"); fixed. */
  pageId: z.string(),
  title: text("the title", 80),
  /** One or two sentences for cards and meta descriptions. */
  description: text("the short description", 300),
  /** The first paragraph of its own page. */
  intro: text("the long description", 1500),
  features: lines("the features", 6, 100),
  included: lines("what is included", 12, 200),
  idealFor: lines("who it is for", 8, 160),
  visit: z
    .array(z.object({ step: text("each step's name", 60), detail: text("each step's detail", 300) }))
    .min(1, "Enter at least one step of a visit.")
    .max(8, "A visit has too many steps (at most 8)."),
  photo: z.string(),
  shown: z.boolean(),
});

const servicesSchema: z.ZodType<ServiceContent[], unknown> = z.array(serviceSchema).min(1);

const faqSchema = z.object({
  /** Stable anchor, e.g. /faq#faq-supplies; made from the question when it is added. */
  id: z.string().regex(/^faq-[a-z0-9-]{1,60}$/),
  question: text("the question", FAQ_LIMITS.question),
  answer: text("the answer", FAQ_LIMITS.answer),
  /** Shown in the home page's accordion too. */
  onHome: z.boolean(),
});

export const faqsSchema: z.ZodType<FaqContent[], unknown> = z
  .array(faqSchema)
  .max(FAQ_LIMITS.count, `There can be at most ${FAQ_LIMITS.count} FAQs.`)
  .refine((faqs) => new Set(faqs.map((faq) => faq.id)).size === faqs.length, "Two FAQs have the same anchor.");

const amount = (label: string) =>
  z.number().int(`${label} is a whole number.`).min(1, `${label} must be at least 1.`).max(10_000_000, `${label} is too large.`);

/** A typical price range for one service, property size and frequency, in Jamaican dollars, optionally in US dollars too. */
const priceRangeSchema = z
  .object({
    service: z.enum(SERVICE_TYPES),
    size: z.enum(PROPERTY_SIZES),
    frequency: z.enum(FREQUENCIES),
    minJmd: amount("The lowest J$ price"),
    maxJmd: amount("The highest J$ price"),
    minUsd: amount("The lowest US$ price").nullable(),
    maxUsd: amount("The highest US$ price").nullable(),
  })
  .refine((range) => range.maxJmd >= range.minJmd, "A range's highest J$ price must not be below its lowest.")
  .refine((range) => (range.minUsd === null) === (range.maxUsd === null), "Give a US$ range both ends, or leave both empty.")
  .refine(
    (range) => range.minUsd === null || range.maxUsd === null || range.maxUsd >= range.minUsd,
    "A range's highest US$ price must not be below its lowest.",
  );

export const pricesSchema: z.ZodType<PriceRange[], unknown> = z
  .array(priceRangeSchema)
  .max(SERVICE_TYPES.length * PROPERTY_SIZES.length * FREQUENCIES.length)
  .refine(
    (ranges) => new Set(ranges.map((range) => `${range.service}/${range.size}/${range.frequency}`)).size === ranges.length,
    "A service, size and frequency has two ranges.",
  );

/** The schema of each section. */
export const SECTION_SCHEMAS: { [S in ContentSection]: z.ZodType<SiteContent[S], unknown> } = {
  business: businessSchema,
  services: servicesSchema,
  faqs: faqsSchema,
  prices: pricesSchema,
};
