/**
 * The HTTP side of the inbox (docs/product.md §10): the loaders and actions of /admin (its
 * frame and index), the lists (/admin/quotes, /admin/messages) with their status steps, the
 * record pages (/admin/quotes/:id, /admin/messages/:id) with 'Add note' (their 'Send quote',
 * 'Send reply' and 'Resend' in reply-routes.server.ts), the CSV exports and the photo route.
 * Each is written once for both kinds of record (`AuditedEntity`); the route modules call
 * them with their kind. Queries are in records.server.ts, replies.server.ts and
 * export.server.ts.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shortSlotLabel } from "~/domain/booking";
import { staffVisitForms } from "~/forms/booking";
import { staffVisitAction, visitCardData } from "../booking/routes.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { PRIVATE } from "~/cache-control";
import type { ListFilters } from "~/forms/admin-list";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { CONTACT_STATUSES, QUOTE_STATUSES, SERVICE_TYPES, type AuditedEntity } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/staff-messages";
import {
  DAY_MS,
  formatAdminDate,
  formatAdminDateTime,
  hoursSince,
  jamaicaDayStart,
  jamaicaMonthName,
  todayInJamaica,
} from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { readReference } from "~/domain/reference";
import { isOverdue } from "~/domain/status";
import { guideRangeFor, priceGuideHint } from "~/domain/price-guide";
import { quoteFormSchema, replyFormSchema, resendFormSchema } from "~/forms/customer-reply";
import {
  addNote,
  countAll,
  getAttachmentPhoto,
  getRecord,
  listRecords,
  recordExtras,
  updateStatus,
  type ListQuery,
} from "./records.server";
import { firstReplyFigures } from "./replies.server";
import { csvFileStem, csvStream } from "./export.server";
import { matchExpression } from "./search.server";
import { composeAction, loadRecordReplies, resendAction, type SentEntry, type SentHistoryEntry } from "./reply-routes.server";
import type { Database, RecordRow } from "../platform/db.server";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { requireAdmin } from "~/http/permissions.server";
import { formContract } from "~/http/input-gate.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure } from "~/server/platform/log.server";

/** What the pages say and accept per kind of record; everything else is the same for both. */
const KINDS = {
  quote_request: {
    statuses: QUOTE_STATUSES,
    failed: ADMIN_MESSAGES.updateQuoteFailed,
    loadFailed: ADMIN_MESSAGES.loadQuotesFailed,
    notice: "quoteStatusUpdated",
    thing: "quote request",
  },
  contact_message: {
    statuses: CONTACT_STATUSES,
    failed: ADMIN_MESSAGES.updateContactFailed,
    loadFailed: ADMIN_MESSAGES.loadContactsFailed,
    notice: "contactStatusUpdated",
    thing: "contact message",
  },
} as const satisfies Record<
  AuditedEntity,
  { statuses: readonly string[]; failed: string; loadFailed: string; notice: NoticeKey; thing: string }
>;

/** Admin pages are never cached anywhere. */
export const ADMIN_HEADERS = { "Cache-Control": PRIVATE };

/**
 * A list's query from its URL (docs/product.md §10): `status` (one of the kind's statuses,
 * else all), `page` (1 to 100,000, else 1), `q` (search, cut to TEXT_LIMITS.search
 * characters), `service` (quote requests only, one of SERVICE_TYPES, else none), `from`/`to`
 * (ISO dates, inclusive, Jamaica's days) and `overdue=1`. A value that cannot be used is left
 * out and named in `problems`; nothing here throws.
 */
function readListQuery(url: URL, entity: AuditedEntity): { query: ListQuery; filters: ListFilters; problems: string[] } {
  const params = url.searchParams;
  const problems: string[] = [];
  const statuses: readonly string[] = KINDS[entity].statuses;
  const status = statuses.find((candidate) => candidate === params.get("status")) ?? null;
  const page = Number(params.get("page"));
  let q = (params.get("q") ?? "").trim();
  if (Array.from(q).length > TEXT_LIMITS.search) {
    q = Array.from(q).slice(0, TEXT_LIMITS.search).join("");
    problems.push(ADMIN_MESSAGES.searchTooLong(TEXT_LIMITS.search));
  }
  const service = entity === "quote_request" ? (SERVICE_TYPES.find((candidate) => candidate === params.get("service")) ?? null) : null;
  const day = (name: "from" | "to", label: string) => {
    const value = (params.get(name) ?? "").trim();
    if (!value) return { value: "", start: null };
    const start = jamaicaDayStart(value);
    if (start === null) problems.push(ADMIN_MESSAGES.badDate(label));
    return { value: start === null ? "" : value, start };
  };
  const from = day("from", "'From'");
  const to = day("to", "'To'");
  const overdue = params.get("overdue") === "1";
  // "MB-7K4Q2" (or "mb 7k4q2") is a reference: that one request, not a word search.
  const reference = /^mb/i.test(q) ? readReference(q) : null;
  const match = q && !reference ? matchExpression(q) : null;
  if (q && !reference && !match) problems.push(ADMIN_MESSAGES.searchHasNoWords);
  return {
    query: {
      status,
      service,
      fromMs: from.start,
      // `to` is inclusive: up to the start of the next day in Jamaica (no daylight saving there).
      toMs: to.start === null ? null : to.start + DAY_MS,
      overdue,
      match,
      reference,
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    },
    filters: { status, q, service, from: from.value, to: to.value, overdue },
    problems,
  };
}

const statusForm = z.object({ id: z.uuid(), to: z.string().min(1).max(20) });

const noteForm = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: ADMIN_MESSAGES.noteEmpty })
    .trim()
    .min(1, ADMIN_MESSAGES.noteEmpty)
    .max(TEXT_LIMITS.note, ADMIN_MESSAGES.noteTooLong(TEXT_LIMITS.note)),
});

/** The forms of a record page: the status step, 'Add note', 'Send quote' or 'Send reply', 'Resend', and the Visit card's. */
const recordForms = z.union([statusForm, noteForm, quoteFormSchema, replyFormSchema, resendFormSchema, staffVisitForms]);

/** The intents of the record page's Visit card (booking/routes.server.ts `staffVisitAction`). */
const VISIT_INTENTS: ReadonlySet<string> = new Set([
  "book",
  "move-visit",
  "cancel-visit",
  "visit-done",
  "visit-no-show",
  "visit-notes",
  "assign-crew",
]);

/** /admin: the quote requests tab. */
export function adminIndexLoader(_args: LoaderFunctionArgs) {
  return redirect("/admin/quotes");
}

/**
 * The loader of the admin frame (every /admin page): admins only (extending the session when
 * it runs short), the signed-in e-mail, the tabs' figures (countAll), this month's share of
 * requests answered within the promise (firstReplyFigures) and the month's name in Jamaica.
 * Never cached; sets the session cookie again when it was extended.
 */
export async function adminLayoutLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const session = await requireAdmin(context.db, request, env, { slide: true });
  const headers = new Headers(ADMIN_HEADERS);
  if (session.refreshedCookie) headers.append("Set-Cookie", session.refreshedCookie);
  const [counts, replies] = await Promise.all([countAll(context.db), firstReplyFigures(context.db)]);
  return data({ email: session.user.email, counts, replies, month: jamaicaMonthName() }, { headers });
}

/**
 * The loader of an admin list (/admin/quotes, /admin/messages): admin check, the query from
 * the URL (readListQuery; a URL with empty parameters is redirected to its short form), the
 * rows with their dates as the admin reads them and whether each is overdue, or the
 * product's load-failure text when D1 fails.
 */
export async function listPageLoader<E extends AuditedEntity>({ request, context }: LoaderFunctionArgs, entity: E) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  // The filter form sends its empty fields too (`?q=jane&service=&from=`): the same view at
  // its short URL, so what staff bookmark and share is readable.
  const kept = [...url.searchParams].filter(([, value]) => value !== "");
  if (kept.length < [...url.searchParams].length) {
    const search = new URLSearchParams(kept).toString();
    throw redirect(`${url.pathname}${search ? `?${search}` : ""}`);
  }
  const { query, filters, problems } = readListQuery(url, entity);
  const page = { page: query.page, filters, problems };
  const now = new Date();
  try {
    const { rows, total, nextVisits } = await listRecords(context.db, entity, query);
    return {
      ...page,
      total,
      error: null,
      rows: rows.map((row) => {
        const next = nextVisits.get(row.id)?.split(" ");
        return {
          ...row,
          date: formatAdminDate(row.createdAt.getTime()),
          overdue: isOverdue(entity, row.status, row.createdAt.getTime(), now),
          nextVisit: next ? shortSlotLabel(next[0]!, next[1]!) : null,
        };
      }),
    };
  } catch (error) {
    logFailure("admin_list_failed", error);
    return {
      ...page,
      total: 0,
      rows: [] as Array<RecordRow<E> & { date: string; overdue: boolean; nextVisit: string | null }>,
      error: KINDS[entity].loadFailed,
    };
  }
}

/**
 * POST {id, to} on a list: moves the record one step (admin only), then back to the same
 * page with the product's success text. Refusals answer the form's result (app/forms/result.ts)
 * with the product's failure text and the reason: 400 malformed, 404 unknown id, 409 a
 * skipped or backward step.
 */
export async function listPageAction({ request, context }: ActionFunctionArgs, entity: AuditedEntity) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(statusForm));
  if (!form.ok) return data(refusal(null, `${KINDS[entity].failed}: ${form.message}`), { status: 400 });
  return applyStatusStep(request, context.db, entity, user.id, form.formData);
}

/** Checks a status form and applies its step; the answers listPageAction documents. */
async function applyStatusStep(request: Request, db: Database, entity: AuditedEntity, actorUserId: string, formData: FormData) {
  const { failed, thing, notice } = KINDS[entity];
  const submission = parseWithZod(formData, { schema: statusForm });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [`${failed}: the request was incomplete.`] }), { status: 400 });
  }
  const outcome = await updateStatus(db, entity, submission.value.id, submission.value.to, actorUserId);
  if (outcome === "not-found") return data(refusal(formData, `${failed}: this ${thing} does not exist.`), { status: 404 });
  if (outcome === "not-allowed") {
    return data(refusal(formData, `${failed}: that status change is not allowed. Reload to see the current status.`), { status: 409 });
  }
  if (outcome === "visit-scheduled") {
    return data(refusal(formData, `${failed}: a visit is still scheduled. Mark it done or cancel it first.`), { status: 409 });
  }
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
}

/** One line of a record's history: a status change, an internal note, or a quote or reply sent; newest first. */
export type HistoryEntry =
  | { kind: "status"; key: string; when: string; actor: string | null; from: string; to: string }
  | { kind: "note"; key: string; when: string; author: string | null; body: string }
  | SentHistoryEntry;

/**
 * The loader of a record page: admins only, 404 for an unknown id, the record with its
 * 'MMM dd, yyyy' date and whether it is overdue (and for how many hours it has waited), its
 * photos, its history (status changes, notes and what was sent, newest first), and what the
 * page shows of writing to the customer (reply-routes.server.ts `loadRecordReplies`, with the
 * template of `?template=`), and for a quote request the price guide's range for its service,
 * size and frequency (`priceGuide`, or null). Throws the redirect of requireAdmin or a 404.
 */
export async function recordPageLoader<E extends AuditedEntity>({ request, context, params }: LoaderFunctionArgs, entity: E) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const record = await getRecord(context.db, entity, params.id ?? "");
  if (!record) throw data(null, { status: 404 });
  const arrived = record.createdAt.getTime();
  const templateId = new URL(request.url).searchParams.get("template");
  const [extras, replies, visit, priceGuide] = await Promise.all([
    recordExtras(context.db, entity, record.id),
    loadRecordReplies(context.db, context.cloudflare.env, entity, record, templateId),
    entity === "quote_request" ? visitCardData(context.db, record.id) : null,
    entity === "quote_request" ? priceGuideOf(context.siteContent, record as RecordRow<"quote_request">) : null,
  ]);
  const { sent, ...rest } = replies;
  return {
    visit,
    priceGuide,
    record: {
      ...record,
      date: formatAdminDate(arrived),
      overdue: isOverdue(entity, record.status, arrived),
      waitingHours: hoursSince(arrived),
    },
    ...historyOf(extras, sent),
    ...rest,
  };
}

/** "Price guide: J$14,000-18,000" for a quote request's service, size and frequency, or null when the guide has no range for them. */
async function priceGuideOf(
  siteContent: () => Promise<{ prices: Parameters<typeof guideRangeFor>[0] }>,
  record: RecordRow<"quote_request">,
) {
  const range = guideRangeFor((await siteContent()).prices, {
    service: record.serviceType,
    size: record.propertySize,
    frequency: record.frequency,
  });
  return range ? priceGuideHint(range) : null;
}

/** A record's photos and its history (status changes, notes, quotes and replies sent), ready for the detail view. */
function historyOf({ photos, history, notes }: Awaited<ReturnType<typeof recordExtras>>, sent: SentEntry[]) {
  const entries: Array<{ at: number; entry: HistoryEntry }> = [
    ...history.map((change, index) => ({
      at: change.at.getTime(),
      entry: {
        kind: "status" as const,
        key: `status-${index}`,
        when: formatAdminDateTime(change.at.getTime()),
        actor: change.actor,
        from: change.from,
        to: change.to,
      },
    })),
    ...notes.map((note) => ({
      at: note.at.getTime(),
      entry: { kind: "note" as const, key: note.id, when: formatAdminDateTime(note.at.getTime()), author: note.author, body: note.body },
    })),
    ...sent.map(({ at, ...entry }) => ({ at, entry })),
  ];
  return {
    photos: photos.map(({ id: photoId, fileName, contentType }) => ({ id: photoId, fileName, contentType })),
    history: entries.sort((a, b) => b.at - a.at).map(({ entry }) => entry),
  };
}

/**
 * POST on a record page: the status step ({id, to}, as listPageAction), 'Add note'
 * ({intent: "note", body}), 'Send quote' / 'Send reply' ({intent: "quote" | "reply", …},
 * reply-routes.server.ts `composeAction`) or 'Resend' ({intent: "resend", mail}). A note is
 * stored with its author and time, then the page is shown again with "Note added"; an empty
 * or too long note answers 400 with the form's result (the field's message and the text as
 * sent), an unknown record 404.
 */
export async function recordPageAction({ request, context, params }: ActionFunctionArgs, entity: AuditedEntity) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const id = params.id ?? "";
  // A quote or reply is longer than the other forms: its message and what is included.
  const form = await readSmallForm(request, formContract(recordForms), 64 * 1024);
  if (!form.ok) return data(refusal(null, `${KINDS[entity].failed}: ${form.message}`), { status: 400 });
  const intent = form.formData.get("intent");
  if ((intent === "quote" && entity === "quote_request") || (intent === "reply" && entity === "contact_message")) {
    return composeAction(request, context, entity, id, user.id, form.formData);
  }
  if (intent === "resend") return resendAction(request, context, entity, id, form.formData);
  if (typeof intent === "string" && VISIT_INTENTS.has(intent) && entity === "quote_request") {
    return staffVisitAction(request, context, id, user.id, form.formData);
  }
  if (intent !== "note") return applyStatusStep(request, context.db, entity, user.id, form.formData);
  const submission = parseWithZod(form.formData, { schema: noteForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await addNote(context.db, entity, id, submission.value.body, user.id);
  if (outcome === "not-found") {
    return data(refusal(form.formData, `${ADMIN_MESSAGES.addNoteFailed}: this ${KINDS[entity].thing} does not exist.`), { status: 404 });
  }
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await commitNotice(request, "noteAdded") } });
}

/**
 * /admin/quotes.csv and /admin/messages.csv (the path says which list): admins only; the
 * records the list's search and filters select (readListQuery, as the list reads them) as a
 * streamed 200 `text/csv` attachment named e.g. `quote-requests-2026-11-23.csv`, never
 * cached (export.server.ts).
 */
export async function csvExportLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  const entity: AuditedEntity = url.pathname.startsWith("/admin/quotes") ? "quote_request" : "contact_message";
  return new Response(csvStream(context.db, entity, readListQuery(url, entity).query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileStem(entity)}-${todayInJamaica()}.csv"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked; 404 when the row or its bytes
 * are missing. `?download=1` sends it as a download (`Content-Disposition: attachment`)
 * instead of for showing in the page; any other value of `download` is ignored, as the
 * admin lists ignore values they cannot use.
 */
export async function attachmentLoader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(context.db, request, env);
  const photo = await getAttachmentPhoto(context.db, env.UPLOADS, params.id ?? "");
  if (!photo) return new Response("Not found", { status: 404, headers: ADMIN_HEADERS });
  const { row, object } = photo;
  const disposition = new URL(request.url).searchParams.get("download") === "1" ? "attachment" : "inline";
  return new Response(object.body, {
    headers: {
      "Content-Type": row.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": `${disposition}; filename*=UTF-8''${extValue(row.fileName)}`,
      ...ADMIN_HEADERS,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/**
 * A file name as the value of `filename*` (RFC 8187 ext-value after `UTF-8''`): UTF-8,
 * percent-encoded except the characters that may stand as they are (encodeURIComponent
 * leaves `'()*!` too, of which only `!` is allowed there).
 */
function extValue(fileName: string): string {
  return encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
