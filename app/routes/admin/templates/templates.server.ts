/**
 * The server side of /admin/templates (docs/product.md §10 "Reply templates"): its loader and
 * its action ('Save' to add or edit, 'Delete'). The queries are app/server/inbox's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MAX_TEMPLATES_PER_KIND } from "~/domain/limits";
import { CUSTOMER_REPLY_MESSAGES } from "~/domain/texts/staff-messages";
import { formatAdminDateTime } from "~/domain/dates";
import { templateFormSchema } from "~/forms/customer-reply";
import { refusal } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { deleteTemplate, listTemplates, saveTemplate } from "~/server/inbox";
import { logFailure } from "~/server/platform";

/** The loader of /admin/templates: admins only; every template with when it last changed. */
export async function templatesPageLoader({ request, context }: LoaderFunctionArgs) {
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

/**
 * POST on /admin/templates: 'Save' (add or edit) or 'Delete'. Answers a redirect with
 * "Template saved" / "Template deleted"; otherwise the form's result (app/forms/result.ts,
 * whose `id` value names the template's form; none for the new one): 400 with field
 * messages (an unknown placeholder names itself and the ones there are); 404 when the
 * template is gone; 409 past MAX_TEMPLATES_PER_KIND; 503 when D1 fails.
 */
export async function templatesPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(templateFormSchema), 64 * 1024);
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: templateFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(refusal(form.formData, message), { status });
  try {
    if (submission.value.intent === "delete") {
      const outcome = await deleteTemplate(context.db, submission.value.id);
      if (outcome === "not-found") return refuse(404, CUSTOMER_REPLY_MESSAGES.templateGone);
      return redirect("/admin/templates", { headers: { "Set-Cookie": await commitNotice(request, "templateDeleted") } });
    }
    const { intent: _intent, ...input } = submission.value;
    const outcome = await saveTemplate(context.db, input, user.id);
    if (outcome === "not-found") return refuse(404, CUSTOMER_REPLY_MESSAGES.templateGone);
    if (outcome === "too-many") return refuse(409, CUSTOMER_REPLY_MESSAGES.tooManyTemplates(MAX_TEMPLATES_PER_KIND));
    return redirect("/admin/templates", { headers: { "Set-Cookie": await commitNotice(request, "templateSaved") } });
  } catch (error) {
    logFailure("template_change_failed", error);
    return refuse(503, CUSTOMER_REPLY_MESSAGES.templateFailed);
  }
}
