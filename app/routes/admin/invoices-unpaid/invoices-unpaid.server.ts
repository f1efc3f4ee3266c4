/**
 * The server side of /admin/invoices/unpaid (docs/product.md §15): admins only. The loader reads
 * the Unpaid view (app/server/billing `unpaidReport`: issued invoices still owing, by age) with
 * each invoice's bill-to e-mail and phone and its last reminder (`reminderContacts`); the action
 * is 'Send reminder' (`sendPaymentReminder`): answered with the form's result, success included
 * (the row says "Reminder sent."), or refused with a sentence (nothing owed, no e-mail address).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AGING_BUCKET_LABELS, formatCents } from "~/domain/billing";
import { formatAdminDate, formatAdminDateTime, todayInJamaica } from "~/domain/dates";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import { refusal } from "~/forms/result";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { billingMailContext, reminderContacts, sendPaymentReminder, unpaidReport } from "~/server/billing";
import { logFailure } from "~/server/platform";
import { unpaidFormSchema } from "./schema";

/** An ISO day as the admin reads it ("Nov 28, 2026"). */
const dayText = (day: string) => formatAdminDate(Date.parse(`${day}T12:00:00Z`));

/** The highest page number read from the URL (as the other lists); a larger or unusable one shows page 1. */
const MAX_PAGE = 10_000;

/**
 * The loader of /admin/invoices/unpaid. Out: `buckets` (each age bucket's label, count and
 * total as "J$18,000.00") and `total` (all owed), over every invoice owing; `rows`, one page of
 * them (`?page=`, from 1, ADMIN_PAGE_SIZE a page; longest overdue first: number, customer, due
 * day, days overdue, balance, bucket, e-mail, phone, last reminded as the admin reads it), with
 * `page` and `pages`. Only the page's invoices have their contacts read.
 */
export async function unpaidPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const report = await unpaidReport(context.db, todayInJamaica());
  const pages = Math.max(1, Math.ceil(report.rows.length / ADMIN_PAGE_SIZE));
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= Math.min(pages, MAX_PAGE) ? asked : 1;
  const shown = [...report.rows]
    .sort((a, b) => b.daysOverdue - a.daysOverdue || a.dueDate.localeCompare(b.dueDate))
    .slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
  const contacts = await reminderContacts(
    context.db,
    shown.map((row) => row.id),
  );
  const rows = shown.map((row) => {
    const contact = contacts.get(row.id);
    return {
      id: row.id,
      number: row.number,
      customerId: row.customerId,
      billToName: row.billToName,
      bucket: row.bucket,
      due: dayText(row.dueDate),
      daysOverdue: row.daysOverdue,
      balance: formatCents(row.balanceCents),
      email: contact?.email ?? null,
      phone: contact?.phone ?? null,
      remindedAt: contact?.remindedAt ? formatAdminDateTime(contact.remindedAt.getTime()) : null,
    };
  });
  return {
    page,
    pages,
    count: report.rows.length,
    total: formatCents(report.totalCents),
    buckets: report.buckets.map((bucket) => ({
      bucket: bucket.bucket,
      label: AGING_BUCKET_LABELS[bucket.bucket],
      count: bucket.count,
      total: formatCents(bucket.totalCents),
    })),
    rows,
  };
}

/**
 * POST on /admin/invoices/unpaid: 'Send reminder' (intent "remind", the invoice's id). Answers
 * the form's result: success (the e-mail is queued and `reminded_at` set), 404 for an unknown
 * invoice, 409 with a sentence when it cannot be reminded of, 400 for a form that cannot be read,
 * 503 when D1 fails. Not an admin: the redirect of `requireAdmin`, before the body is read.
 */
export async function unpaidPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(unpaidFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: unpaidFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const env = context.cloudflare.env;
  try {
    const sent = await sendPaymentReminder(
      context.db,
      billingMailContext(env, context.db),
      submission.value.id,
      { userId: user.id },
      new Date(),
    );
    if (sent.status === "not_found") return data(submission.reply({ formErrors: ["This invoice no longer exists."] }), { status: 404 });
    if (sent.status === "refused") return data(submission.reply({ formErrors: [sent.message] }), { status: 409 });
    return data(submission.reply());
  } catch (error) {
    logFailure("payment_reminder_failed", error);
    return data(submission.reply({ formErrors: ["The reminder could not be sent. Please try again."] }), { status: 503 });
  }
}
