/**
 * Reply templates (docs/product.md §10 "Reply templates"): plain text that staff edit on
 * /admin/templates, with placeholders in braces that are filled from the request when a
 * quote or reply is written. Unknown placeholders are refused when a template is saved, so a
 * customer never reads "{nmae}".
 */

/** Every placeholder a template may use, with what it becomes. */
export const TEMPLATE_PLACEHOLDERS = {
  name: "the customer's name",
  reference: "the request's reference, e.g. MB-7K4Q2",
  service: "the service asked for (quote requests; 'your request' for messages)",
  company: "the company's name",
  phone: "the company's phone number",
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** The placeholders in `body` that do not exist, each once, in order, e.g. ["nmae"]. */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of body.matchAll(PLACEHOLDER)) {
    if (name && !Object.hasOwn(TEMPLATE_PLACEHOLDERS, name)) unknown.add(name);
  }
  return [...unknown];
}

/**
 * `body` with each known placeholder replaced by its value; anything else in braces stays as
 * written. In: the template's text and the values. Out: the text staff start from.
 */
export function fillTemplate(body: string, values: Record<TemplatePlaceholder, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(TEMPLATE_PLACEHOLDERS, name) ? values[name as TemplatePlaceholder] : whole,
  );
}

/** The opening every default quote template shares (migrations/0005_status_replies_outbox.sql seeded it). */
const QUOTE_OPENING =
  "Hello {name},\n\nThank you for asking {company} for a quote for {service}. We have looked at your request and are happy to offer the price below.\n\n";

/**
 * The default 'Standard quote' template's body: the customer books online from the booking link
 * the quote e-mail and the status page carry, or calls or writes on WhatsApp.
 * migrations/0014_quote_follow_up.sql puts it in place of LEGACY_QUOTE_TEMPLATE where staff
 * left that one unedited (tests/unit/templates.test.ts checks the migration says the same).
 */
export const DEFAULT_QUOTE_TEMPLATE = `${QUOTE_OPENING}To book, choose a day and an arrival time online with the booking link, or call or WhatsApp us on {phone}.`;

/** The first default quote template, seeded by migrations/0005_status_replies_outbox.sql, from before online booking. */
export const LEGACY_QUOTE_TEMPLATE = `${QUOTE_OPENING}To book, reply to this e-mail or call us on {phone}.`;
