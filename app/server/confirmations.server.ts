/**
 * The e-mail a visitor gets after a quote request or contact message (docs/product.md §10
 * "Confirmation e-mail"): the reference, a summary of what they sent, what happens next, and
 * the company's phone and WhatsApp. Plain text; the HTML part is made from it
 * (mail-html.server.tsx), with no images or trackers. Only the company's own links (WhatsApp)
 * are links: nothing the visitor typed becomes one. Replies go to the company's address.
 */
import { SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { formatAdminDate } from "~/domain/dates";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { whatsappHref } from "~/domain/phone";
import type { ContactInput } from "~/forms/contact";
import type { QuoteInput } from "~/forms/quote";
import type { Company } from "./env.server";
import type { Mail } from "./mailer.server";

/** A header-safe single line: control characters (CR, LF, …) become spaces. */
const oneLine = (value: string) => value.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim();

/** "Questions? …" with the company's phone and WhatsApp link; the link for `links`. */
function reachUs(company: Company, reference: string): { text: string; link: string } {
  const link = whatsappHref(company.whatsapp);
  return {
    text: `Questions? Call us on ${company.phone} or write on WhatsApp: ${link}\nPlease mention your reference, ${reference}.`,
    link,
  };
}

/**
 * The confirmation of a stored quote request. In: the parsed form, its reference and the
 * company. Out: the Mail to the visitor.
 */
export function quoteConfirmation(input: QuoteInput, reference: string, company: Company): Mail {
  const reach = reachUs(company, reference);
  const preferred = input.preferredDate ? formatAdminDate(Date.parse(`${input.preferredDate}T12:00:00Z`)) : "not given";
  const text = [
    `Hello ${oneLine(input.name)},`,
    `Thank you for asking ${company.name} for a quote. We have your request.`,
    `Your reference: ${reference}`,
    [
      "What you sent:",
      `Service: ${SERVICE_TYPE_LABELS[input.serviceType]}`,
      `Property address: ${oneLine(input.address)}`,
      `Preferred date: ${preferred}`,
      `Photos: ${input.photos.length}`,
    ].join("\n"),
    `What happens next: we will send you a personalised quote within ${QUOTE_REPLY_HOURS} hours. If we need to know more, we will call you on ${oneLine(input.phone)}.`,
    reach.text,
    company.name,
  ].join("\n\n");
  return {
    to: input.email,
    subject: oneLine(`Your quote request ${reference} - ${company.name}`),
    text,
    links: [reach.link],
    replyTo: company.email,
  };
}

/**
 * The confirmation of a stored contact message. In: the parsed form, its reference and the
 * company. Out: the Mail to the visitor.
 */
export function contactConfirmation(input: ContactInput, reference: string, company: Company): Mail {
  const reach = reachUs(company, reference);
  const text = [
    `Hello ${oneLine(input.name)},`,
    `Thank you for writing to ${company.name}. We have your message.`,
    `Your reference: ${reference}`,
    ["What you sent:", `Message: ${Array.from(oneLine(input.message)).length} characters`, `Photos: ${input.photos.length}`].join("\n"),
    "What happens next: we read every message and will get back to you soon.",
    reach.text,
    company.name,
  ].join("\n\n");
  return {
    to: input.email,
    subject: oneLine(`We have your message ${reference} - ${company.name}`),
    text,
    links: [reach.link],
    replyTo: company.email,
  };
}
