/**
 * The e-mail the company receives for each stored submission (sent to NOTIFY_EMAIL): every
 * field as the visitor typed it, and links to the request in the admin.
 * Built as plain text; the HTML part is made from it with every character a visitor typed
 * escaped (html.server.tsx), so nothing they typed becomes markup or a link.
 */
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import type { ContactInput } from "~/forms/contact";
import type { QuoteInput } from "~/forms/quote";
import { oneLine, type Mail } from "./mailer.server";

/** Admin URLs of a stored submission (served by the admin routes). */
const adminUrls = {
  quoteRequest: (origin: string, id: string) => `${origin}/admin/quotes/${id}`,
  contactMessage: (origin: string, id: string) => `${origin}/admin/messages/${id}`,
};

function lines(fields: Array<[string, string | undefined | null]>): string {
  return fields.map(([label, value]) => `${label}: ${value?.trim() ? value : "-"}`).join("\n");
}

export function quoteRequestNotification(to: string, input: QuoteInput, stored: { id: string; reference: string }, origin: string): Mail {
  const link = adminUrls.quoteRequest(origin, stored.id);
  const text = [
    `New quote request from ${input.name}`,
    "",
    lines([
      ["Reference", stored.reference],
      ["Name", input.name],
      ["Email", input.email],
      ["Phone", input.phone],
      ["Address", input.address],
      ["Service type", SERVICE_TYPE_LABELS[input.serviceType]],
      ["Property size", input.propertySize ? PROPERTY_SIZE_LABELS[input.propertySize] : null],
      ["Frequency", input.frequency ? FREQUENCY_LABELS[input.frequency] : null],
      ["Preferred date", input.preferredDate],
      ["Photos", String(input.photos.length)],
    ]),
    "",
    "Additional information:",
    input.additionalInfo?.trim() ? input.additionalInfo : "-",
    "",
    `Open it in the admin: ${link}`,
    `Promised reply: within ${QUOTE_REPLY_HOURS} hours.`,
  ].join("\n");
  return {
    to,
    subject: oneLine(`New quote request ${stored.reference}: ${SERVICE_TYPE_LABELS[input.serviceType]} from ${input.name}`),
    text,
    links: [link],
    replyTo: input.email,
  };
}

export function contactMessageNotification(
  to: string,
  input: ContactInput,
  stored: { id: string; reference: string },
  origin: string,
): Mail {
  const link = adminUrls.contactMessage(origin, stored.id);
  const text = [
    `New contact message from ${input.name}`,
    "",
    lines([
      ["Reference", stored.reference],
      ["Name", input.name],
      ["Email", input.email],
      ["Phone", input.phone],
      ["Photos", String(input.photos.length)],
    ]),
    "",
    "Message:",
    input.message,
    "",
    `Open it in the admin: ${link}`,
  ].join("\n");
  return { to, subject: oneLine(`New contact message ${stored.reference} from ${input.name}`), text, links: [link], replyTo: input.email };
}
