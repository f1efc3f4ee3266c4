/**
 * The e-mails a visitor gets about their own request (docs/product.md §10), each composed here
 * once:
 * - `confirmationMail`: after a quote request or contact message is stored ("Confirmation
 *   e-mail"): the reference, a summary of what they sent, what happens next; what differs per
 *   kind is stated in CONFIRMATIONS;
 * - `quoteMail`: the quote staff send from a quote request's page ("Send quote"): price, what
 *   is included, until when it holds;
 * - `quoteFollowUpMail`: the one reminder of a quote not accepted after the owner's number of days;
 * - `replyMail`: the reply staff send from a contact message's page ("Reply");
 * - the booking mails (booked, moved, cancelled, the reminder) and `reviewRequestMail`, the
 *   request for a review the morning after a visit is done.
 * Each ends the same way (`customerMail`): the link to the request's private status page, the
 * company's phone and WhatsApp with the reference, the company's name; replies go to the
 * company's address. Plain text; the HTML part is made from it (html.server.tsx), with no
 * images or trackers, and only the site's and the company's own links (status page, WhatsApp)
 * are links: nothing the visitor typed becomes one.
 */
import { DAY_MS, formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type AuditedEntity, type ServiceType } from "~/domain/enumerations";
import { QUOTE_REPLY_HOURS, REVIEW_REQUEST } from "~/domain/limits";
import { SERIES_HORIZON_DAYS } from "~/domain/series";
import { whatsappHref } from "~/domain/phone";
import { statusPath } from "~/domain/reference";
import type { Company } from "~/domain/company";
import type { ContactInput } from "~/forms/contact";
import type { QuoteInput } from "~/forms/quote";
import { oneLine, type Mail } from "./mailer.server";

/** "J$14,500" / "US$92": whole dollars with thousands separators. */
export function formatDollars(amount: number, currency: "JMD" | "USD"): string {
  return `${currency === "JMD" ? "J$" : "US$"}${amount.toLocaleString("en-US")}`;
}

/** A quote's price as the customer and staff read it: "J$14,500", or "J$14,500 (US$92)". */
export function formatPrice(amountJmd: number, amountUsd?: number | null): string {
  return formatDollars(amountJmd, "JMD") + (amountUsd ? ` (${formatDollars(amountUsd, "USD")})` : "");
}

/** The last day a quote sent at `sentMs` holds, as the admin and the customer read it. */
export function quoteValidUntil(sentMs: number, validDays: number): string {
  return formatAdminDate(sentMs + validDays * DAY_MS);
}

/**
 * The parsed form of each kind of request, as app/server/visitor-forms stores it (named from
 * app/forms here, so that the mail feature depends on no feature that stores requests: those
 * reach the lifecycle feature, whose follow-up sends mail).
 */
export type SubmissionInput<Kind extends AuditedEntity> = { quote_request: QuoteInput; contact_message: ContactInput }[Kind];

/** A stored request as its mails name it: its record's id, its reference ("MB-7K4Q2") and its status page's token. */
export interface StoredSubmission {
  id: string;
  reference: string;
  statusToken: string;
}

/** Who a customer mail goes to, about which request: the e-mail address, the request's reference and status token. */
type MailRecipient = Pick<StoredSubmission, "reference" | "statusToken"> & { email: string };

/**
 * A mail to the customer: `subject` and then ` - {company}`, the `paragraphs`, then the status
 * page's link (SITE_URL's origin and the token), "Questions? …" with the company's phone and
 * WhatsApp link and the reference, and the company's name.
 */
function customerMail(recipient: MailRecipient, subject: string, paragraphs: string[], company: Company, siteUrl: string): Mail {
  const statusLink = `${siteUrl}${statusPath(recipient.statusToken)}`;
  const whatsappLink = whatsappHref(company.whatsapp);
  return {
    to: recipient.email,
    subject: oneLine(`${subject} - ${company.name}`),
    text: [
      ...paragraphs,
      `See where your request stands at any time (this link is only for you):\n${statusLink}`,
      `Questions? Call us on ${company.phone} or write on WhatsApp: ${whatsappLink}\nPlease mention your reference, ${recipient.reference}.`,
      company.name,
    ].join("\n\n"),
    links: [statusLink, whatsappLink],
    replyTo: company.email,
  };
}

interface ConfirmationKind<Input> {
  subject: (reference: string) => string;
  /** The thanks after the greeting. */
  thanks: (company: Company) => string;
  /** "What you sent:" before the number of photos. */
  summary: (input: Input) => string[];
  /** "What happens next: …". */
  next: (input: Input) => string;
}

/** What differs per kind of request (docs/product.md §10 "Confirmation e-mail"). */
const CONFIRMATIONS: { [Kind in AuditedEntity]: ConfirmationKind<SubmissionInput<Kind>> } = {
  quote_request: {
    subject: (reference) => `Your quote request ${reference}`,
    thanks: (company) => `Thank you for asking ${company.name} for a quote. We have your request.`,
    summary: (input) => [
      `Service: ${SERVICE_TYPE_LABELS[input.serviceType]}`,
      `Property address: ${oneLine(input.address)}`,
      `Preferred date: ${input.preferredDate ? formatAdminDate(Date.parse(`${input.preferredDate}T12:00:00Z`)) : "not given"}`,
    ],
    next: (input) =>
      `we will send you a personalized quote within ${QUOTE_REPLY_HOURS} hours. If we need to know more, we will call you on ${oneLine(input.phone)}.`,
  },
  contact_message: {
    subject: (reference) => `We have your message ${reference}`,
    thanks: (company) => `Thank you for writing to ${company.name.replace(/\.$/, "")}. We have your message.`,
    // The message itself is not repeated to the address typed in the form: only its length.
    summary: (input) => [`Message: ${Array.from(oneLine(input.message)).length} characters`],
    next: () => "we read every message and will get back to you soon.",
  },
};

/**
 * The confirmation of a stored request of `kind`. In: the kind, the parsed form, the stored
 * reference and status token, the company, SITE_URL's origin and, for a quote request the
 * price guide has a range for, `typicalPrice` ("Typical price: J$14,000-18,000. Your exact
 * quote comes within 24 hours.", app/domain/price-guide.ts), told after what was sent.
 * Out: the Mail to the visitor.
 */
export function confirmationMail<Kind extends AuditedEntity>(
  kind: Kind,
  input: SubmissionInput<Kind>,
  stored: Pick<StoredSubmission, "reference" | "statusToken">,
  company: Company,
  siteUrl: string,
  { typicalPrice = null }: { typicalPrice?: string | null } = {},
): Mail {
  const confirmation: ConfirmationKind<SubmissionInput<Kind>> = CONFIRMATIONS[kind];
  const { reference } = stored;
  return customerMail(
    { ...stored, email: input.email },
    confirmation.subject(reference),
    [
      `Hello ${oneLine(input.name)},`,
      confirmation.thanks(company),
      `Your reference: ${reference}`,
      ["What you sent:", ...confirmation.summary(input), `Photos: ${input.photos.length}`].join("\n"),
      ...(typicalPrice ? [typicalPrice] : []),
      `What happens next: ${confirmation.next(input)}`,
    ],
    company,
    siteUrl,
  );
}

/** A quote as sent: amounts in whole dollars, what it includes, how long it holds, the message. */
export interface QuoteTerms {
  amountJmd: number;
  amountUsd?: number | null;
  included?: string | null;
  validDays: number;
  message: string;
}

/**
 * The quote e-mail. In: the request (e-mail, reference, status token, service), the terms,
 * when it is sent, the company, SITE_URL's origin, and whether the quote can be booked online
 * (not while a visit of the request is scheduled): then it ends with the booking page's link.
 * Out: the Mail to the customer.
 */
export function quoteMail(
  recipient: MailRecipient & { serviceType: ServiceType },
  terms: QuoteTerms,
  sentAt: Date,
  company: Company,
  siteUrl: string,
  bookable: boolean,
): Mail {
  const quote = [
    `Your quote, reference ${recipient.reference}`,
    `Service: ${SERVICE_TYPE_LABELS[recipient.serviceType]}`,
    `Price: ${formatPrice(terms.amountJmd, terms.amountUsd)}`,
    ...(terms.included ? [`Included:\n${terms.included}`] : []),
    `Valid until: ${quoteValidUntil(sentAt.getTime(), terms.validDays)} (${terms.validDays} days)`,
  ];
  const validUntil = quoteValidUntil(sentAt.getTime(), terms.validDays);
  const bookLink = `${siteUrl}${statusPath(recipient.statusToken)}/book`;
  const booking = `To accept this quote, pick a day and an arrival time online (until ${validUntil}):\n${bookLink}`;
  const mail = customerMail(
    recipient,
    `Your quote ${recipient.reference}`,
    [terms.message, quote.join("\n"), ...(bookable ? [booking] : [])],
    company,
    siteUrl,
  );
  return bookable ? { ...mail, links: [...mail.links, bookLink] } : mail;
}

/**
 * The one reminder of a quote nobody accepted, queued by the daily cron `quote_follow_up_days`
 * days after it was sent (app/server/lifecycle/follow-up.server.ts). In: the request (name,
 * e-mail, reference, status token, service), the quote's price ("J$14,500 (US$92)") and last
 * valid day as the customer reads them, the company and SITE_URL's origin. Out: the Mail, the
 * booking page's link first among its links.
 */
export function quoteFollowUpMail(
  recipient: MailRecipient & { name: string; serviceType: ServiceType },
  quote: { price: string; validUntil: string },
  company: Company,
  siteUrl: string,
): Mail {
  const bookLink = `${siteUrl}${statusPath(recipient.statusToken)}/book`;
  const mail = customerMail(
    recipient,
    `Your quote is waiting (${recipient.reference})`,
    [
      `Hello ${oneLine(recipient.name)},`,
      `A reminder of our quote for ${SERVICE_TYPE_LABELS[recipient.serviceType]}: ${quote.price}, valid until ${quote.validUntil}.`,
      `To accept it, pick a day and an arrival time online:\n${bookLink}`,
      `If you have a question about the quote, or would rather book by phone, call us on ${company.phone} or write on WhatsApp. If you do not need us this time, there is nothing to do: this is our only reminder.`,
    ],
    company,
    siteUrl,
  );
  return { ...mail, links: [bookLink, ...mail.links] };
}

/**
 * The reply to a contact message. In: the message (e-mail, reference, status token), the
 * reply's text, the company and SITE_URL's origin. Out: the Mail to the customer.
 */
export function replyMail(recipient: MailRecipient, message: string, company: Company, siteUrl: string): Mail {
  return customerMail(
    recipient,
    `Re: your message ${recipient.reference}`,
    [message, `Your reference: ${recipient.reference}`],
    company,
    siteUrl,
  );
}

/** A booked visit as its e-mails tell it: the day and arrival window (labels), the address, the service and the price. */
export interface BookedVisit {
  when: string;
  /** Until how many hours before the window the customer can change or cancel online. */
  cutoffHours: number;
  address: string;
  serviceType: ServiceType;
  amountJmd: number;
  amountUsd: number | null;
  included: string | null;
}

/** What the customer does before the crew comes (a booking's and a regular cleaning's confirmation). */
const PREPARE =
  "Before we come: please make sure someone can let the crew in (or tell us where the key is), put away valuables and fragile items, and tell us about pets.";

/**
 * The customer's booking confirmation: the visit, the address, the price from the quote, what
 * to prepare, and (in customerMail's footer) the status page, where it can be seen, with the
 * company's phone and WhatsApp. In: the request, the visit, the company and SITE_URL's origin.
 */
export function bookingMail(recipient: MailRecipient, visit: BookedVisit, company: Company, siteUrl: string): Mail {
  const details = [
    `Booked: ${visit.when}`,
    `Address: ${visit.address}`,
    `Service: ${SERVICE_TYPE_LABELS[visit.serviceType]}`,
    `Price: ${formatPrice(visit.amountJmd, visit.amountUsd)}`,
    ...(visit.included ? [`Included:\n${visit.included}`] : []),
  ];
  return customerMail(
    recipient,
    `Your visit is booked (${recipient.reference})`,
    [details.join("\n"), PREPARE, changeOrCancel(visit.cutoffHours, company)],
    company,
    siteUrl,
  );
}

/** How the customer changes or cancels: on their page until the cut-off, then by phone. */
function changeOrCancel(cutoffHours: number, company: Company): string {
  return `To change the day or cancel, use your page (the link below) up to ${cutoffHours} hours before the visit; after that, call us on ${company.phone}.`;
}

/** The customer's note that their visit moved from `from` (its old day and arrival window) to `visit`, with the details again. */
export function visitMovedMail(recipient: MailRecipient, from: string, visit: BookedVisit, company: Company, siteUrl: string): Mail {
  return customerMail(
    recipient,
    `Your visit is moved (${recipient.reference})`,
    [
      `Your visit is moved to ${visit.when} (it was ${from}). If the visit is in your calendar, the event attached moves it.`,
      [
        `Address: ${visit.address}`,
        `Service: ${SERVICE_TYPE_LABELS[visit.serviceType]}`,
        `Price: ${formatPrice(visit.amountJmd, visit.amountUsd)}`,
      ].join("\n"),
      changeOrCancel(visit.cutoffHours, company),
    ],
    company,
    siteUrl,
  );
}

/** The customer's note that their visit (`when`: its day and arrival window) is cancelled. */
export function visitCancelledMail(recipient: MailRecipient, when: string, company: Company, siteUrl: string): Mail {
  return customerMail(
    recipient,
    `Your visit is cancelled (${recipient.reference})`,
    [
      `Your visit of ${when} is cancelled. If you would like another day, book it again from your page below while your quote is valid, or call us.`,
    ],
    company,
    siteUrl,
  );
}

/** The reminder the day before a visit (`when`: its day and arrival window) at `address`. */
export function visitReminderMail(recipient: MailRecipient, when: string, address: string, company: Company, siteUrl: string): Mail {
  return customerMail(
    recipient,
    `Reminder: your visit tomorrow (${recipient.reference})`,
    [
      `See you tomorrow: ${when}, at ${address}.`,
      "Please make sure someone can let the crew in, and tell us about pets. To change anything now, call us.",
    ],
    company,
    siteUrl,
  );
}

/**
 * The request for a review, queued by the daily cron the morning after a visit is done
 * (docs/product.md §10 "Review requests"). In: the request (name, e-mail, reference, status
 * token), the visit's day as the customer reads it ("Thursday, Dec 3, 2026") and its service,
 * the one-time review link (SITE_URL's origin and the token), the link's last day ('MMM dd,
 * yyyy'), the company and SITE_URL's origin. Out: the Mail, the review link first among its links.
 */
export function reviewRequestMail(
  recipient: MailRecipient & { name: string },
  visit: { day: string; serviceType: ServiceType },
  reviewLink: string,
  validUntil: string,
  company: Company,
  siteUrl: string,
): Mail {
  const mail = customerMail(
    recipient,
    `How did we do? (${recipient.reference})`,
    [
      `Hello ${oneLine(recipient.name)},`,
      `Thank you for choosing ${company.name.replace(/\.$/, "")} for your visit on ${visit.day} (${SERVICE_TYPE_LABELS[visit.serviceType]}). How did it go?`,
      `Tell us in a minute, with a star rating and a few words:\n${reviewLink}`,
      `This link is only for you: it works once, for ${REVIEW_REQUEST.validDays} days (until ${validUntil}). We read every review before it appears on our website, with the name you choose.`,
    ],
    company,
    siteUrl,
  );
  return { ...mail, links: [reviewLink, ...mail.links] };
}

/** The customer's note that a visit of their regular cleaning (`when`: its day and arrival window) is skipped, as they asked. */
export function visitSkippedMail(recipient: MailRecipient, when: string, company: Company, siteUrl: string): Mail {
  return customerMail(
    recipient,
    `Your visit is skipped (${recipient.reference})`,
    [`Your visit of ${when} is skipped, as you asked. Your other regular visits stay booked: see them on your page below.`],
    company,
    siteUrl,
  );
}

/**
 * What a mail about a regular cleaning (a series, app/server/booking/series.server.ts) tells:
 * `label` how it repeats ("Every week on Tuesday, arrival 9:00 AM-11:00 AM"); the lists hold
 * visits' labels (`visits`, `cancelled`, `kept`) or the sentences of the days not booked
 * (`skipped`, app/domain/series.ts `skippedDayText`).
 * - "booked", "resumed", "changed": the visits now booked (the first of them with the details),
 *   the days not booked, the old days cancelled (a change of this and all later visits);
 * - "paused": the visits skipped, and those kept because they are too close to change online;
 * - "ended": the visits cancelled from a day on;
 * - "days-skipped": the daily run's days not booked.
 */
export type SeriesNews =
  | {
      kind: "booked" | "resumed" | "changed";
      label: string;
      visits: string[];
      skipped: string[];
      cancelled: string[];
      details: BookedVisit;
    }
  | { kind: "paused"; label: string; skipped: string[]; kept: string[] }
  | { kind: "ended"; label: string; cancelled: string[] }
  | { kind: "days-skipped"; label: string; skipped: string[] };

/** A heading and its lines as a list ("Not booked:\n- …"), or nothing when there are none. */
const listed = (heading: string, lines: string[]) => (lines.length > 0 ? [[heading, ...lines.map((line) => `- ${line}`)].join("\n")] : []);

/** The customer's mail about their regular cleaning (SeriesNews). In: the request, the news, the company and SITE_URL's origin. */
export function seriesMail(recipient: MailRecipient, news: SeriesNews, company: Company, siteUrl: string): Mail {
  const reference = recipient.reference;
  switch (news.kind) {
    case "booked":
    case "resumed":
    case "changed": {
      const { details } = news;
      const texts: Record<typeof news.kind, [string, string]> = {
        booked: [`Your regular cleaning is booked (${reference})`, `Booked: ${news.label}, from ${details.when}.`],
        resumed: [
          `Your regular cleaning is on again (${reference})`,
          `Your regular cleaning is on again: ${news.label}, from ${details.when}.`,
        ],
        changed: [`Your regular cleaning is changed (${reference})`, `From ${details.when}, your regular cleaning is ${news.label}.`],
      };
      const [subject, lead] = texts[news.kind];
      return customerMail(
        recipient,
        subject,
        [
          lead,
          ...listed("Your visits booked now:", news.visits),
          ...listed("Not booked:", news.skipped),
          ...listed("Cancelled (the old days):", news.cancelled),
          `We book your visits ${SERIES_HORIZON_DAYS} days ahead and keep booking as time goes on. If a day cannot be booked (a public holiday, or every crew busy), we e-mail you.`,
          [
            `Address: ${details.address}`,
            `Service: ${SERVICE_TYPE_LABELS[details.serviceType]}`,
            `Price of each visit: ${formatPrice(details.amountJmd, details.amountUsd)}`,
            ...(details.included ? [`Included:\n${details.included}`] : []),
          ].join("\n"),
          PREPARE,
          `To skip a visit, pause your regular cleaning, or change or cancel a visit, use your page (the link below) up to ${details.cutoffHours} hours before the visit; after that, call us on ${company.phone}.`,
        ],
        company,
        siteUrl,
      );
    }
    case "paused":
      return customerMail(
        recipient,
        `Your regular cleaning is paused (${reference})`,
        [
          `Your regular cleaning (${news.label}) is paused: we book no new visits until you resume it on your page.`,
          ...listed("Skipped:", news.skipped),
          ...listed(`Still booked (too close to change online; call us on ${company.phone} to change it):`, news.kept),
        ],
        company,
        siteUrl,
      );
    case "ended":
      return customerMail(
        recipient,
        `Your regular visits are cancelled (${reference})`,
        [
          `Your regular cleaning (${news.label}) ends.`,
          ...listed("Cancelled:", news.cancelled),
          "If you would like us to come again, call us or write on WhatsApp.",
        ],
        company,
        siteUrl,
      );
    case "days-skipped":
      return customerMail(
        recipient,
        `Some regular visits could not be booked (${reference})`,
        [
          `We have booked your regular cleaning (${news.label}) ahead, but not on these days:`,
          news.skipped.map((line) => `- ${line}`).join("\n"),
          `Your other visits stay booked. To have us come on another day instead, call us on ${company.phone} or write on WhatsApp.`,
        ],
        company,
        siteUrl,
      );
  }
}
