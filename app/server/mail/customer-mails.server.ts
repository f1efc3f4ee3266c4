/**
 * The e-mails staff send a customer from a record page (docs/product.md §10 "Send quote",
 * "Reply"): the quote (price, what is included, until when it holds) and the reply to a
 * contact message. Each carries the request's reference, the link to its private status page
 * and the company's phone and WhatsApp. Plain text; the HTML part is made from it
 * (html.server.tsx); only the site's and the company's own links are links.
 */
import { DAY_MS, formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";
import type { Company } from "../platform/env.server";
import { reachUs, statusLink, type RequestRef } from "./confirmations.server";
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
 * when it is sent, the company and SITE_URL's origin. Out: the Mail to the customer.
 */
export function quoteMail(
  request: RequestRef & { email: string; serviceType: ServiceType },
  terms: QuoteTerms,
  sentAt: Date,
  company: Company,
  siteUrl: string,
): Mail {
  const reach = reachUs(company, request.reference);
  const status = statusLink(siteUrl, request);
  const price = formatPrice(terms.amountJmd, terms.amountUsd);
  const text = [
    terms.message,
    [
      `Your quote, reference ${request.reference}`,
      `Service: ${SERVICE_TYPE_LABELS[request.serviceType]}`,
      `Price: ${price}`,
      ...(terms.included ? [`Included:\n${terms.included}`] : []),
      `Valid until: ${quoteValidUntil(sentAt.getTime(), terms.validDays)} (${terms.validDays} days)`,
    ].join("\n"),
    status.text,
    reach.text,
    company.name,
  ].join("\n\n");
  return {
    to: request.email,
    subject: oneLine(`Your quote ${request.reference} - ${company.name}`),
    text,
    links: [status.link, reach.link],
    replyTo: company.email,
  };
}

/**
 * The reply to a contact message. In: the message (e-mail, reference, status token), the
 * reply's text, the company and SITE_URL's origin. Out: the Mail to the customer.
 */
export function replyMail(request: RequestRef & { email: string }, message: string, company: Company, siteUrl: string): Mail {
  const reach = reachUs(company, request.reference);
  const status = statusLink(siteUrl, request);
  return {
    to: request.email,
    subject: oneLine(`Re: your message ${request.reference} - ${company.name}`),
    text: [message, `Your reference: ${request.reference}`, status.text, reach.text, company.name].join("\n\n"),
    links: [status.link, reach.link],
    replyTo: company.email,
  };
}
