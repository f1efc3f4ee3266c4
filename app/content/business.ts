/**
 * Facts about the business shown on the site (product spec §1 "Stated facts"). The company's
 * name, phone, e-mail and WhatsApp number are not here: they come from wrangler.toml [vars].
 */

/** Where the team works (spec §1). */
export const SERVICE_AREAS = [
  "Montego Bay",
  "Rose Hall",
  "Ironshore",
  "Reading",
] as const;
export const SERVICE_AREAS_NOTE = "and surrounding communities";

export interface OpeningHours {
  /** How the days read on the page. */
  days: string;
  /** schema.org day names, for structured data. */
  dayOfWeek: readonly string[];
  /** 24-hour "HH:MM" in Jamaica time, or null when by appointment only. */
  opens: string | null;
  closes: string | null;
  /** How the hours read on the page. */
  label: string;
}

/**
 * The one weekly schedule used everywhere. The spec has two readings (§1); this is the
 * detailed one (Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sun by appointment).
 */
export const OPENING_HOURS: readonly OpeningHours[] = [
  {
    days: "Monday - Friday",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00",
    closes: "18:00",
    label: "8:00 AM - 6:00 PM",
  },
  { days: "Saturday", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00", label: "9:00 AM - 4:00 PM" },
  { days: "Sunday", dayOfWeek: ["Sunday"], opens: null, closes: null, label: "By appointment" },
];

/** Promise made on the quote page (spec §1, §9: reply within 24 hours). */
export const QUOTE_REPLY_HOURS = 24;
