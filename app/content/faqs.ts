/**
 * Frequently asked questions (docs/product.md §2 "FAQ": eight questions on supplies, service
 * areas, booking, pricing, licensing, satisfaction guarantee, frequency and presence during
 * cleaning; §2 "Home": five of them on the home page).
 */
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { SATISFACTION_CLAIM_HOURS, SERVICE_AREAS, SERVICE_AREAS_NOTE } from "./business";

export interface Faq {
  /** Stable anchor id, e.g. /faq#faq-supplies. */
  id: string;
  question: string;
  answer: string;
  /** Shown in the home page's accordion. */
  onHome: boolean;
}

export const FAQS: readonly Faq[] = [
  {
    id: "faq-supplies",
    question: "Do you bring your own cleaning supplies?",
    answer:
      "Yes. Our team brings all equipment and eco-friendly cleaning products, safe for children and pets. If you would like us to use particular products of your own, just tell us.",
    onHome: true,
  },
  {
    id: "faq-areas",
    question: "Which areas do you serve?",
    answer: `${SERVICE_AREAS.join(", ")} ${SERVICE_AREAS_NOTE}. If you are a little further out, ask us: we can often still help.`,
    onHome: true,
  },
  {
    id: "faq-booking",
    question: "How do I book a cleaning?",
    answer: `Request a free quote online, call us or send a WhatsApp message. We reply within ${QUOTE_REPLY_HOURS} hours with a price and available dates, and confirm the booking with you.`,
    onHome: true,
  },
  {
    id: "faq-pricing",
    question: "How much does a cleaning cost?",
    answer:
      "Estimates are free. Pricing depends on the size of the space, the type of cleaning and how often you would like us to come. Photos with your quote request help us price accurately.",
    onHome: true,
  },
  {
    id: "faq-licensing",
    question: "Are you licensed and insured?",
    answer: "Yes. We are a licensed business and fully insured, so your home or premises is protected while we work.",
    onHome: false,
  },
  {
    id: "faq-guarantee",
    question: "What if I am not happy with the cleaning?",
    answer: `We offer a 100% satisfaction guarantee. Contact us within ${SATISFACTION_CLAIM_HOURS} hours of your cleaning and we will come back to put it right, free of charge.`,
    onHome: true,
  },
  {
    id: "faq-frequency",
    question: "How often should I have my home cleaned?",
    answer:
      "It depends on your household. Many families choose weekly or bi-weekly visits, with a deep clean a few times a year; others book a one-time clean before an event or a move. We are happy to suggest a schedule.",
    onHome: false,
  },
  {
    id: "faq-presence",
    question: "Do I need to be home during the cleaning?",
    answer:
      "No. Many clients give us a key or an access code. We agree in advance how we enter and lock up, and we message you when we are done.",
    onHome: false,
  },
];

export const HOME_FAQS = FAQS.filter((faq) => faq.onHome);
