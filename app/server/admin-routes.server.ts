/**
 * The request side of the admin lists and detail views: reading ?status and ?page, and the
 * status-change action shared by quote requests and contact messages.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import { z } from "~/forms/zod";
import type { AuditedEntity } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { recordExtras, updateStatus } from "./admin.server";
import type { Database } from "./db.server";
import { commitNotice } from "./flash.server";
import { requireAdmin } from "./permissions.server";
import { formContract } from "./input-gate.server";
import { readSmallForm } from "./small-form.server";

/** `?status=` (one of `statuses`, else all) and `?page=` (1 to 100,000, else 1). */
function readListQuery<S extends string>(request: Request, statuses: readonly S[]): { status: S | null; page: number } {
  const params = new URL(request.url).searchParams;
  const status = statuses.find((candidate) => candidate === params.get("status")) ?? null;
  const page = Number(params.get("page"));
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

const statusForm = z.object({ id: z.uuid(), to: z.string().min(1).max(20) });

const TEXTS = {
  quote_request: { failed: ADMIN_MESSAGES.updateQuoteFailed, notice: "quoteStatusUpdated", thing: "quote request" },
  contact_message: { failed: ADMIN_MESSAGES.updateContactFailed, notice: "contactStatusUpdated", thing: "contact message" },
} as const;

/**
 * POST {id, to}: moves the record one step (admin only), then back to the same page with the
 * product's success text. Refusals answer with the product's failure text and the reason:
 * 400 malformed, 404 unknown id, 409 a skipped or backward step.
 */
export async function statusAction(request: Request, context: AppLoadContext, entity: AuditedEntity) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const texts = TEXTS[entity];
  const form = await readSmallForm(request, formContract(statusForm));
  if (!form.ok) return data({ error: `${texts.failed}: ${form.message}` }, { status: 400 });
  const parsed = statusForm.safeParse(Object.fromEntries(form.formData.entries()));
  if (!parsed.success) return data({ error: `${texts.failed}: the request was incomplete.` }, { status: 400 });
  const outcome = await updateStatus(context.db, entity, parsed.data.id, parsed.data.to, user.id);
  if (outcome === "not-found") return data({ error: `${texts.failed}: this ${texts.thing} does not exist.` }, { status: 404 });
  if (outcome === "not-allowed") {
    return data({ error: `${texts.failed}: that status change is not allowed. Reload to see the current status.` }, { status: 409 });
  }
  return redirect(new URL(request.url).pathname + new URL(request.url).search, {
    headers: { "Set-Cookie": await commitNotice(request, texts.notice) },
  });
}

/** Admin pages are never cached anywhere. */
export const ADMIN_HEADERS = { "Cache-Control": PRIVATE };

/**
 * The loader of an admin list: admin check, ?status and ?page, the rows with their dates as
 * the admin reads them, or the product's load-failure text when D1 fails.
 */
export async function loadAdminList<S extends string, Row extends { createdAt: Date }>(
  request: Request,
  context: AppLoadContext,
  statuses: readonly S[],
  list: (db: Database, query: { status: S | null; page: number }) => Promise<{ rows: Row[]; total: number }>,
  failureMessage: string,
) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const query = readListQuery(request, statuses);
  try {
    const { rows, total } = await list(context.db, query);
    return { ...query, total, error: null, rows: rows.map((row) => ({ ...row, date: formatAdminDate(row.createdAt.getTime()) })) };
  } catch (error) {
    console.error(JSON.stringify({ event: "admin_list_failed", error: String(error) }));
    return { ...query, total: 0, rows: [] as Array<Row & { date: string }>, error: failureMessage };
  }
}

/**
 * The loader of a detail view: admins only, 404 for an unknown id, the record with its
 * 'MMM dd, yyyy' date, its photos and its audit trail.
 * In: the request, the load context, the audited entity, the id from the URL and the reader of one
 * record. Out: `{ record, photos, history }`. Throws the redirect of requireAdmin or a 404.
 */
export async function loadAdminRecord<Row extends { id: string; createdAt: Date }>(
  request: Request,
  context: AppLoadContext,
  entity: AuditedEntity,
  id: string | undefined,
  get: (db: Database, id: string) => Promise<Row | undefined>,
) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const record = await get(context.db, id ?? "");
  if (!record) throw data(null, { status: 404 });
  return {
    record: { ...record, date: formatAdminDate(record.createdAt.getTime()) },
    ...(await loadAdminExtras(context.db, entity, record.id)),
  };
}

/** A record's photos and audit trail, ready for the detail view. */
async function loadAdminExtras(db: Database, entity: AuditedEntity, id: string) {
  const { photos, history } = await recordExtras(db, entity, id);
  return {
    photos: photos.map(({ id: photoId, fileName }) => ({ id: photoId, fileName })),
    history: history.map((entry) => ({
      from: entry.from,
      to: entry.to,
      actor: entry.actor,
      when: formatAdminDateTime(entry.at.getTime()),
    })),
  };
}
