/**
 * Facts about the business shown on the site (docs/product.md §1, the facts the site states). The company's
 * name, phone, e-mail and WhatsApp number are not here: they come from wrangler.toml [vars].
 */

/** Where the team works (docs/product.md §1). */
export const SERVICE_AREAS = ["Montego Bay", "Rose Hall", "Ironshore", "Reading"] as const;
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
 * The one weekly schedule used everywhere (docs/product.md §1, §9); this is the
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

/** Satisfaction guarantee claim window (docs/product.md §1, §9). */
export const SATISFACTION_CLAIM_HOURS = 24;

/**
 * Client and experience figures (docs/product.md §1), which read differently: the home page says 'Trusted
 * by 50+ clients', the About page '500+ Happy Clients'. Both are kept as the product has them;
 * the owner can align them here.
 */
export const STATS = {
  homeTrustedBy: "50+",
  aboutHappyClients: "500+",
  aboutYearsExperience: "5+",
} as const;

export interface Highlight {
  title: string;
  text: string;
  icon: "team" | "leaf" | "calendar" | "shield" | "badge" | "star";
}

/** Home page 'Why Choose' cards (docs/product.md §2 "Home"). */
export const WHY_CHOOSE: readonly Highlight[] = [
  {
    title: "Professional Team",
    text: "Trained, vetted cleaners who follow a checklist and treat your space with care.",
    icon: "team",
  },
  {
    title: "Eco-Friendly",
    text: "We bring eco-friendly supplies that are safe for children, pets and the island we live on.",
    icon: "leaf",
  },
  {
    title: "Flexible Scheduling",
    text: "One-time, weekly, bi-weekly or monthly, early mornings or after hours: we fit your calendar.",
    icon: "calendar",
  },
  {
    title: "Quality Guarantee",
    text: `Not happy? Tell us within ${SATISFACTION_CLAIM_HOURS} hours and we come back to fix it, free.`,
    icon: "shield",
  },
];

/** About page 'Why Choose Us?' points (docs/product.md §2 "About"). */
export const WHY_CHOOSE_US: readonly Highlight[] = [
  {
    title: "Licensed & Insured",
    text: "A licensed business with full insurance, so your home or premises is protected while we work.",
    icon: "badge",
  },
  {
    title: "Eco-Friendly",
    text: "Eco-friendly products and methods that are gentle on people, pets and surfaces.",
    icon: "leaf",
  },
  {
    title: "Expert Team",
    text: "Experienced cleaners trained for homes, offices, kitchens, new builds and rentals.",
    icon: "team",
  },
  {
    title: "Quality Guaranteed",
    text: "100% satisfaction or money back.",
    icon: "star",
  },
];

/** The About page story. */
export const STORY: readonly string[] = [
  "We started as a small team cleaning homes in Montego Bay, with a simple idea: turn up on time, do the job properly and leave every place better than we found it.",
  "Word spread from homeowners to the offices, restaurants and holiday rentals around them. Today we clean homes, businesses, commercial kitchens, new builds, apartment complexes and Airbnb rentals from Ironshore and Rose Hall to Reading.",
  "What has not changed is how we work: a checklist for every job, eco-friendly supplies, a team you can trust with your keys, and a guarantee that if something is not right, we come back and fix it.",
];

/** Facts shown together wherever a visitor looks for reassurance (docs/product.md §1). */
export const PROMISES: readonly string[] = [
  "Free estimates",
  "Eco-friendly supplies",
  "Licensed and insured",
  `${SATISFACTION_CLAIM_HOURS}-hour satisfaction guarantee`,
];

/** What a price depends on (docs/product.md §1). */
export const PRICING_FACTORS = "the size of the space, the type of cleaning and how often you would like us to come";
