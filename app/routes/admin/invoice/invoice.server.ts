/**
 * The server side of an invoice's page (/admin/invoices/<id>, docs/product.md §15): admins only.
 * The loader reads the invoice or credit note in full (app/server/billing `readInvoice`), the
 * business facts its document prints, the GCT rate a draft is priced at, fresh idempotency keys
 * for the payment and refund forms, and its private link. The action runs the page's forms
 * (./schema.ts) through app/server/billing: a draft is saved, issued (then e-mailed) or deleted;
 * on an issued invoice a payment or refund is recorded (then the receipt e-mailed), a credit note
 * issued, the invoice voided, a reminder or the invoice itself sent again. Refusals answer the
 * form's result (`submission.reply()`) with the message beside the field (400 malformed, 404
 * gone, 409 not possible now, 503 when D1 fails): nothing is written, never a 500. A success
 * answers the reply with `notice`, the sentence the page shows at its top.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GCT_RATE_BP, formatCents } from "~/domain/billing";
import { formatAdminDateTime, todayInJamaica } from "~/domain/dates";
import { refusal, type FormResult } from "~/forms/result";
import { z } from "~/forms/zod";
import { formContract, type FormContract } from "~/http/input-gate.server";
import { requireAdmin, requireAdminWith } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import {
  billingMailContext,
  deleteDraft,
  draftProblem,
  issueCreditNote,
  invoiceMails,
  issueInvoice,
  readBillingSettings,
  readInvoice,
  recordPayment,
  saveDraft,
  sendInvoiceMail,
  sendPaymentReminder,
  sendReceiptMail,
  voidInvoice,
  type BillingMailResult,
} from "~/server/billing";
import { logFailure, readSiteUrl } from "~/server/platform";
import { companyOf } from "~/server/site";
import { LINE_FIELDS, MAX_EDITOR_ROWS, amountOf, draftFigures, invoiceFormSchema, type InvoiceForm } from "./schema";

/** What the action answers: the form's result, and on success the sentence shown at the top of the page. */
export type InvoiceActionResult = FormResult & { notice?: string };

/** The form names of the editor's rows (`lines[0].description` …), which the schema's array does not list. */
function lineFieldNames(): Record<string, number> {
  const names: Record<string, number> = {};
  for (let index = 0; index < MAX_EDITOR_ROWS; index++) for (const field of LINE_FIELDS) names[`lines[${index}].${field}`] = 256;
  return names;
}

/** The page's forms' contract: the schema's fields, each editor row's, and room for every row. */
const CONTRACT: FormContract = {
  ...formContract(invoiceFormSchema, lineFieldNames()),
  maxFields: 20 + MAX_EDITOR_ROWS * LINE_FIELDS.length,
};

/** The largest body the page takes: a draft of MAX_EDITOR_ROWS long lines. */
const MAX_BODY_BYTES = 96 * 1024;

const uuid = z.uuid();

/** The invoice's id from the URL, or a 404. */
function invoiceId(params: LoaderFunctionArgs["params"]): string {
  const parsed = uuid.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/**
 * The loader of /admin/invoices/<id>. Out: `invoice` (InvoiceDetail), `today` (ISO day, Jamaica),
 * `taxRateBp` (what a draft is priced at: the settings' GCT), `business` (the document's issuer),
 * `paymentInstructions`, `link` (the private link, issued documents only), `keys` (fresh
 * idempotency keys for 'Record a payment' and 'Record a refund'), the payments with their time as
 * the admin reads it, `mails` (the e-mails about it, newest first, with their status). Throws the redirect of requireAdmin, or a 404 for an unknown invoice.
 */
export async function invoicePageLoader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const id = uuid.safeParse(params.id).data;
  const today = todayInJamaica(new Date());
  // Every read needs only the id: beside the session's, one D1 round trip (none for an id that is not one).
  const {
    value: [invoice, settings, content, mails],
  } = await requireAdminWith(context.db, request, env, () =>
    Promise.all([
      id ? readInvoice(context.db, id, today) : null,
      readBillingSettings(context.db),
      context.siteContent(),
      id ? invoiceMails(context.db, id) : [],
    ]),
  );
  if (!invoice) throw data(null, { status: 404 });
  const company = companyOf(env, content);
  return {
    invoice: {
      ...invoice,
      payments: invoice.payments.map((payment) => ({ ...payment, recordedAtLabel: formatAdminDateTime(payment.createdAt.getTime()) })),
    },
    today,
    remindedLabel: invoice.remindedAt ? formatAdminDateTime(invoice.remindedAt.getTime()) : null,
    taxRateBp: invoice.status === "draft" ? (settings.gctRegistered ? GCT_RATE_BP : 0) : invoice.taxRateBp,
    business: { name: company.name, phone: company.phone, email: company.email },
    paymentInstructions: settings.paymentInstructions,
    link: invoice.token ? `${readSiteUrl(env)}/invoice/${invoice.token}` : null,
    keys: { payment: crypto.randomUUID(), refund: crypto.randomUUID() },
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      lastError: mail.lastError,
      when: formatAdminDateTime((mail.sentAt ?? mail.createdAt).getTime()),
    })),
  };
}

/** The sentence after an e-mail was (or was not) queued to the customer. */
function mailedText(result: BillingMailResult | "failed", what: string): string {
  if (result === "failed") return `The ${what} could not be e-mailed just now: use 'Resend invoice' later.`;
  if (result.status === "queued") return `The ${what} is e-mailed to ${result.to}.`;
  if (result.status === "no_email") return `There is no e-mail address to send the ${what} to: share the private link instead.`;
  return `The ${what} was not e-mailed.`;
}

/**
 * POST on /admin/invoices/<id>: the forms of ./schema.ts by `intent`. 'Delete draft' redirects
 * to the invoice list; every other success answers the reply with a `notice`. Refusals: see the
 * header.
 */
export async function invoicePageAction({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { user } = await requireAdmin(context.db, request, env);
  const id = invoiceId(params);
  const form = await readSmallForm(request, CONTRACT, MAX_BODY_BYTES);
  if (!form.ok) return data<InvoiceActionResult>(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: invoiceFormSchema });
  if (submission.status !== "success") return data<InvoiceActionResult>(submission.reply(), { status: 400 });
  const refuse = (message: string, status: number, field = "") =>
    data<InvoiceActionResult>(
      field ? submission.reply({ fieldErrors: { [field]: [message] } }) : submission.reply({ formErrors: [message] }),
      { status },
    );
  const done = (notice: string) => data<InvoiceActionResult>({ ...submission.reply(), notice });
  const now = new Date();
  try {
    return await act(submission.value, { id, userId: user.id, now, refuse, done, env, context });
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure("invoice_change_failed", error);
    return refuse("The change could not be saved. Please try again.", 503);
  }
}

interface ActContext {
  id: string;
  userId: string;
  now: Date;
  refuse: (message: string, status: number, field?: string) => ReturnType<typeof data<InvoiceActionResult>>;
  done: (notice: string) => ReturnType<typeof data<InvoiceActionResult>>;
  env: ActionFunctionArgs["context"]["cloudflare"]["env"];
  context: ActionFunctionArgs["context"];
}

/** Sends a billing e-mail; a failure is logged and reported as "failed" (what was recorded stays recorded). */
async function mailSafely(send: () => Promise<BillingMailResult>): Promise<BillingMailResult | "failed"> {
  try {
    return await send();
  } catch (error) {
    logFailure("invoice_mail_failed", error);
    return "failed";
  }
}

/** The sentences of app/server/billing `draftProblem` that are about the lines (shown beside them). */
const LINE_PROBLEM = /line|add up/i;

const NOT_DRAFT = "This invoice is issued already: it cannot be edited. Reload the page.";
const GONE = "This invoice no longer exists.";

/** Runs one accepted form. */
async function act(value: InvoiceForm, { id, userId, now, refuse, done, env, context }: ActContext) {
  const db = context.db;
  const actor = { userId };
  const mail = billingMailContext(env, db);
  switch (value.intent) {
    case "save-draft":
    case "issue": {
      const figures = draftFigures(value);
      const input = {
        billToName: value.billToName,
        billToEmail: value.billToEmail || null,
        billToPhone: value.billToPhone || null,
        billToAddress: value.billToAddress || null,
        lines: figures.lines,
        discountCents: figures.discountCents,
        dueDate: value.dueDate,
        notes: value.notes || null,
      };
      const problem = draftProblem(input);
      if (problem) return refuse(problem, 400, LINE_PROBLEM.test(problem) ? "lines" : "");
      const saved = await saveDraft(db, id, input, now);
      if (saved.status === "not_found") return refuse(GONE, 404);
      if (saved.status === "not_draft") return refuse(NOT_DRAFT, 409);
      if (value.intent === "save-draft") return done("The draft is saved.");
      const issued = await issueInvoice(db, id, actor, now);
      if (issued.status === "not_found") return refuse(GONE, 404);
      if (issued.status === "not_draft") return refuse(NOT_DRAFT, 409);
      if (issued.status === "empty") return refuse("Add at least one line before issuing the invoice.", 409, "lines");
      const mailed = await mailSafely(() => sendInvoiceMail(db, mail, id, now));
      return done(`${issued.number} is issued. ${mailedText(mailed, "invoice")}`);
    }
    case "delete-draft": {
      const deleted = await deleteDraft(db, id);
      if (deleted.status === "not_found") return refuse(GONE, 404);
      if (deleted.status === "not_draft") return refuse("An issued invoice cannot be deleted: void it instead.", 409);
      throw redirect("/admin/invoices");
    }
    case "payment":
    case "refund": {
      const payment = value.intent === "payment";
      const recorded = await recordPayment(
        db,
        {
          invoiceId: id,
          kind: value.intent,
          method: value.method,
          amountCents: amountOf(value.amount),
          excess: payment ? value.excess : "refuse",
          reference: value.reference || null,
          paidOn: value.paidOn,
          note: (payment ? value.note : value.reason) || null,
          idempotencyKey: value.key,
        },
        actor,
        now,
      );
      if (recorded.status === "refused") return refuse(recorded.message, 409, recorded.field ?? "");
      if (recorded.status === "duplicate") return done(`This ${value.intent} was recorded already: it is not recorded twice.`);
      const mailed = await mailSafely(() => sendReceiptMail(db, mail, recorded.paymentId, now));
      const balance = recorded.balanceCents > 0 ? `${formatCents(recorded.balanceCents)} is still owed.` : "Nothing is owed now.";
      return done(`The ${value.intent} is recorded. ${balance} ${mailedText(mailed, payment ? "receipt" : "refund's note")}`);
    }
    case "credit-note": {
      const issued = await issueCreditNote(
        db,
        id,
        { lines: [{ description: value.description, quantity: 1, unitCents: amountOf(value.amount) }], reason: value.reason },
        actor,
        now,
      );
      if (issued.status === "refused") return refuse(issued.message, 409, "amount");
      const mailed = await mailSafely(() => sendInvoiceMail(db, mail, issued.id, now));
      return done(`Credit note ${issued.number} is issued. ${mailedText(mailed, "credit note")}`);
    }
    case "void": {
      const voided = await voidInvoice(db, id, value.reason, actor, now);
      if (voided.status === "refused") return refuse(voided.message, 409);
      const creditNoteId = voided.creditNoteId;
      if (!creditNoteId) return done("The invoice is void. Nothing was left to credit, so no credit note was issued.");
      const mailed = await mailSafely(() => sendInvoiceMail(db, mail, creditNoteId, now));
      return done(`The invoice is void; credit note ${voided.number} is issued for what was left. ${mailedText(mailed, "credit note")}`);
    }
    case "remind": {
      const reminded = await sendPaymentReminder(db, mail, id, actor, now);
      if (reminded.status === "not_found") return refuse(GONE, 404);
      if (reminded.status === "refused") return refuse(reminded.message, 409);
      return done(`A payment reminder is e-mailed to ${reminded.to}.`);
    }
    case "resend": {
      const sent = await sendInvoiceMail(db, mail, id, now);
      if (sent.status === "not_found") return refuse(GONE, 404);
      if (sent.status === "not_issued") return refuse("A draft is not sent: issue it first.", 409);
      if (sent.status === "no_email") return refuse("This invoice has no e-mail address: share its private link instead.", 409);
      return done(`The invoice is e-mailed again to ${sent.to}.`);
    }
  }
}
