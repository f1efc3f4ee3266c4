/**
 * The site's fixed texts about the business (docs/product.md §1): its promises, the 'Why Choose'
 * cards and what a price depends on. What the owner edits (phone, e-mail, hours, areas,
 * figures, the hero, the story) is site content in D1 (app/domain/site-content.ts).
 */

/** Satisfaction guarantee claim window (docs/product.md §1, §9). */
const SATISFACTION_CLAIM_HOURS = 24;

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

/** Facts shown together wherever a visitor looks for reassurance (docs/product.md §1). */
export const PROMISES: readonly string[] = [
  "Free estimates",
  "Eco-friendly supplies",
  "Licensed and insured",
  `${SATISFACTION_CLAIM_HOURS}-hour satisfaction guarantee`,
];

/** What a price depends on (docs/product.md §1). */
export const PRICING_FACTORS = "the size of the space, the type of cleaning and how often you would like us to come";
