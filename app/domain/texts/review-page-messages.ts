/**
 * The sentences of the customer's review page (/review/:token), apart from app/domain/texts/messages.ts
 * so the page's code does not share a chunk with the quote and contact forms' (the home page's
 * JavaScript budget, tests/integration/budgets.test.ts).
 */
import { REVIEW_REQUEST } from "../limits";

/** What the customer's review page (/review/:token) says (docs/product.md §10 "Review requests"). */
export const REVIEW_PAGE_MESSAGES = {
  /** The page of a link that is used, expired or unknown (410 or 404), and the form's message when it is sent with one. */
  closedTitle: "This link is no longer valid",
  closed: `A review link works once, for ${REVIEW_REQUEST.validDays} days. If you would still like to tell us how it went, call or WhatsApp us: we would love to hear from you.`,
  thanksTitle: "Thank you for your review!",
  thanks: "We read every review. Once we have read yours, it may appear on our website with the name you gave.",
  failed: "Your review could not be saved. Please try again.",
} as const;
