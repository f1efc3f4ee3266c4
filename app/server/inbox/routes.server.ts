/**
 * The request side of the admin lists and detail views: reading a list's status tab, page,
 * search and filters from the URL; the status-change, note, quote, reply and resend actions
 * shared by quote requests and contact messages (the last three in reply-routes.server.ts);
 * the loaders' shapes as the admin reads them.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import type { ListFilters } from "~/forms/admin-list";
import { z } from "~/forms/zod";
import { SERVICE_TYPES, type AuditedEntity } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { DAY_MS, formatAdminDate, formatAdminDateTime, hoursSince, jamaicaDayStart } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { readReference } from "~/domain/reference";
import { isOverdue } from "~/domain/status";
import { addNote, recordExtras, updateStatus, type ListQuery } from "./records.server";
import { matchExpression } from "./search.server";
import type { Database } from "../platform/db.server";
import { commitNotice } from "../platform/flash.server";
import { requireAdmin } from "../auth/permissions.server";
import { formContract } from "../platform/input-gate.server";
import { readSmallForm } from "../platform/small-form.server";
import { quoteFormSchema, replyFormSchema, resendFormSchema } from "~/forms/customer-reply";
import { composeAction, loadRecordReplies, resendAction, type SentEntry, type SentHistoryEntry } from "./reply-routes.server";
import { logFailure } from "~/server/platform/log.server";

/**
 * A list's query from its URL (docs/product.md §10): `status` (one of `statuses`, else all),
 * `page` (1 to 100,000, else 1), `q` (search, cut to TEXT_LIMITS.search characters),
 * `service` (quote requests only, one of SERVICE_TYPES, else none), `from`/`to` (ISO dates,
 * inclusive, Jamaica's days) and `overdue=1`. A value that cannot be used is left out and
 * named in `problems`; nothing here throws.
 */
export function readListQuery<S extends string>(
  url: URL,
  entity: AuditedEntity,
  statuses: readonly S[],
): { query: ListQuery<S>; filters: ListFilters; problems: string[] } {
  const params = url.searchParams;
  const problems: string[] = [];
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
  body: z.string().trim().min(1, ADMIN_MESSAGES.noteEmpty).max(TEXT_LIMITS.note, ADMIN_MESSAGES.noteTooLong(TEXT_LIMITS.note)),
});

/** The forms of a record page: the status step, 'Add note', 'Send quote' or 'Send reply', and 'Resend'. */
const recordForms = z.union([statusForm, noteForm, quoteFormSchema, replyFormSchema, resendFormSchema]);

const TEXTS = {
  quote_request: { failed: ADMIN_MESSAGES.updateQuoteFailed, notice: "quoteStatusUpdated", thing: "quote request" },
  contact_message: { failed: ADMIN_MESSAGES.updateContactFailed, notice: "contactStatusUpdated", thing: "contact message" },
} as const;

/**
 * POST {id, to} on a list: moves the record one step (admin only), then back to the same
 * page with the product's success text. Refusals answer with the product's failure text and
 * the reason: 400 malformed, 404 unknown id, 409 a skipped or backward step.
 */
export async function statusAction(request: Request, context: AppLoadContext, entity: AuditedEntity) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(statusForm));
  if (!form.ok) return data({ error: `${TEXTS[entity].failed}: ${form.message}` }, { status: 400 });
  return applyStatusStep(request, context.db, entity, user.id, form.formData);
}

/**
 * POST on a record page: the status step ({id, to}, as statusAction), 'Add note'
 * ({intent: "note", body}), 'Send quote' / 'Send reply' ({intent: "quote" | "reply", …},
 * reply-routes.server.ts `composeAction`) or 'Resend' ({intent: "resend", mail}). A note is
 * stored with its author and time, then the page is shown again with "Note added"; an empty
 * or too long note answers 400 with `noteError` and the text as sent, an unknown record 404.
 */
export async function recordAction(request: Request, context: AppLoadContext, entity: AuditedEntity, id: string | undefined) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  // A quote or reply is longer than the other forms: its message and what is included.
  const form = await readSmallForm(request, formContract(recordForms), 64 * 1024);
  if (!form.ok) return data({ error: `${TEXTS[entity].failed}: ${form.message}` }, { status: 400 });
  const intent = form.formData.get("intent");
  if ((intent === "quote" && entity === "quote_request") || (intent === "reply" && entity === "contact_message")) {
    return composeAction(request, context, entity, id ?? "", user.id, form.formData);
  }
  if (intent === "resend") return resendAction(request, context, entity, id ?? "", form.formData);
  if (intent !== "note") return applyStatusStep(request, context.db, entity, user.id, form.formData);
  const sent = String(form.formData.get("body") ?? "");
  const parsed = noteForm.safeParse(Object.fromEntries(form.formData.entries()));
  if (!parsed.success) {
    return data({ noteError: parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.noteEmpty, noteBody: sent }, { status: 400 });
  }
  const outcome = await addNote(context.db, entity, id ?? "", parsed.data.body, user.id);
  if (outcome === "not-found") {
    return data(
      { noteError: `${ADMIN_MESSAGES.addNoteFailed}: this ${TEXTS[entity].thing} does not exist.`, noteBody: sent },
      { status: 404 },
    );
  }
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await commitNotice(request, "noteAdded") } });
}

/** Checks a status form and applies its step; the answers statusAction documents. */
async function applyStatusStep(request: Request, db: Database, entity: AuditedEntity, actorUserId: string, formData: FormData) {
  const texts = TEXTS[entity];
  const parsed = statusForm.safeParse(Object.fromEntries(formData.entries()));
  if (!parsed.success) return data({ error: `${texts.failed}: the request was incomplete.` }, { status: 400 });
  const outcome = await updateStatus(db, entity, parsed.data.id, parsed.data.to, actorUserId);
  if (outcome === "not-found") return data({ error: `${texts.failed}: this ${texts.thing} does not exist.` }, { status: 404 });
  if (outcome === "not-allowed") {
    return data({ error: `${texts.failed}: that status change is not allowed. Reload to see the current status.` }, { status: 409 });
  }
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitNotice(request, texts.notice) } });
}

/** Admin pages are never cached anywhere. */
export const ADMIN_HEADERS = { "Cache-Control": PRIVATE };

/**
 * The loader of an admin list: admin check, the query from the URL (readListQuery), the rows
 * with their dates as the admin reads them and whether each is overdue, or the product's
 * load-failure text when D1 fails.
 */
export async function loadAdminList<S extends string, Row extends { createdAt: Date; status: string }>(
  request: Request,
  context: AppLoadContext,
  entity: AuditedEntity,
  statuses: readonly S[],
  list: (db: Database, query: ListQuery<S>) => Promise<{ rows: Row[]; total: number }>,
  failureMessage: string,
) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  // The filter form sends its empty fields too (`?q=jane&service=&from=`): the same view at
  // its short URL, so what staff bookmark and share is readable.
  const kept = [...url.searchParams].filter(([, value]) => value !== "");
  if (kept.length < [...url.searchParams].length) {
    const search = new URLSearchParams(kept).toString();
    throw redirect(`${url.pathname}${search ? `?${search}` : ""}`);
  }
  const { query, filters, problems } = readListQuery(url, entity, statuses);
  const page = { page: query.page, filters, problems };
  const now = new Date();
  try {
    const { rows, total } = await list(context.db, query);
    return {
      ...page,
      total,
      error: null,
      rows: rows.map((row) => ({
        ...row,
        date: formatAdminDate(row.createdAt.getTime()),
        overdue: isOverdue(entity, row.status, row.createdAt.getTime(), now),
      })),
    };
  } catch (error) {
    logFailure("admin_list_failed", error);
    return { ...page, total: 0, rows: [] as Array<Row & { date: string; overdue: boolean }>, error: failureMessage };
  }
}

/** One line of a record's history: a status change, an internal note, or a quote or reply sent; newest first. */
export type HistoryEntry =
  | { kind: "status"; key: string; when: string; actor: string | null; from: string; to: string }
  | { kind: "note"; key: string; when: string; author: string | null; body: string }
  | SentHistoryEntry;

/**
 * The loader of a detail view: admins only, 404 for an unknown id, the record with its
 * 'MMM dd, yyyy' date and whether it is overdue (and for how many hours it has waited), its
 * photos, and its history (status changes and notes together, newest first).
 * In: the request, the load context, the audited entity, the id from the URL and the reader of one
 * record. Out: `{ record, photos, history }`. Throws the redirect of requireAdmin or a 404.
 */
export async function loadAdminRecord<
  Row extends { id: string; name: string; reference: string | null; createdAt: Date; firstReplyAt: Date | null; status: string },
>(
  request: Request,
  context: AppLoadContext,
  entity: AuditedEntity,
  id: string | undefined,
  get: (db: Database, id: string) => Promise<Row | undefined>,
) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const record = await get(context.db, id ?? "");
  if (!record) throw data(null, { status: 404 });
  const arrived = record.createdAt.getTime();
  const templateId = new URL(request.url).searchParams.get("template");
  const [extras, replies] = await Promise.all([
    recordExtras(context.db, entity, record.id),
    loadRecordReplies(context.db, context.cloudflare.env, entity, record, templateId),
  ]);
  const { sent, ...rest } = replies;
  return {
    record: {
      ...record,
      date: formatAdminDate(arrived),
      overdue: isOverdue(entity, record.status, arrived),
      waitingHours: hoursSince(arrived),
    },
    ...adminExtras(extras, sent),
    ...rest,
  };
}

/** A record's photos and its history (status changes, notes, quotes and replies sent), ready for the detail view. */
function adminExtras({ photos, history, notes }: Awaited<ReturnType<typeof recordExtras>>, sent: SentEntry[]) {
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
