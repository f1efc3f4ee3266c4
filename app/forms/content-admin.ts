/**
 * The forms of the admin's 'Site content' area (docs/product.md §13): the flat fields each
 * editor posts, how they become a section's content and back, and how the section schemas'
 * messages (app/forms/site-content.ts) land under the field that caused them. Everything here
 * is pure: the server (app/routes/admin/+shared/content-editor.server.ts) reads the body, these
 * functions build the candidate content, and only content that passes is previewed or
 * published. The photo library is the server's to give (`photoIds`): forms import only the domain.
 *
 * The editors answer like every form (app/forms/result.ts): a refusal is Conform's submission
 * result (`contentRefusal`); a change that passes answers its preview (`ContentPreview`) and
 * 'Back to editing' the form's values again (`ContentEditing`), as extra data (`EditorAnswer`).
 */
import { parse } from "@conform-to/react";
import type { ContentSection } from "~/domain/enumerations";
import { phoneLabel } from "~/domain/phone";
import { FAQ_LIMITS, type BusinessContent, type FaqContent, type ServiceContent, type SiteContent } from "~/domain/site-content";
import type { FormResult } from "./result";
import { SECTION_SCHEMAS } from "./site-content";

/** What the editors post: field name → text (checkboxes: "on" when ticked). */
export type FieldValues = Record<string, string>;
/** Field name → its first message; "" is the form's own message. */
export type FieldErrors = Record<string, string>;

/** A candidate section content: valid (ready to preview and publish), or refused with each field's message. */
export type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/**
 * What an editor's action answers: a refusal (Conform's submission result, with a 4xx or 503
 * status), or with a 200 the preview of a change that passes (`preview`) or the form again with
 * the previewed values ('Back to editing', `editing`). The content editors' and the price
 * guide's (app/routes/admin/content-prices) previews and forms differ; the protocol is the same.
 */
export type EditorAnswer<Preview, Editing> = FormResult | { preview: Preview } | { editing: Editing };

/** A change that passes, to preview and to publish: the section's new content (`body`) and its JSON (`content`), at `basedOn`; `target` is the item changed ("" for the whole section), `change` says what changed. */
export interface ContentPreview {
  section: ContentSection;
  body: unknown;
  content: string;
  basedOn: number;
  target: string;
  change: string;
}

/** The form of `target` again, with `values` (the previewed content's), at `basedOn`: 'Back to editing'. */
export interface ContentEditing {
  values: FieldValues;
  basedOn: number;
  target: string;
}

/** A content editor's answer (`EditorAnswer`). */
export type ContentAnswer = EditorAnswer<ContentPreview, ContentEditing>;

/**
 * A refused content form as Conform's submission result: `errors` by field ("" the form's own
 * message), and as its values the fields as typed with the form's `target` (the item it edits,
 * "" for a whole section) and `basedOn`, so the page shows the message with the form it belongs to.
 */
export function contentRefusal(values: FieldValues, errors: FieldErrors): FormResult {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const error = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]));
  const own = errors[""];
  return parse<never, string[]>(formData, { resolve: () => ({ error }) }).reply(own === undefined ? {} : { formErrors: [own] });
}

/** A refused content form's messages by field (the first of each; "" the form's own). */
export function contentErrors(result: FormResult): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) {
    const first = messages?.[0];
    if (first !== undefined) errors[name] = first;
  }
  return errors;
}

/** The texts of the area that are not a schema's message. */
export const CONTENT_ADMIN_MESSAGES = {
  stale: "Someone published a change to this section since you opened it: review the current version and try again.",
  unreadable: "This change could not be read. Open the editor again and make it once more.",
  failed: "The change could not be published just now. Please try again in a moment.",
  visitLine: "Write each step on its own line as 'Step: detail', such as 'Arrive: we walk through the home with you'.",
  photo: "Choose a photo from the list.",
  faqGone: "This FAQ is no longer in the list: it may have been deleted since you opened the page.",
  faqsFull: `There can be at most ${FAQ_LIMITS.count} FAQs: delete one before adding another.`,
  noFaqs: "There are no FAQs to change.",
} as const;

/** The most characters a posted content field may carry (the input gate cuts a longer one so the checks below refuse it). */
export const CONTENT_FIELD_LIMITS = {
  /** A section's content as JSON in the preview's 'Publish' form: far above the six services' (about 20 kB). */
  content: 200_000,
  /** 12 areas of 60 characters, one per line. */
  serviceAreas: 12 * 61,
  /** 10 paragraphs of 1,500 characters with a blank line between. */
  story: 10 * 1502,
  intro: 1500,
  features: 6 * 101,
  included: 12 * 201,
  idealFor: 8 * 161,
  /** 8 steps: a name of 60 and a detail of 300 characters, ': ' between. */
  visit: 8 * 363,
  answer: FAQ_LIMITS.answer,
  question: FAQ_LIMITS.question,
} as const;

/** Non-empty trimmed lines of a textarea. */
export function splitLines(value: string | undefined): string[] {
  return (value ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Paragraphs of a textarea: separated by a blank line; each paragraph's lines joined with a space. */
export function splitParagraphs(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .join(" "),
    )
    .filter(Boolean);
}

/**
 * The section schema's messages by field: the first message for each field `fieldOf` names
 * from an issue's path (an issue it cannot place becomes the form's own message, "").
 */
function errorsOf(section: ContentSection, body: unknown, fieldOf: (path: PropertyKey[]) => string): Checked<never> | null {
  const parsed = SECTION_SCHEMAS[section].safeParse(body);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

// ---- Business facts -------------------------------------------------------------------------

/** Day `n` (1 = Monday … 7 = Sunday)'s field names: `day<n>Opens`, `day<n>Closes`, `day<n>Note`. */
export const dayField = (n: number, part: "Opens" | "Closes" | "Note") => `day${n}${part}`;

/** The business form's text fields (besides the days'), in the order the form shows them. */
export const BUSINESS_FIELDS = [
  "phone",
  "email",
  "whatsapp",
  "socialUrl",
  "serviceAreas",
  "serviceAreasNote",
  "homeTrustedBy",
  "aboutHappyClients",
  "aboutYearsExperience",
  "heroHeading",
  "heroLead",
  "story",
] as const;

/** The business facts as the form shows them: a day with no times is closed; areas one per line; the story's paragraphs separated by a blank line. */
export function businessValues(business: BusinessContent): FieldValues {
  const values: FieldValues = {
    phone: phoneLabel(business.phone),
    email: business.email,
    whatsapp: business.whatsapp,
    socialUrl: business.socialUrl,
    serviceAreas: business.serviceAreas.join("\n"),
    serviceAreasNote: business.serviceAreasNote,
    homeTrustedBy: business.stats.homeTrustedBy,
    aboutHappyClients: business.stats.aboutHappyClients,
    aboutYearsExperience: business.stats.aboutYearsExperience,
    heroHeading: business.heroHeading,
    heroLead: business.heroLead,
    story: business.story.join("\n\n"),
  };
  business.hours.forEach((day, index) => {
    values[dayField(index + 1, "Opens")] = day.opens ?? "";
    values[dayField(index + 1, "Closes")] = day.closes ?? "";
    values[dayField(index + 1, "Note")] = day.note;
  });
  return values;
}

/**
 * The business facts from the form's values, checked by `businessSchema`. Out: the content,
 * or each field's message (a day's under `day<n>`, the figures' under their own names).
 */
export function businessFromValues(values: FieldValues): Checked<BusinessContent> {
  const body = {
    phone: values.phone ?? "",
    email: (values.email ?? "").trim(),
    whatsapp: values.whatsapp ?? "",
    socialUrl: (values.socialUrl ?? "").trim(),
    hours: Array.from({ length: 7 }, (_, index) => ({
      opens: values[dayField(index + 1, "Opens")]?.trim() || null,
      closes: values[dayField(index + 1, "Closes")]?.trim() || null,
      note: values[dayField(index + 1, "Note")] ?? "",
    })),
    serviceAreas: splitLines(values.serviceAreas),
    serviceAreasNote: values.serviceAreasNote ?? "",
    stats: {
      homeTrustedBy: values.homeTrustedBy ?? "",
      aboutHappyClients: values.aboutHappyClients ?? "",
      aboutYearsExperience: values.aboutYearsExperience ?? "",
    },
    heroHeading: values.heroHeading ?? "",
    heroLead: values.heroLead ?? "",
    story: splitParagraphs(values.story),
  };
  const refused = errorsOf("business", body, (path) => {
    const [first, second] = path;
    if (first === "hours") return typeof second === "number" ? `day${second + 1}` : "";
    if (first === "stats") return String(second ?? "");
    return String(first ?? "");
  });
  if (refused) return refused;
  return { ok: true, body: SECTION_SCHEMAS.business.parse(body) };
}

// ---- Services ---------------------------------------------------------------------------------

/** The service form's text fields, in the order the form shows them (plus `shown`, a checkbox). */
export const SERVICE_FIELDS = ["title", "description", "intro", "features", "included", "idealFor", "visit", "photo"] as const;

/** One service as its form shows it: lists one item per line, the visit's steps as 'Step: detail'. */
export function serviceValues(service: ServiceContent): FieldValues {
  return {
    title: service.title,
    description: service.description,
    intro: service.intro,
    features: service.features.join("\n"),
    included: service.included.join("\n"),
    idealFor: service.idealFor.join("\n"),
    visit: service.visit.map(({ step, detail }) => `${step}: ${detail}`).join("\n"),
    photo: service.photo,
    ...(service.shown ? { shown: "on" } : {}),
  };
}

/**
 * The services with the one of `slug` replaced by the form's values (its slug, service type
 * and page id kept), checked by `servicesSchema` and the photo library (`photoIds`). Out: the whole list,
 * or each field's message; a slug not in the list is the form's own message.
 */
export function servicesWithEdit(
  services: readonly ServiceContent[],
  slug: string,
  values: FieldValues,
  photoIds: ReadonlySet<string>,
): Checked<ServiceContent[]> {
  const index = services.findIndex((service) => service.slug === slug);
  const current = services[index];
  if (!current) return { ok: false, errors: { "": CONTENT_ADMIN_MESSAGES.unreadable } };
  const visitLines = splitLines(values.visit);
  const visit = visitLines.map((line) => {
    const colon = line.indexOf(":");
    return colon < 0 ? { step: "", detail: line } : { step: line.slice(0, colon).trim(), detail: line.slice(colon + 1).trim() };
  });
  const edited: ServiceContent = {
    ...current,
    title: values.title ?? "",
    description: values.description ?? "",
    intro: values.intro ?? "",
    features: splitLines(values.features),
    included: splitLines(values.included),
    idealFor: splitLines(values.idealFor),
    visit,
    photo: values.photo ?? "",
    shown: values.shown === "on",
  };
  const list = services.map((service, i) => (i === index ? edited : service));
  const errors: FieldErrors = {};
  if (visitLines.some((line) => !line.includes(":") || line.indexOf(":") === 0)) errors.visit = CONTENT_ADMIN_MESSAGES.visitLine;
  if (!photoIds.has(edited.photo)) errors.photo = CONTENT_ADMIN_MESSAGES.photo;
  const refused = errorsOf("services", list, (path) => (path[0] === index ? String(path[1] ?? "") : ""));
  if (refused && !refused.ok) Object.entries(refused.errors).forEach(([field, message]) => (errors[field] ??= message));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: SECTION_SCHEMAS.services.parse(list) };
}

/** The services checked as a whole (a reorder or a shown/hidden change), every photo from the library (`photoIds`). */
export function checkServices(services: readonly ServiceContent[], photoIds: ReadonlySet<string>): Checked<ServiceContent[]> {
  if (services.some((service) => !photoIds.has(service.photo))) return { ok: false, errors: { "": CONTENT_ADMIN_MESSAGES.photo } };
  const refused = errorsOf("services", services, () => "");
  if (refused) return refused;
  return { ok: true, body: SECTION_SCHEMAS.services.parse(services) };
}

// ---- FAQs -----------------------------------------------------------------------------------

/** An FAQ as its form shows it. */
export function faqValues(faq: FaqContent): FieldValues {
  return { question: faq.question, answer: faq.answer, ...(faq.onHome ? { onHome: "on" } : {}) };
}

/**
 * A new FAQ's anchor: 'faq-' and the question's words in lower case joined by '-' (at most
 * 50 characters), with '-2', '-3', … when another FAQ has it already.
 */
export function faqIdFor(question: string, taken: readonly string[]): string {
  const words =
    question
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50)
      .replace(/-+$/, "") || "question";
  const base = `faq-${words}`;
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The FAQs with one added (`id` null, at the end, its anchor made from the question) or the one
 * of `id` changed, checked by `faqsSchema`. Out: the whole list, or the question's and
 * answer's messages.
 */
export function faqsWithEdit(faqs: readonly FaqContent[], id: string | null, values: FieldValues): Checked<FaqContent[]> {
  const question = values.question ?? "";
  const fields = { question, answer: values.answer ?? "", onHome: values.onHome === "on" };
  let list: FaqContent[];
  let index: number;
  if (id === null) {
    if (faqs.length >= FAQ_LIMITS.count) return { ok: false, errors: { "": CONTENT_ADMIN_MESSAGES.faqsFull } };
    list = [
      ...faqs,
      {
        id: faqIdFor(
          question,
          faqs.map((faq) => faq.id),
        ),
        ...fields,
      },
    ];
    index = faqs.length;
  } else {
    index = faqs.findIndex((faq) => faq.id === id);
    if (index < 0) return { ok: false, errors: { "": CONTENT_ADMIN_MESSAGES.faqGone } };
    list = faqs.map((faq, i) => (i === index ? { ...faq, ...fields } : faq));
  }
  const refused = errorsOf("faqs", list, (path) => (path[0] === index && path[1] !== "id" ? String(path[1] ?? "") : ""));
  if (refused) return refused;
  return { ok: true, body: SECTION_SCHEMAS.faqs.parse(list) };
}

/** The FAQs checked as a whole (a reorder, a home page toggle, a deletion). */
export function checkFaqs(faqs: readonly FaqContent[]): Checked<FaqContent[]> {
  const refused = errorsOf("faqs", faqs, () => "");
  if (refused) return refused;
  return { ok: true, body: SECTION_SCHEMAS.faqs.parse(faqs) };
}

// ---- Lists and publishing ---------------------------------------------------------------------

/** `list` with the item at `index` swapped with its neighbour above (`up`) or below; the same list when there is none. */
export function moved<T>(list: readonly T[], index: number, direction: "up" | "down"): T[] {
  const other = direction === "up" ? index - 1 : index + 1;
  const copy = [...list];
  if (index < 0 || index >= list.length || other < 0 || other >= list.length) return copy;
  [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  return copy;
}

/**
 * A section's content as the preview's 'Publish' form carried it (JSON), checked again by the
 * section's schema (and, for services, the photo library `photoIds`). Out: the content, or null
 * when it is not JSON or does not pass.
 */
export function parsePublished<S extends ContentSection>(
  section: S,
  json: string | undefined,
  photoIds: ReadonlySet<string>,
): SiteContent[S] | null {
  let value: unknown;
  try {
    value = JSON.parse(json ?? "");
  } catch {
    return null;
  }
  const parsed = SECTION_SCHEMAS[section].safeParse(value);
  if (!parsed.success) return null;
  const body = parsed.data as SiteContent[S];
  if (section === "services" && (body as ServiceContent[]).some((service) => !photoIds.has(service.photo))) return null;
  return body;
}

/** A revision id as a form or a URL carries it: a positive whole number, else null. */
export function revisionIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
