/**
 * The e-mail a visitor gets after a quote request or contact message (docs/product.md §10
 * "Confirmation e-mail"): the reference, a summary of what they sent, the link to the private
 * status page, what happens next, and the company's phone and WhatsApp. Plain text; the HTML
 * part is made from it (html.server.tsx), with no images or trackers. Only the site's and
 * the company's own links (status page, WhatsApp) are links: nothing the visitor typed becomes
 * one. Replies go to the company's address.
 */
import { SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { formatAdminDate } from "~/domain/dates";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { whatsappHref } from "~/domain/phone";
import { statusPath } from "~/domain/reference";
import type { ContactInput } from "~/forms/contact";
import type { QuoteInput } from "~/forms/quote";
import type { Company } from "../platform/env.server";
import { oneLine, type Mail } from "./mailer.server";

/** A stored request as its e-mails name it. */
export interface RequestRef {
  reference: string;
  statusToken: string;
}

/** "Questions? …" with the company's phone and WhatsApp link; the link for `links`. */
export function reachUs(company: Company, reference: string): { text: string; link: string } {
  const link = whatsappHref(company.whatsapp);
  return {
    text: `Questions? Call us on ${company.phone} or write on WhatsApp: ${link}\nPlease mention your reference, ${reference}.`,
    link,
  };
}

/** The status page's address (SITE_URL's origin and the token) and its line in a mail. */
export function statusLink(siteUrl: string, request: RequestRef): { text: string; link: string } {
  const link = `${siteUrl}${statusPath(request.statusToken)}`;
  return { text: `See where your request stands at any time (this link is only for you):\n${link}`, link };
}

/**
 * The confirmation of a stored quote request. In: the parsed form, its reference and status
 * token, the company and SITE_URL's origin. Out: the Mail to the visitor.
 */
export function quoteConfirmation(input: QuoteInput, request: RequestRef, company: Company, siteUrl: string): Mail {
  const { reference } = request;
  const reach = reachUs(company, reference);
  const status = statusLink(siteUrl, request);
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
    status.text,
    reach.text,
    company.name,
  ].join("\n\n");
  return {
    to: input.email,
    subject: oneLine(`Your quote request ${reference} - ${company.name}`),
    text,
    links: [status.link, reach.link],
    replyTo: company.email,
  };
}

/**
 * The confirmation of a stored contact message. In: the parsed form, its reference and status
 * token, the company and SITE_URL's origin. Out: the Mail to the visitor.
 */
export function contactConfirmation(input: ContactInput, request: RequestRef, company: Company, siteUrl: string): Mail {
  const { reference } = request;
  const reach = reachUs(company, reference);
  const status = statusLink(siteUrl, request);
  const text = [
    `Hello ${oneLine(input.name)},`,
    `Thank you for writing to ${company.name.replace(/\.$/, "")}. We have your message.`,
    `Your reference: ${reference}`,
    ["What you sent:", `Message: ${Array.from(oneLine(input.message)).length} characters`, `Photos: ${input.photos.length}`].join("\n"),
    "What happens next: we read every message and will get back to you soon.",
    status.text,
    reach.text,
    company.name,
  ].join("\n\n");
  return {
    to: input.email,
    subject: oneLine(`We have your message ${reference} - ${company.name}`),
    text,
    links: [status.link, reach.link],
    replyTo: company.email,
  };
}
