/**
 * The server side of /admin/customers/<id>/erase (docs/product.md §14 "Their data, erased"):
 * admins only (signed out: the sign-in redirect of `requireAdmin`; signed in without the admin
 * role: 403, on GET and POST alike). GET shows what is erased and what is kept; POST checks both
 * confirmations (the name as stored, or ERASE, typed; the box ticked), then erases through
 * app/server/data-rights and redirects to the customer's page with a notice. A wrong or missing
 * confirmation answers the form's result with its message (400) and changes nothing; an id that
 * is not a UUID or names no customer: 404; D1 failing: 503 with the form's message. Never a 500.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDateTime } from "~/domain/dates";
import { CUSTOMER_ERASE_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { isAdmin, requireAdmin } from "~/http/permissions.server";
import { readSession } from "~/http/session.server";
import { readSmallForm } from "~/http/small-form.server";
import { eraseCustomer, readCustomerForErasure } from "~/server/data-rights";
import { logFailure } from "~/server/platform";
import { eraseSchema } from "./schema";

const uuid = z.uuid();

/** The signed-in admin, or a thrown 403 for a signed-in non-admin (requireAdmin's redirects otherwise). */
async function adminOnly({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const signedIn = await readSession(context.db, request, env);
  if (signedIn && !isAdmin(signedIn.user)) throw data(CUSTOMER_ERASE_MESSAGES.forbidden, { status: 403 });
  return requireAdmin(context.db, request, env);
}

/** The customer's id from the URL, or a thrown 404. */
function customerId(params: LoaderFunctionArgs["params"]): string {
  const parsed = uuid.safeParse(params.id);
  if (!parsed.success) throw data(CUSTOMER_ERASE_MESSAGES.notFound, { status: 404 });
  return parsed.data;
}

/** Case and runs of spaces do not count when the name typed is compared. */
const comparable = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * GET /admin/customers/<id>/erase. Out: `{ customer: { id, name, erasedOn } }` (`erasedOn`: when
 * erased, as the admin reads it, or null). Throws 403, 404 (see the header), requireAdmin's redirects.
 */
export async function customerEraseLoader(args: LoaderFunctionArgs) {
  await adminOnly(args);
  const id = customerId(args.params);
  const customer = await readCustomerForErasure(args.context.db, id);
  if (!customer) throw data(CUSTOMER_ERASE_MESSAGES.notFound, { status: 404 });
  return {
    customer: {
      id: customer.id,
      name: customer.name,
      erasedOn: customer.erasedAt ? formatAdminDateTime(customer.erasedAt.getTime()) : null,
    },
  };
}

/**
 * POST /admin/customers/<id>/erase: `confirm` (the name or ERASE) and `understood` ("on"). Out: a
 * redirect to /admin/customers/<id> with the notice "customerErased" (or "customerErasedPhotosLeft"
 * when R2 kept some photos), or the form's result with its message (see the header).
 */
export async function customerEraseAction(args: ActionFunctionArgs) {
  const { user } = await adminOnly(args);
  const { request, context } = args;
  const id = customerId(args.params);
  const form = await readSmallForm(request, formContract(eraseSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: eraseSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const customer = await readCustomerForErasure(context.db, id);
    if (!customer) return data(submission.reply({ formErrors: [CUSTOMER_ERASE_MESSAGES.notFound] }), { status: 404 });
    const typed = comparable(submission.value.confirm);
    if (typed !== comparable(customer.name) && typed !== comparable(CUSTOMER_ERASE_MESSAGES.word)) {
      return data(submission.reply({ fieldErrors: { confirm: [CUSTOMER_ERASE_MESSAGES.wrongName] } }), { status: 400 });
    }
    const erased = await eraseCustomer(context.db, context.cloudflare.env.UPLOADS, {
      customerId: id,
      actor: { userId: user.id, email: user.email },
    });
    if (erased.status === "not-found") return data(submission.reply({ formErrors: [CUSTOMER_ERASE_MESSAGES.notFound] }), { status: 404 });
    const notice = erased.photosLeft > 0 ? "customerErasedPhotosLeft" : "customerErased";
    return redirect(`/admin/customers/${id}`, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  } catch (error) {
    logFailure("customer_erase_failed", error, { customer: id });
    return data(submission.reply({ formErrors: [CUSTOMER_ERASE_MESSAGES.failed] }), { status: 503 });
  }
}
