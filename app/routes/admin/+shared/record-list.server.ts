/**
 * The server side of the inbox lists (/admin/quotes, /admin/messages; docs/product.md §10),
 * written once for both kinds of record (`AuditedEntity`): the list's loader (its query read by
 * readListQuery of app/server/inbox), the status step posted from a list or a record page, what
 * the pages say per kind, and a quote request's stage as the list and the record show it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shortSlotLabel } from "~/domain/booking";
import { formatAdminDate } from "~/domain/dates";
import { JOB_STAGE_LABELS, type JobStage, type StageFacts } from "~/domain/lifecycle";
import type { AuditedEntity } from "~/domain/enumerations";
import { ADMIN_MESSAGES, LIFECYCLE_MESSAGES } from "~/domain/texts/staff-messages";
import { isOverdue } from "~/domain/status";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { listRecords, readListQuery, updateStatus } from "~/server/inbox";
import { logFailure, type Database, type RecordRow } from "~/server/platform";

/** What the pages say per kind of record; everything else is the same for both. */
export const KINDS = {
  quote_request: {
    failed: ADMIN_MESSAGES.updateQuoteFailed,
    loadFailed: ADMIN_MESSAGES.loadQuotesFailed,
    notice: "quoteStatusUpdated",
    thing: "quote request",
  },
  contact_message: {
    failed: ADMIN_MESSAGES.updateContactFailed,
    loadFailed: ADMIN_MESSAGES.loadContactsFailed,
    notice: "contactStatusUpdated",
    thing: "contact message",
  },
} as const satisfies Record<AuditedEntity, { failed: string; loadFailed: string; notice: NoticeKey; thing: string }>;

/** A quote request's stage as the list and the record show it. */
export interface StageView {
  stage: JobStage;
  /** "Booked · Tue, Dec 1, 8:00 AM" when booked, "Quoted, no price" when marked quoted without a price, else the stage's label. */
  label: string;
  /** Whether a quote with a price was sent (false: quoted by phone, no price yet). */
  priced: boolean;
}

/** StageFacts (app/server/lifecycle) as the pages show them. */
export function stageView(facts: StageFacts): StageView {
  const next = facts.nextVisitDay && facts.nextVisitStart ? shortSlotLabel(facts.nextVisitDay, facts.nextVisitStart) : null;
  const label =
    facts.stage === "booked" && next
      ? `${JOB_STAGE_LABELS.booked} · ${next}`
      : facts.stage === "quoted" && !facts.priced
        ? `${JOB_STAGE_LABELS.quoted}, no price`
        : JOB_STAGE_LABELS[facts.stage];
  return { stage: facts.stage, label, priced: facts.priced };
}

/** The status step's form: which record, to which status. */
export const statusForm = z.object({ id: z.uuid(), to: z.string().min(1).max(20) });

/** The fields of a record a list's card and table row show (app/routes/admin/quotes, app/routes/admin/messages), and no other. */
const LIST_FIELDS = [
  "id",
  "name",
  "email",
  "phone",
  "status",
  "serviceType",
  "propertySize",
  "frequency",
  "address",
  "message",
  "repeat",
] as const;

/** How much of a contact message a list carries: its card and row clamp it to two or three lines. */
const EXCERPT_CHARS = 280;

/** A record's `LIST_FIELDS` that it has. */
type ListFields<R> = Pick<R, Extract<keyof R, (typeof LIST_FIELDS)[number]>>;

/**
 * What a list row sends of a record: `LIST_FIELDS` only, a contact message cut to EXCERPT_CHARS
 * (with "…"), so 50 rows carry neither every column twice (the page and its data) nor whole
 * messages of 5,000 characters three times (card, row and data): docs/benchmarks.md.
 */
function listFields<R extends object>(row: R): ListFields<R> {
  const picked: Record<string, unknown> = {};
  for (const key of LIST_FIELDS) {
    if (!(key in row)) continue;
    const value = (row as Record<string, unknown>)[key];
    // Cut by code point, never inside a character.
    const chars = key === "message" && typeof value === "string" ? [...value] : null;
    picked[key] = chars && chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS).join("").trimEnd()}…` : value;
  }
  return picked as ListFields<R>;
}

/**
 * The loader of an admin list (/admin/quotes, /admin/messages): admin check, the query from
 * the URL (readListQuery; a URL with empty parameters is redirected to its short form), the
 * rows with their dates as the admin reads them, whether each is overdue, a quote request's
 * stage (StageView, null for a contact message) and whether its customer wrote before
 * (`repeat`), or the product's load-failure text when D1 fails.
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
  const { query, filters, problems } = readListQuery(url.searchParams, entity);
  const page = { page: query.page, filters, problems };
  const now = new Date();
  try {
    const { rows, total } = await listRecords(context.db, entity, query, now);
    return {
      ...page,
      total,
      error: null,
      rows: rows.map(({ stage, ...row }) => ({
        ...listFields(row),
        date: formatAdminDate(row.createdAt.getTime()),
        overdue: isOverdue(entity, row.status, row.createdAt.getTime(), now),
        stage: stage ? stageView(stage) : null,
      })),
    };
  } catch (error) {
    logFailure("admin_list_failed", error);
    return {
      ...page,
      total: 0,
      rows: [] as Array<ListFields<RecordRow<E> & { repeat: boolean }> & { date: string; overdue: boolean; stage: StageView | null }>,
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

/** Checks a status form and applies its step (updateStatus of app/server/inbox); the answers listPageAction documents. */
export async function applyStatusStep(request: Request, db: Database, entity: AuditedEntity, actorUserId: string, formData: FormData) {
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
    return data(refusal(formData, `${failed}: ${LIFECYCLE_MESSAGES.visitScheduled}`), { status: 409 });
  }
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
}
