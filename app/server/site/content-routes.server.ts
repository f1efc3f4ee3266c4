/**
 * The request side of the admin's 'Site content' area (docs/product.md §13): admins only. Every
 * loader reads the live content (content.server.ts) and the live revision the editor is opened
 * at (`basedOn`). Every change is a two-step POST: the edit (a form, a move, a toggle, a
 * deletion) answers a *preview* of the section's new content, or the form's messages with the
 * values as typed (status 400, nothing stored); the preview's 'Publish' posts the content as
 * JSON with `basedOn`, which is checked again by the section's schema and published only while
 * the section is still at `basedOn` (else 409 with the 'stale' message). A publish redirects
 * with a notice (Post/Redirect/Get). The forms and their rules: app/forms/content-admin.ts.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PHOTOS } from "~/content/photos";
import { formatAdminDateTime } from "~/domain/dates";
import { CONTENT_SECTIONS, type ContentSection } from "~/domain/enumerations";
import type { FaqContent, SiteContent } from "~/domain/site-content";
import {
  BUSINESS_FIELDS,
  CONTENT_ADMIN_MESSAGES,
  CONTENT_FIELD_LIMITS,
  SERVICE_FIELDS,
  businessFromValues,
  businessValues,
  checkFaqs,
  checkServices,
  dayField,
  faqValues,
  faqsWithEdit,
  moved,
  parsePublished,
  revisionIdOf,
  serviceValues,
  servicesWithEdit,
  type Checked,
  type FieldErrors,
  type FieldValues,
} from "~/forms/content-admin";
import { requireAdmin } from "~/http/permissions.server";
import type { Database } from "../platform/db.server";
import { commitNotice } from "~/http/flash.server";
import type { FormContract } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { readSmallForm } from "~/http/small-form.server";
import { publishSection, readLiveContent, readRevision, readSectionHistory, type ContentRevision } from "./content.server";

/** The photo library's ids: a service's photo is one of them. */
const PHOTO_IDS: ReadonlySet<string> = new Set(Object.keys(PHOTOS));

/** The photo library as the service form's select lists it: [id, alt text]. */
const PHOTO_OPTIONS = Object.entries(PHOTOS).map(([id, photo]) => [id, photo.alt] as const);

/** The largest body a content form may send: the services' JSON in a preview's 'Publish' (urlencoded, about three times its size). */
const MAX_BODY_BYTES = 768 * 1024;

/** Each section's page in the area. */
const SECTION_PAGES: Record<ContentSection, string> = {
  business: "/admin/content/business",
  services: "/admin/content/services",
  faqs: "/admin/content/faqs",
  prices: "/admin/content/prices",
};

/** What an editor's action answers (the loader's data is the live content). */
export type ContentActionData =
  /** Refused: each field's message and the values as typed; `target` names the item edited. */
  | { stage: "edit"; values: FieldValues; errors: FieldErrors; basedOn: number; target: string }
  /** Valid: the section's new content to show and to publish (`content`, its JSON). */
  | { stage: "preview"; section: ContentSection; body: unknown; content: string; basedOn: number; target: string; change: string }
  /** The section changed since the editor was opened; nothing stored. */
  | { stage: "stale"; message: string };

/** A text field's limit in a content form: the long ones of CONTENT_FIELD_LIMITS, else 300 characters (a title, a phone number, a note). */
function limitOf(name: string): number {
  return (CONTENT_FIELD_LIMITS as Record<string, number>)[name] ?? 300;
}

/** The contract of a content form: the given fields, plus `intent`, `basedOn`, `target`, `direction` and `content`. */
function contract(fields: readonly string[]): FormContract {
  const names = [...fields, "intent", "basedOn", "target", "direction", "content"];
  return { text: new Map(names.map((name) => [name, limitOf(name)])), files: new Map() };
}

const DAY_FIELDS = [1, 2, 3, 4, 5, 6, 7].flatMap((n) => [dayField(n, "Opens"), dayField(n, "Closes"), dayField(n, "Note")]);
const BUSINESS_FORM = [...BUSINESS_FIELDS, ...DAY_FIELDS];
const SERVICE_FORM = [...SERVICE_FIELDS, "shown"];
const FAQ_FORM = ["question", "answer", "onHome"];
const BUSINESS_CONTRACT = contract(BUSINESS_FORM);
const SERVICE_CONTRACT = contract(SERVICE_FORM);
const FAQ_CONTRACT = contract(FAQ_FORM);
const LIST_CONTRACT = contract([]);
const RESTORE_CONTRACT = contract([]);

/** Only `fields` of `values`: what a refused form sends back (never the hidden content, which may be long). */
function pick(values: FieldValues, fields: readonly string[]): FieldValues {
  return Object.fromEntries(fields.filter((name) => values[name] !== undefined).map((name) => [name, values[name]!]));
}

/** The form's text fields as name → value (files never reach here: no content form has one). */
function valuesOf(formData: FormData): FieldValues {
  const values: FieldValues = {};
  for (const [name, value] of formData.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

/** The signed-in admin as a revision's author. */
async function author(args: LoaderFunctionArgs) {
  const session = await requireAdmin(args.context.db, args.request, args.context.cloudflare.env);
  return { userId: session.user.id, email: session.user.email };
}

/** A 404 for a section, item or revision that does not exist. */
function notFound(): never {
  throw data(null, { status: 404 });
}

/** The live content and the live revision of `section` (the `basedOn` an editor opens at). */
async function live(db: Database, section: ContentSection) {
  const { content, revisions } = await readLiveContent(db);
  return { content, basedOn: revisions[section] };
}

/** A checked candidate as the action's answer: its preview (200) or its messages (400). */
function answer<T>(
  section: ContentSection,
  checked: Checked<T>,
  { values, basedOn, target, change }: { values: FieldValues; basedOn: number; target: string; change: string },
) {
  if (!checked.ok) return data<ContentActionData>({ stage: "edit", values, errors: checked.errors, basedOn, target }, { status: 400 });
  return data<ContentActionData>({
    stage: "preview",
    section,
    body: checked.body,
    content: JSON.stringify(checked.body),
    basedOn,
    target,
    change,
  });
}

/** The form's own message, with nothing to preview (400). */
function refused(message: string, basedOn: number, target = "", values: FieldValues = {}) {
  return data<ContentActionData>({ stage: "edit", values, errors: { "": message }, basedOn, target }, { status: 400 });
}

/**
 * The preview's 'Publish': the posted content, checked again by the section's schema, published
 * at the posted `basedOn`. Out: a redirect to `to` with the notice, 409 'stale', 400 for content
 * that does not pass, 503 when D1 fails.
 */
async function publishPosted(
  args: LoaderFunctionArgs,
  section: ContentSection,
  values: FieldValues,
  to: string,
  restoredFrom: number | null = null,
) {
  const who = await author(args);
  const basedOn = revisionIdOf(values.basedOn);
  const body = parsePublished(section, values.content, PHOTO_IDS);
  if (basedOn === null || body === null) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn ?? 0);
  try {
    const result = await publishSection(args.context.db, section, body, { author: who, basedOn, restoredFrom });
    if (!result.ok) return data<ContentActionData>({ stage: "stale", message: CONTENT_ADMIN_MESSAGES.stale }, { status: 409 });
  } catch (error) {
    logFailure("site_content_publish_failed", error, { section });
    return refused(CONTENT_ADMIN_MESSAGES.failed, basedOn);
  }
  return redirect(to, {
    headers: { "Set-Cookie": await commitNotice(args.request, restoredFrom === null ? "contentPublished" : "contentRestored") },
  });
}

/** Reads a content form through the input gate; null when it is refused (then the answer is `unreadable`). */
async function readForm(request: Request, formContract: FormContract): Promise<FieldValues | null> {
  const form = await readSmallForm(request, formContract, MAX_BODY_BYTES);
  return form.ok ? valuesOf(form.formData) : null;
}

/** "Nov 22, 2026 14:05 by owner@example.com" parts of a revision, for the pages. */
function revisionView(revision: ContentRevision) {
  return {
    id: revision.id,
    action: revision.action,
    restoredFrom: revision.restoredFrom,
    authorEmail: revision.authorEmail,
    at: formatAdminDateTime(revision.createdAt.getTime()),
  };
}

export type RevisionView = ReturnType<typeof revisionView>;

// ---- /admin/content ---------------------------------------------------------------------------

/** The loader of /admin/content. Out: each section's page, its live revision and when and by whom it last changed. */
export async function contentOverviewLoader(args: LoaderFunctionArgs) {
  await author(args);
  const latest = await Promise.all(CONTENT_SECTIONS.map((section) => readSectionHistory(args.context.db, section, 1)));
  return {
    sections: CONTENT_SECTIONS.map((section, i) => {
      const revision = latest[i]?.[0];
      return { section, page: SECTION_PAGES[section], last: revision ? revisionView(revision) : null };
    }),
  };
}

// ---- /admin/content/business --------------------------------------------------------------------

/** The loader of /admin/content/business. Out: the form's values from the live business facts and `basedOn`. */
export async function businessEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "business");
  return { values: businessValues(content.business), basedOn };
}

/** POST on /admin/content/business: `preview` (the form), `back` (to the form from a preview) or `publish`. */
export async function businessEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, BUSINESS_CONTRACT);
  if (!values) return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "publish") return publishPosted(args, "business", values, "/admin/content");
  if (values.intent === "back") {
    const body = parsePublished("business", values.content, PHOTO_IDS);
    if (!body) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
    return data<ContentActionData>({ stage: "edit", values: businessValues(body), errors: {}, basedOn, target: "" });
  }
  return answer("business", businessFromValues(values), {
    values: pick(values, BUSINESS_FORM),
    basedOn,
    target: "",
    change: "the business facts",
  });
}

// ---- /admin/content/services --------------------------------------------------------------------

/** The loader of /admin/content/services. Out: the services in order and `basedOn`. */
export async function servicesListLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "services");
  return { services: content.services, basedOn };
}

/** POST on /admin/content/services: `move` (a service up or down), `toggle` (shown or hidden), then `publish`. */
export async function servicesListAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, LIST_CONTRACT);
  if (!values) return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  if (values.intent === "publish") return publishPosted(args, "services", values, SECTION_PAGES.services);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  const { content } = await live(args.context.db, "services");
  const index = content.services.findIndex((service) => service.slug === values.target);
  const service = content.services[index];
  if (!service) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
  const target = service.slug;
  if (values.intent === "move") {
    const direction = values.direction === "up" ? "up" : "down";
    return answer("services", checkServices(moved(content.services, index, direction), PHOTO_IDS), {
      values: {},
      basedOn,
      target,
      change: `'${service.title}' moved ${direction}`,
    });
  }
  if (values.intent === "toggle") {
    const list = content.services.map((item, i) => (i === index ? { ...item, shown: !item.shown } : item));
    return answer("services", checkServices(list, PHOTO_IDS), {
      values: {},
      basedOn,
      target,
      change: `'${service.title}' ${service.shown ? "hidden: its page will answer 'not found'" : "shown again"}`,
    });
  }
  return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
}

/** The loader of /admin/content/services/:slug. Out: the service's form values, its fixed fields, the photo choices and `basedOn`; 404 for an unknown slug. */
export async function serviceEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "services");
  const service = content.services.find((item) => item.slug === args.params.slug) ?? notFound();
  return { service, values: serviceValues(service), photos: PHOTO_OPTIONS, basedOn };
}

/** POST on /admin/content/services/:slug: `preview`, `back` or `publish` (404 for an unknown slug). */
export async function serviceEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const slug = args.params.slug ?? "";
  const values = await readForm(args.request, SERVICE_CONTRACT);
  if (!values) return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  if (values.intent === "publish") return publishPosted(args, "services", values, SECTION_PAGES.services);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const body = parsePublished("services", values.content, PHOTO_IDS);
    const service = body?.find((item) => item.slug === slug);
    if (!service) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
    return data<ContentActionData>({ stage: "edit", values: serviceValues(service), errors: {}, basedOn, target: slug });
  }
  const { content } = await live(args.context.db, "services");
  if (!content.services.some((item) => item.slug === slug)) notFound();
  return answer("services", servicesWithEdit(content.services, slug, values, PHOTO_IDS), {
    values: pick(values, SERVICE_FORM),
    basedOn,
    target: slug,
    change: "the service",
  });
}

// ---- /admin/content/faqs ------------------------------------------------------------------------

/** The loader of /admin/content/faqs. Out: the FAQs in order and `basedOn`. */
export async function faqsListLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "faqs");
  return { faqs: content.faqs, basedOn };
}

/**
 * POST on /admin/content/faqs: `add` (a new FAQ from the form), `move`, `home` (on the home page
 * or not), `delete`, `back` (to the add form from its preview), then `publish`.
 */
export async function faqsListAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, FAQ_CONTRACT);
  if (!values) return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  if (values.intent === "publish") return publishPosted(args, "faqs", values, SECTION_PAGES.faqs);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const added = parsePublished("faqs", values.content, PHOTO_IDS)?.find((faq) => faq.id === values.target);
    if (!added) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
    return data<ContentActionData>({ stage: "edit", values: faqValues(added), errors: {}, basedOn, target: "new" });
  }
  const { content } = await live(args.context.db, "faqs");
  if (values.intent === "add") {
    const checked = faqsWithEdit(content.faqs, null, values);
    const added = checked.ok ? checked.body.at(-1)?.id : undefined;
    return answer("faqs", checked, { values: pick(values, FAQ_FORM), basedOn, target: added ?? "new", change: "a new FAQ" });
  }
  const index = content.faqs.findIndex((faq) => faq.id === values.target);
  const faq = content.faqs[index];
  if (!faq) return refused(CONTENT_ADMIN_MESSAGES.faqGone, basedOn);
  const options = { values: {}, basedOn, target: faq.id };
  if (values.intent === "move") {
    const direction = values.direction === "up" ? "up" : "down";
    return answer("faqs", checkFaqs(moved(content.faqs, index, direction)), { ...options, change: `'${faq.question}' moved ${direction}` });
  }
  if (values.intent === "home") {
    const list = content.faqs.map((item, i) => (i === index ? { ...item, onHome: !item.onHome } : item));
    const change = `'${faq.question}' ${faq.onHome ? "taken off the home page" : "added to the home page"}`;
    return answer("faqs", checkFaqs(list), { ...options, change });
  }
  if (values.intent === "delete") {
    return answer("faqs", checkFaqs(content.faqs.filter((_, i) => i !== index)), { ...options, change: `'${faq.question}' deleted` });
  }
  return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
}

/** The loader of /admin/content/faqs/:id. Out: the FAQ's form values and `basedOn`; 404 for an unknown id. */
export async function faqEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "faqs");
  const faq: FaqContent = content.faqs.find((item) => item.id === args.params.id) ?? notFound();
  return { faq, values: faqValues(faq), basedOn };
}

/** POST on /admin/content/faqs/:id: `preview`, `back` or `publish`. */
export async function faqEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const id = args.params.id ?? "";
  const values = await readForm(args.request, FAQ_CONTRACT);
  if (!values) return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  if (values.intent === "publish") return publishPosted(args, "faqs", values, SECTION_PAGES.faqs);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const faq = parsePublished("faqs", values.content, PHOTO_IDS)?.find((item) => item.id === id);
    if (!faq) return refused(CONTENT_ADMIN_MESSAGES.unreadable, basedOn);
    return data<ContentActionData>({ stage: "edit", values: faqValues(faq), errors: {}, basedOn, target: id });
  }
  const { content } = await live(args.context.db, "faqs");
  return answer("faqs", faqsWithEdit(content.faqs, id, values), { values: pick(values, FAQ_FORM), basedOn, target: id, change: "the FAQ" });
}

// ---- History --------------------------------------------------------------------------------------

/** The section a history page is of: /admin/content/<section>/history…, else a 404. */
function sectionOf(args: LoaderFunctionArgs): ContentSection {
  const segment = new URL(args.request.url).pathname.split("/")[3];
  const section = CONTENT_SECTIONS.find((name) => name === segment);
  return section ?? notFound();
}

/** The loader of /admin/content/:section/history. Out: the section, its page, its revisions newest first and the live one's id; 404 for an unknown section. */
export async function historyLoader(args: LoaderFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const revisions = await readSectionHistory(args.context.db, section);
  return { section, page: SECTION_PAGES[section], revisions: revisions.map(revisionView), liveId: revisions[0]?.id ?? 0 };
}

/** The loader of /admin/content/:section/history/:id. Out: the revision, its content, whether it is live and the live id (`basedOn` of a restore); 404 when there is no such revision of the section. */
export async function revisionLoader(args: LoaderFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const id = revisionIdOf(args.params.id) ?? notFound();
  const [found, latest] = await Promise.all([readRevision(args.context.db, section, id), readSectionHistory(args.context.db, section, 1)]);
  if (!found) notFound();
  const liveId = latest[0]?.id ?? 0;
  return { section, revision: revisionView(found.revision), body: found.body as SiteContent[ContentSection], liveId };
}

/** POST on /admin/content/:section/history/:id, `restore`: publishes that revision's content again (`restoredFrom`), at the posted `basedOn`. */
export async function revisionAction(args: ActionFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const id = revisionIdOf(args.params.id) ?? notFound();
  const values = await readForm(args.request, RESTORE_CONTRACT);
  if (!values || values.intent !== "restore") return refused(CONTENT_ADMIN_MESSAGES.unreadable, 0);
  const found = await readRevision(args.context.db, section, id);
  if (!found) notFound();
  return publishPosted(
    args,
    section,
    { ...values, content: JSON.stringify(found.body) },
    `/admin/content/${section}/history`,
    found.revision.id,
  );
}
