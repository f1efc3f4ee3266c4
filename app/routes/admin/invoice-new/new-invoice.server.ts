/**
 * The server side of /admin/invoices/new (docs/product.md §15): POST only, admins only. It makes
 * a draft invoice from a visit, a quote request or a customer's month (app/server/billing
 * `createDraft`) and opens it at /admin/invoices/<id>; when that visit, quote or month already
 * has an invoice that is not void, that one opens instead. A refusal (nothing to invoice) answers
 * the page with the message and the page the form came from (400 malformed, 409 refused, 503
 * when D1 fails). A GET says where invoices start, with the way to the list.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { createDraft } from "~/server/billing";
import { logFailure } from "~/server/platform";
import { newInvoiceSchema } from "./schema";

const CONTRACT = formContract(newInvoiceSchema);

/**
 * The loader of /admin/invoices/new (admins only): nothing to read. It does not redirect: after a
 * refused POST without JavaScript, Remix renders the page with this loader, and the refusal must
 * show (a GET shows where invoices start instead).
 */
export async function newInvoiceLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  return null;
}

/** The admin page a refused form came from (same origin, under /admin), for the way back; else the invoice list. */
function backPath(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/admin/invoices";
  try {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin && url.pathname.startsWith("/admin/")) return `${url.pathname}${url.search}`;
  } catch {
    // An unreadable Referer: the list.
  }
  return "/admin/invoices";
}

/**
 * POST /admin/invoices/new. Out: a redirect to the draft (made now, or the one that exists), or
 * `{ message, back }` with the status of the refusal (see the header).
 */
export async function newInvoiceAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const back = backPath(request);
  const form = await readSmallForm(request, CONTRACT);
  if (!form.ok) return data({ message: form.message, back }, { status: 400 });
  const submission = parseWithZod(form.formData, { schema: newInvoiceSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "This invoice cannot be made.";
    return data({ message, back }, { status: 400 });
  }
  try {
    const made = await createDraft(context.db, submission.value, { userId: user.id }, new Date());
    if (made.status === "refused") return data({ message: made.message, back }, { status: 409 });
    throw redirect(`/admin/invoices/${made.id}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("invoice_create_failed", error);
    return data({ message: "The invoice could not be made. Please try again.", back }, { status: 503 });
  }
}
