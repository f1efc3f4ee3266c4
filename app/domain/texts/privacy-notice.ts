/**
 * The privacy notice's words (docs/product.md §2 "Privacy notice"), apart from
 * app/domain/texts/messages.ts so that only /privacy carries them in its client code.
 */
import { TWO_STEP } from "../limits";
import { MAIL_BODY_DAYS } from "../retention";

/** The owner's retention periods the notice states (app/server/retention `RetentionSettings`), in whole months. */
interface NoticePeriods {
  photoMonths: number;
  neverBookedMonths: number;
}

/** "1 month", "36 months". */
const months = (count: number) => `${count} ${count === 1 ? "month" : "months"}`;

/** The business's contacts the notice names (app/domain/company.ts `Company`): `name`, `email`, `phone` as people read it. */
interface NoticeCompany {
  name: string;
  email: string;
  phone: string;
}

/**
 * The privacy notice at /privacy (docs/product.md §2 "Privacy notice"): what the company keeps,
 * why, for how long (the owner's retention periods, docs/product.md §17, as `sections` is given
 * them), who sees it, IP addresses and cookies, and the customer's rights under Jamaica's Data
 * Protection Act, 2020. `updated` is the notice's date (ISO, shown as `updatedLabel`); change it
 * with the text. `sections(periods)`: each a heading, paragraphs and an optional list; `contact`
 * is drawn with the business's e-mail and phone from the business facts.
 */
export const PRIVACY_NOTICE = {
  title: "Privacy notice",
  lead: "What we keep about you, why, for how long, who sees it, and your rights.",
  updated: "2026-11-28",
  updatedLabel: "Last updated: 28 November 2026",
  intro: (company: NoticeCompany) =>
    `${company.name} is a cleaning company in Montego Bay, Jamaica. We keep the details you give us on this website and in our work for you. This notice says what we keep and what we do with it.`,
  sections: (periods: NoticePeriods) => [
    {
      id: "what",
      heading: "What we keep",
      paragraphs: [],
      items: [
        "Your name, e-mail address, phone number and the address of the place we clean.",
        "What you tell us about the job: the service, the size of the space, how often, the day you prefer, and any photos of your home or premises you send.",
        "The messages you send us, and the quotes, replies and e-mails we send you.",
        "Your bookings and visits: the day, the arrival window, the crew and any change.",
        "Notes our staff write for the crew, such as a gate code or where to park.",
        "Your invoices, credit notes, payments and refunds.",
        "The reviews you write, with the name you choose to show.",
        "For our staff only: their accounts and their sign-in records.",
      ],
    },
    {
      id: "why",
      heading: "Why we keep it",
      paragraphs: ["We use your details only to work for you:"],
      items: [
        "to answer your message or your quote request;",
        "to send you a quote and book your visit;",
        "to do the cleaning;",
        "to bill you and record your payments;",
        "to keep our accounts, as the law requires;",
        "to publish a review, once you have sent it to us for that.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      paragraphs: ["Every day, our system removes what has passed these periods."],
      items: [
        `Photos of a job: deleted ${months(periods.photoMonths)} after the request is closed.`,
        `A request that never became a job, and a message sent with our contact form: your name, contact details, address, message and photos are removed ${months(periods.neverBookedMonths)} after we last worked on it. We keep only its reference, dates and service, for our figures.`,
        `The text of the e-mails we send you: deleted after ${MAIL_BODY_DAYS} days. We keep the address it went to, its subject and whether it arrived, with your request.`,
        "Invoices and payments: kept for 6 years, as Tax Administration Jamaica requires.",
        "Everything else, such as your visits and reviews, is kept while you are our customer, until you ask us to erase it.",
      ],
    },
    {
      id: "who",
      heading: "Who sees it",
      paragraphs: ["We never sell your details. We use no advertising trackers."],
      items: [
        "Our staff, who sign in to our private admin area.",
        "Our cleaning crews, through the private calendar link of their schedule: for each visit, your name, phone number, address, the service and the notes for the crew.",
        "The company that delivers our e-mails, when we use one.",
        "The card payment company, when you pay an invoice by card. It handles your card; we never see or keep your card number.",
        "Cloudflare, which runs this website and stores its data.",
        "When we turn on visitor statistics (Google Analytics or Cloudflare Web Analytics), they count visits and sent forms. They never get what you type in a form.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and addresses",
      paragraphs: ["Like every website, ours receives your internet (IP) address with each visit. We do not store it with your details."],
      items: [
        "We use it to limit how many forms and page views can come from one address in a minute, against abuse. Cloudflare counts them for that minute only.",
        "When our robot check (Cloudflare Turnstile) is on, your address goes with the form to Cloudflare, which checks that you are not a robot.",
        "If a form looks like spam, we note the address in our technical logs, which Cloudflare keeps for a few days.",
        "After you send a form or book a visit, a cookie carries the confirmation to the next page. It holds none of your contact details, only which form you sent, its reference and the kind of cleaning asked for, and lasts 60 seconds.",
        `Our staff get cookies that keep them signed in (30 days, renewed while they work), one for the second sign-in step (${TWO_STEP.pendingMinutes} minutes), and one that shows them their own latest changes (1 day). A failed staff sign-in is kept with a scrambled form of the address for about a day, to slow down guessing.`,
        "We set no advertising or tracking cookies. If we turn on Google Analytics, it sets its own cookies to count visits; Cloudflare Web Analytics uses none.",
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      paragraphs: ["Jamaica's Data Protection Act, 2020 has been in force since 1 December 2023. Under it, you may ask us:"],
      items: [
        "for a copy of the personal data we keep about you;",
        "to correct what is wrong or incomplete;",
        "to erase your data, except what the law makes us keep, such as invoices;",
        "to stop using your data for a purpose you object to, such as contacting you.",
      ],
    },
  ],
  contactHeading: "How to use your rights",
  contactLead:
    "Write to us or call us. Tell us your name and the e-mail address or phone number you gave us, so we can find your details. We then send you a copy of everything we keep about you, correct it, or erase it, as you ask. We answer within 30 days.",
  emailLabel: "E-mail",
  phoneLabel: "Phone",
  complaintHeading: "Complaints",
  complaint: [
    "If you think we got something wrong, tell us first, so we can put it right.",
    "You may also complain to the Information Commissioner: the Office of the Information Commissioner, Jamaica.",
  ],
} as const;
