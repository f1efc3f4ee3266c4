/**
 * The server side of writing to the customer from a record page (docs/product.md §10 "Send
 * quote", "Reply", "Reply templates", "E-mails", "Time to first reply"): what the page shows
 * (the composer with its template filled in, the e-mails with their delivery state, what was
 * sent, the first reply time) and the 'Send quote', 'Send reply' and 'Resend' actions. Called by
 * record-page.server.ts after the admin check; the data is app/server/inbox's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { MailLine } from "~/components/admin/correspondence";
import type { SentHistoryEntry } from "~/components/admin/detail";
import { formatAdminDateTime, formatElapsed } from "~/domain/dates";
import { MAIL_KIND_LABELS, SERVICE_TYPE_LABELS, type AuditedEntity, type CustomerReplyKind } from "~/domain/enumerations";
import { CUSTOMER_REPLY_MESSAGES } from "~/domain/texts/staff-messages";
import { OVERDUE_AFTER_MS } from "~/domain/status";
import { fillTemplate } from "~/domain/templates";
import { quoteFormSchema, replyFormSchema, resendFormSchema } from "~/forms/customer-reply";
import { refusal } from "~/forms/result";
import { commitNotice } from "~/http/flash.server";
import { recordCorrespondence, sendQuote, sendReply, templatesOf, type SendOutcome } from "~/server/inbox";
import { formatPrice, resendMail } from "~/server/mail";
import type { Company } from "~/domain/company";
import { logFailure, readSiteUrl, type Database, type RecordRow } from "~/server/platform";
import { readCompany } from "~/server/site";

/** What staff send on each kind of record. */
const REPLY_KIND: Record<AuditedEntity, CustomerReplyKind> = { quote_request: "quote", contact_message: "reply" };

/** The record fields the composer and the first-reply line read (a quote request's service too). */
type RecordForReplies = Pick<RecordRow<AuditedEntity>, "id" | "name" | "reference" | "createdAt" | "firstReplyAt"> &
  Partial<Pick<RecordRow<"quote_request">, "serviceType">>;

/** A SentHistoryEntry with its time (ms since the epoch), for ordering the history. */
export type SentEntry = SentHistoryEntry & { at: number };

/**
 * Everything the record page shows about writing to the customer. In: the database, the
 * company (readCompany), the record's kind and row, the URL's `?template=` (an id, or null: the
 * first template of the kind). Out: { firstReply, composer, mails, sent }. Throws when D1 fails.
 */
export async function recordReplies(
  db: Database,
  company: Company,
  entity: AuditedEntity,
  record: RecordForReplies,
  templateId: string | null,
  now: Date = new Date(),
) {
  const [{ mails, replies }, templates] = await Promise.all([
    recordCorrespondence(db, entity, record.id),
    templatesOf(db, REPLY_KIND[entity]),
  ]);
  const chosen = templates.find((template) => template.id === templateId) ?? templates[0] ?? null;
  const text = chosen
    ? fillTemplate(chosen.body, {
        name: record.name,
        reference: record.reference ?? "",
        service: record.serviceType ? SERVICE_TYPE_LABELS[record.serviceType] : "your request",
        company: company.name,
        phone: company.phone,
      })
    : "";
  const mailLines: MailLine[] = mails.map((mail) => ({
    id: mail.id,
    kind: MAIL_KIND_LABELS[mail.kind],
    to: mail.to,
    subject: mail.subject,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    canResend: mail.canResend && mail.status === "failed",
    when: formatAdminDateTime((mail.sentAt ?? mail.createdAt).getTime()),
  }));
  const deliveryOf = new Map(mails.map((mail) => [mail.id, mail.status]));
  const sent: SentEntry[] = replies.map((reply) => ({
    kind: reply.kind,
    key: reply.id,
    when: formatAdminDateTime(reply.createdAt.getTime()),
    at: reply.createdAt.getTime(),
    sender: reply.sender,
    summary:
      reply.kind === "quote" && reply.amountJmd !== null
        ? `${formatPrice(reply.amountJmd, reply.amountUsd)}, valid ${reply.validDays} days`
        : "",
    message: reply.message,
    included: reply.included,
    delivery: reply.mailId ? (deliveryOf.get(reply.mailId) ?? null) : null,
  }));
  const arrived = record.createdAt.getTime();
  const firstReply = record.firstReplyAt
    ? {
        answered: true as const,
        after: formatElapsed(arrived, record.firstReplyAt.getTime()),
        onTime: record.firstReplyAt.getTime() - arrived <= OVERDUE_AFTER_MS,
      }
    : { answered: false as const, after: formatElapsed(arrived, now.getTime()), onTime: now.getTime() - arrived < OVERDUE_AFTER_MS };
  return {
    firstReply,
    composer: {
      kind: REPLY_KIND[entity],
      templates: templates.map(({ id, name }) => ({ id, name })),
      chosenTemplateId: chosen?.id ?? null,
      text,
    },
    mails: mailLines,
    sent,
  };
}

const SEND_REFUSALS: Record<Exclude<SendOutcome, "sent">, { status: number; message: string }> = {
  "not-found": { status: 404, message: CUSTOMER_REPLY_MESSAGES.changedMeanwhile },
  "not-allowed": { status: 409, message: CUSTOMER_REPLY_MESSAGES.quoteNotAllowed },
  conflict: { status: 409, message: CUSTOMER_REPLY_MESSAGES.changedMeanwhile },
};

/**
 * 'Send quote' (quote requests) or 'Send reply' (contact messages), from the gated form.
 * Answers: a redirect to the record with "Quote sent" / "Reply sent"; 400 with the form's
 * result (the field messages and the values as sent); 404/409 with a sentence when the
 * record is gone, closed or changed meanwhile; 503 when D1 fails (nothing written).
 */
export async function composeAction(
  request: Request,
  context: AppLoadContext,
  entity: AuditedEntity,
  id: string,
  actorUserId: string,
  formData: FormData,
) {
  const { env } = context.cloudflare;
  const sendContext = {
    db: context.db,
    queue: env.MAIL_QUEUE,
    company: await readCompany(env, context.db),
    siteUrl: readSiteUrl(env),
    actorUserId,
  };
  let outcome: SendOutcome;
  try {
    if (entity === "quote_request") {
      const submission = parseWithZod(formData, { schema: quoteFormSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const { intent: _intent, ...terms } = submission.value;
      outcome = await sendQuote(sendContext, id, terms);
    } else {
      const submission = parseWithZod(formData, { schema: replyFormSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      outcome = await sendReply(sendContext, id, submission.value.message);
    }
  } catch (error) {
    logFailure("customer_reply_failed", error, { entity, id });
    return data(refusal(formData, CUSTOMER_REPLY_MESSAGES.sendFailed), { status: 503 });
  }
  if (outcome !== "sent") return data(refusal(formData, SEND_REFUSALS[outcome].message), { status: SEND_REFUSALS[outcome].status });
  return redirect(new URL(request.url).pathname, {
    headers: { "Set-Cookie": await commitNotice(request, entity === "quote_request" ? "quoteSent" : "replySent") },
  });
}

/**
 * 'Resend' of a mail about this record that was not delivered. Answers: a redirect with "The
 * e-mail is queued to be sent again"; 400/404 with the form's result when there is no such
 * failed mail on the record; 503 when the queue refused it again.
 */
export async function resendAction(request: Request, context: AppLoadContext, entity: AuditedEntity, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resendFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: [CUSTOMER_REPLY_MESSAGES.resendGone] }), { status: 400 });
  }
  const outcome = await resendMail(context.db, context.cloudflare.env.MAIL_QUEUE, submission.value.mail, entity, id);
  if (outcome === "not-found") return data(refusal(formData, CUSTOMER_REPLY_MESSAGES.resendGone), { status: 404 });
  if (outcome === "queue-failed") return data(refusal(formData, CUSTOMER_REPLY_MESSAGES.resendFailed), { status: 503 });
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await commitNotice(request, "mailResent") } });
}
