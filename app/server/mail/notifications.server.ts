/**
 * The e-mail the company receives for each stored request, a quote request or a contact
 * message (sent to NOTIFY_EMAIL): every field as the visitor typed it, and the link to the
 * record in the admin; replies go to the visitor. Composed once, in `notificationMail`; what
 * differs per kind (its name, its admin page, its own fields, its free text) is stated in
 * NOTIFICATIONS. Built as plain text; the HTML part is made from it with every character a
 * visitor typed escaped (html.server.tsx), so nothing they typed becomes markup or a link.
 */
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS, type AuditedEntity } from "~/domain/enumerations";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import type { StoredSubmission, SubmissionInput } from "./customer-mails.server";
import { oneLine, type Mail } from "./mailer.server";

type Field = [label: string, value: string | undefined | null];

interface NotificationKind<Input> {
  /** What the request is called in the first line and the subject. */
  noun: string;
  /** The record's page in the admin (served by the admin routes), before its id. */
  adminPath: string;
  /** Named in the subject after the reference: the service asked for. */
  topic?: (input: Input) => string;
  /** The kind's own fields, listed between the phone and the photos. */
  fields: (input: Input) => Field[];
  /** The free text the visitor wrote, under its own heading after the fields. */
  text: { heading: string; value: (input: Input) => string | undefined };
  /** Lines after the admin link. */
  closing: string[];
}

/** What differs per kind of request (docs/product.md §10). */
const NOTIFICATIONS: { [Kind in AuditedEntity]: NotificationKind<SubmissionInput<Kind>> } = {
  quote_request: {
    noun: "quote request",
    adminPath: "/admin/quotes/",
    topic: (input) => SERVICE_TYPE_LABELS[input.serviceType],
    fields: (input) => [
      ["Address", input.address],
      ["Service type", SERVICE_TYPE_LABELS[input.serviceType]],
      ["Property size", input.propertySize ? PROPERTY_SIZE_LABELS[input.propertySize] : null],
      ["Frequency", input.frequency ? FREQUENCY_LABELS[input.frequency] : null],
      ["Preferred date", input.preferredDate],
    ],
    text: { heading: "Additional information", value: (input) => input.additionalInfo },
    closing: [`Promised reply: within ${QUOTE_REPLY_HOURS} hours.`],
  },
  contact_message: {
    noun: "contact message",
    adminPath: "/admin/messages/",
    fields: () => [],
    text: { heading: "Message", value: (input) => input.message },
    closing: [],
  },
};

/** "Label: value" lines; an empty value shows as "-". */
function lines(fields: Field[]): string {
  return fields.map(([label, value]) => `${label}: ${value?.trim() ? value : "-"}`).join("\n");
}

/**
 * The notification of a stored request of `kind`. In: the kind, the address it goes to
 * (NOTIFY_EMAIL), the parsed form, the stored record's id and reference, and SITE_URL's
 * origin. Out: the Mail to the company, replying to the visitor.
 */
export function notificationMail<Kind extends AuditedEntity>(
  kind: Kind,
  to: string,
  input: SubmissionInput<Kind>,
  stored: Pick<StoredSubmission, "id" | "reference">,
  origin: string,
): Mail {
  const notification: NotificationKind<SubmissionInput<Kind>> = NOTIFICATIONS[kind];
  const link = `${origin}${notification.adminPath}${stored.id}`;
  const text = notification.text.value(input);
  const topic = notification.topic ? `: ${notification.topic(input)}` : "";
  return {
    to,
    subject: oneLine(`New ${notification.noun} ${stored.reference}${topic} from ${input.name}`),
    text: [
      `New ${notification.noun} from ${input.name}`,
      "",
      lines([
        ["Reference", stored.reference],
        ["Name", input.name],
        ["Email", input.email],
        ["Phone", input.phone],
        ...notification.fields(input),
        ["Photos", String(input.photos.length)],
      ]),
      "",
      `${notification.text.heading}:`,
      text?.trim() ? text : "-",
      "",
      `Open it in the admin: ${link}`,
      ...notification.closing,
    ].join("\n"),
    links: [link],
    replyTo: input.email,
  };
}
