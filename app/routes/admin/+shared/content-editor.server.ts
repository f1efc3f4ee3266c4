/**
 * The server side the admin's 'Site content' editors share (docs/product.md §13): admins only.
 * Every loader reads the live content (app/server/site) and the live revision the editor is
 * opened at (`basedOn`). Every change is a two-step POST: the edit (a form, a move, a toggle, a
 * deletion) answers a *preview* of the section's new content, or the form's refusal (Conform's
 * submission result: each field's message and the values as typed, status 400, nothing stored);
 * the preview's 'Publish' posts the content as JSON with `basedOn`, which is checked again by
 * the section's schema and published only while the section is still at `basedOn` (else 409
 * with the 'stale' message). A publish redirects with a notice (Post/Redirect/Get). The forms
 * and their rules: app/forms/content-admin.ts. Each page's own loader and action are in its
 * folder (app/routes/admin/content-*).
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PHOTOS } from "~/content/photos";
import { formatAdminDateTime } from "~/domain/dates";
import { CONTENT_SECTIONS, type ContentSection } from "~/domain/enumerations";
import {
  BUSINESS_FIELDS,
  CONTENT_ADMIN_MESSAGES,
  CONTENT_FIELD_LIMITS,
  SERVICE_FIELDS,
  contentRefusal,
  dayField,
  parsePublished,
  revisionIdOf,
  type Checked,
  type ContentAnswer,
  type FieldValues,
} from "~/forms/content-admin";
import { commitNotice } from "~/http/flash.server";
import type { FormContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure, type Database } from "~/server/platform";
import { publishSection, readLiveContent, type ContentRevision } from "~/server/site";

/** The photo library's ids: a service's photo is one of them. */
export const PHOTO_IDS: ReadonlySet<string> = new Set(Object.keys(PHOTOS));

/** The photo library as the service form's select lists it: [id, alt text]. */
export const PHOTO_OPTIONS = Object.entries(PHOTOS).map(([id, photo]) => [id, photo.alt] as const);

/** The largest body a content form may send: the services' JSON in a preview's 'Publish' (urlencoded, about three times its size). */
const MAX_BODY_BYTES = 768 * 1024;

/** Each section's page in the area. */
export const SECTION_PAGES: Record<ContentSection, string> = {
  business: "/admin/content/business",
  services: "/admin/content/services",
  faqs: "/admin/content/faqs",
  prices: "/admin/content/prices",
};

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
/** The business form's fields, the days' included. */
export const BUSINESS_FORM = [...BUSINESS_FIELDS, ...DAY_FIELDS];
/** The service form's fields. */
export const SERVICE_FORM = [...SERVICE_FIELDS, "shown"];
/** The FAQ form's fields (adding one, or editing one). */
export const FAQ_FORM = ["question", "answer", "onHome"];
/** Each editor's form contract. */
export const CONTRACTS = {
  business: contract(BUSINESS_FORM),
  service: contract(SERVICE_FORM),
  faq: contract(FAQ_FORM),
  list: contract([]),
  restore: contract([]),
};

/** Only `fields` of `values`: what a refused form sends back (never the hidden content, which may be long). */
export function pick(values: FieldValues, fields: readonly string[]): FieldValues {
  return Object.fromEntries(fields.filter((name) => values[name] !== undefined).map((name) => [name, values[name]!]));
}

/** The form's text fields as name → value (files never reach here: no content form has one). */
function valuesOf(formData: FormData): FieldValues {
  const values: FieldValues = {};
  for (const [name, value] of formData.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

/** The signed-in admin as a revision's author (others are sent to sign in, or refused). */
export async function author(args: LoaderFunctionArgs) {
  const session = await requireAdmin(args.context.db, args.request, args.context.cloudflare.env);
  return { userId: session.user.id, email: session.user.email };
}

/** A 404 for a section, item or revision that does not exist. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The live content and the live revision of `section` (the `basedOn` an editor opens at). */
export async function live(db: Database, section: ContentSection) {
  const { content, revisions } = await readLiveContent(db);
  return { content, basedOn: revisions[section] };
}

/**
 * A checked candidate as the action's answer: its preview (200), or the form's refusal with
 * each field's message and `values` as typed (400). `target`: the item changed ("" for a whole
 * section); `change`: what the preview says changed.
 */
export function answer<T>(
  section: ContentSection,
  checked: Checked<T>,
  { values, basedOn, target, change }: { values: FieldValues; basedOn: number; target: string; change: string },
) {
  if (!checked.ok) return refused(checked.errors, { values, basedOn, target });
  const preview = { section, body: checked.body as unknown, content: JSON.stringify(checked.body), basedOn, target, change };
  return data<ContentAnswer>({ preview });
}

/** The form's refusal (Conform's submission result): `errors` by field ("" the form's own message), `values` as typed, with the form's `target` and `basedOn`; 400 unless `status` says otherwise. */
export function refused(
  errors: Record<string, string>,
  { values = {}, basedOn, target = "" }: { values?: FieldValues; basedOn: number; target?: string },
  status = 400,
) {
  return data<ContentAnswer>(contentRefusal({ ...values, target, basedOn: String(basedOn) }, errors), { status });
}

/** 'Back to editing': the form of `target` again with `values` (the previewed content's), at `basedOn`. */
export function editing(values: FieldValues, basedOn: number, target: string) {
  return data<ContentAnswer>({ editing: { values, basedOn, target } });
}

/**
 * The preview's 'Publish' (or a history's 'Restore'): the posted content, checked again by the
 * section's schema, published at the posted `basedOn`. Out: a redirect to `to` with the notice;
 * else the refusal, shown with whichever form the page draws (its `intent` is "publish" or
 * "restore"): 409 'stale', 400 for content that does not pass or when D1 fails.
 */
export async function publishPosted(
  args: LoaderFunctionArgs,
  section: ContentSection,
  values: FieldValues,
  to: string,
  restoredFrom: number | null = null,
) {
  const who = await author(args);
  const basedOn = revisionIdOf(values.basedOn);
  const body = parsePublished(section, values.content, PHOTO_IDS);
  const intent = restoredFrom === null ? "publish" : "restore";
  const refuse = (message: string, status: number) => refused({ "": message }, { values: { intent }, basedOn: basedOn ?? 0 }, status);
  if (basedOn === null || body === null) return refuse(CONTENT_ADMIN_MESSAGES.unreadable, 400);
  try {
    const result = await publishSection(args.context.db, section, body, { author: who, basedOn, restoredFrom });
    if (!result.ok) return refuse(CONTENT_ADMIN_MESSAGES.stale, 409);
  } catch (error) {
    logFailure("site_content_publish_failed", error, { section });
    return refuse(CONTENT_ADMIN_MESSAGES.failed, 400);
  }
  return redirect(to, {
    headers: { "Set-Cookie": await commitNotice(args.request, restoredFrom === null ? "contentPublished" : "contentRestored") },
  });
}

/** Reads a content form through the input gate; null when it is refused (then the answer is `unreadable`). */
export async function readForm(request: Request, formContract: FormContract): Promise<FieldValues | null> {
  const form = await readSmallForm(request, formContract, MAX_BODY_BYTES);
  return form.ok ? valuesOf(form.formData) : null;
}

/** The refusal of a form that could not be read, or of a change that cannot be made (the form's own `message`, 400). */
export function unreadable(basedOn = 0, message: string = CONTENT_ADMIN_MESSAGES.unreadable) {
  return refused({ "": message }, { basedOn });
}

/** "Nov 22, 2026 14:05 by owner@example.com" parts of a revision, for the pages. */
export function revisionView(revision: ContentRevision) {
  return {
    id: revision.id,
    action: revision.action,
    restoredFrom: revision.restoredFrom,
    authorEmail: revision.authorEmail,
    at: formatAdminDateTime(revision.createdAt.getTime()),
  };
}

/** The section a history page is of: /admin/content/<section>/history…, else a 404. */
export function sectionOf(args: LoaderFunctionArgs): ContentSection {
  const segment = new URL(args.request.url).pathname.split("/")[3];
  const section = CONTENT_SECTIONS.find((name) => name === segment);
  return section ?? notFound();
}
