/**
 * Reply templates (docs/product.md §10 "Reply templates"): listed, added, edited and deleted
 * on /admin/templates (`loadTemplatesPage`, `templatesPageAction`); offered on record pages as
 * the starting text of a quote's message or a reply, with their placeholders filled
 * (app/domain/templates.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { replyTemplates, type ReplyTemplate } from "../../../drizzle/schema";
import type { CustomerReplyKind } from "~/domain/enumerations";
import { MAX_TEMPLATES_PER_KIND } from "~/domain/limits";
import { CUSTOMER_REPLY_MESSAGES } from "~/domain/messages";
import { formatAdminDateTime } from "~/domain/dates";
import { templateFormSchema, type SaveTemplateInput } from "~/forms/customer-reply";
import type { Database } from "../platform/db.server";
import { commitNotice } from "../platform/flash.server";
import { formContract } from "../platform/input-gate.server";
import { requireAdmin } from "../auth/permissions.server";
import { readSmallForm, refusedForm, type RefusedForm } from "../platform/small-form.server";
import { logFailure } from "~/server/platform/log.server";

/** Every template, by kind then name. */
function listTemplates(db: Database): Promise<ReplyTemplate[]> {
  return db.select().from(replyTemplates).orderBy(asc(replyTemplates.kind), asc(replyTemplates.name));
}

/** The templates of one kind, by name. */
export function templatesOf(db: Database, kind: CustomerReplyKind): Promise<ReplyTemplate[]> {
  return db.select().from(replyTemplates).where(eq(replyTemplates.kind, kind)).orderBy(asc(replyTemplates.name));
}

/**
 * Adds a template (no `id`) or changes one. A kind holds at most MAX_TEMPLATES_PER_KIND: the
 * insert itself refuses the next. Out: "saved", "not-found" (an id that does not exist) or
 * "too-many". Throws when D1 fails.
 */
async function saveTemplate(
  db: Database,
  input: Omit<SaveTemplateInput, "intent">,
  actorUserId: string,
  now: Date = new Date(),
): Promise<"saved" | "not-found" | "too-many"> {
  if (input.id) {
    const result = await db.$client
      .prepare("UPDATE reply_templates SET kind = ?2, name = ?3, body = ?4, updated_by_user_id = ?5, updated_at = ?6 WHERE id = ?1")
      .bind(input.id, input.kind, input.name, input.body, actorUserId, now.getTime())
      .run();
    return result.meta.changes === 1 ? "saved" : "not-found";
  }
  const result = await db.$client
    .prepare(
      `INSERT INTO reply_templates (id, kind, name, body, updated_by_user_id, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM reply_templates WHERE kind = ?2) < ?7`,
    )
    .bind(crypto.randomUUID(), input.kind, input.name, input.body, actorUserId, now.getTime(), MAX_TEMPLATES_PER_KIND)
    .run();
  return result.meta.changes === 1 ? "saved" : "too-many";
}

/** Deletes a template. Out: "deleted" or "not-found". */
async function deleteTemplate(db: Database, id: string): Promise<"deleted" | "not-found"> {
  const result = await db.$client.prepare("DELETE FROM reply_templates WHERE id = ?1").bind(id).run();
  return result.meta.changes === 1 ? "deleted" : "not-found";
}

/** The loader of /admin/templates: admins only; every template with when it last changed. */
export async function loadTemplatesPage(request: Request, context: AppLoadContext) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const templates = await listTemplates(context.db);
  return {
    templates: templates.map(({ id, kind, name, body, updatedAt }) => ({
      id,
      kind,
      name,
      body,
      updated: updatedAt.getTime() > 0 ? formatAdminDateTime(updatedAt.getTime()) : null,
    })),
  };
}

/** A refused template form: which form (its id, or "new"), the field errors, the values as sent. */
export interface TemplateActionData extends RefusedForm {
  form: string;
}

/**
 * POST on /admin/templates: 'Save' (add or edit) or 'Delete'. Answers a redirect with
 * "Template saved" / "Template deleted"; 400 with field errors (an unknown placeholder names
 * itself and the ones there are); 404 when the template is gone; 409 past
 * MAX_TEMPLATES_PER_KIND; 503 when D1 fails.
 */
export async function templatesPageAction(request: Request, context: AppLoadContext) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(templateFormSchema), 64 * 1024);
  if (!form.ok) return data<TemplateActionData>({ form: "new", errors: { "": form.message }, values: {} }, { status: 400 });
  const { values } = refusedForm(form.formData);
  const refuse = (status: number, errors: Record<string, string>) =>
    data<TemplateActionData>({ form: values.id || "new", errors, values }, { status });
  const submission = parseWithZod(form.formData, { schema: templateFormSchema });
  if (submission.status !== "success") return refuse(400, refusedForm(form.formData, submission.error).errors);
  try {
    if (submission.value.intent === "delete") {
      const outcome = await deleteTemplate(context.db, submission.value.id);
      if (outcome === "not-found") return refuse(404, { "": CUSTOMER_REPLY_MESSAGES.templateGone });
      return redirect("/admin/templates", { headers: { "Set-Cookie": await commitNotice(request, "templateDeleted") } });
    }
    const { intent: _intent, ...input } = submission.value;
    const outcome = await saveTemplate(context.db, input, user.id);
    if (outcome === "not-found") return refuse(404, { "": CUSTOMER_REPLY_MESSAGES.templateGone });
    if (outcome === "too-many") return refuse(409, { "": CUSTOMER_REPLY_MESSAGES.tooManyTemplates(MAX_TEMPLATES_PER_KIND) });
    return redirect("/admin/templates", { headers: { "Set-Cookie": await commitNotice(request, "templateSaved") } });
  } catch (error) {
    logFailure("template_change_failed", error);
    return refuse(503, { "": CUSTOMER_REPLY_MESSAGES.templateFailed });
  }
}
