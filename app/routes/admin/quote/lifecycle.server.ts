/**
 * The lifecycle forms of /admin/quotes/:id (docs/product.md §4 "Status updates"): the price
 * given by phone after 'Mark Quoted' (recorded through 'Send quote''s own code, e-mailed only
 * when asked), 'Complete' confirmed (with the scheduled visits cancelled when ticked), 'Cancel
 * request' with its reason (its visits cancelled first and an active regular cleaning ended, the customer
 * told when asked) and 'Reopen'. The status changes are app/server/inbox's
 * (`changeQuoteStatus`: one audit row each, guarded against two admins at once); visits are
 * cancelled through app/server/booking's own change (`changeVisit`, its e-mails by
 * `queueBookingNews`), one audited visit change each.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES, CUSTOMER_REPLY_MESSAGES, LIFECYCLE_MESSAGES } from "~/domain/texts/staff-messages";
import { QUOTE_CANCEL_FROM } from "~/domain/status";
import { cancelRequestSchema, completeSchema, lifecycleForms, phonePriceSchema, reopenSchema } from "./schema";
import { commitNotice } from "~/http/flash.server";
import { bookingRequest, changeVisit, queueBookingNews, scheduledVisitsOf } from "~/server/booking";
import { changeQuoteStatus, queueCancellationMail, sendQuote, type QuoteChange } from "~/server/inbox";
import { logFailure, readSiteUrl } from "~/server/platform";
import { readCompany } from "~/server/site";

const failed = ADMIN_MESSAGES.updateQuoteFailed;
const NOT_ALLOWED = "that status change is not allowed. Reload to see the current status.";
const GONE = "this quote request does not exist.";

/**
 * Cancels every visit of quote request `id` still scheduled, soonest first, by staff member
 * `actorUserId`: a visit of a regular cleaning with the cleaning's later visits (the series
 * ends), any other on its own; each with its history row and the e-mails a staff cancellation
 * sends. Out: true when none is left scheduled. Throws what D1 threw.
 */
async function cancelScheduledVisits(context: AppLoadContext, id: string, actorUserId: string): Promise<boolean> {
  const record = await bookingRequest(context.db, id);
  if (!record) return false;
  const tried = new Set<string>();
  // Bounded: each round cancels at least one visit or gives up.
  for (let round = 0; round < 200; round++) {
    const [next] = await scheduledVisitsOf(context.db, id);
    if (!next) return true;
    if (tried.has(next.id)) return false;
    tried.add(next.id);
    let result = next.seriesId
      ? await changeVisit(context.db, record, { intent: "cancel", visitId: next.id, scope: "later" }, actorUserId)
      : null;
    if (!result || result.status === "refused") {
      result = await changeVisit(context.db, record, { intent: "cancel", visitId: next.id }, actorUserId);
    }
    // A refusal here is another admin's cancellation meanwhile: the next round reads the visits again.
    if (result.status === "changed") await queueBookingNews(context, record, result.news);
  }
  return false;
}

/** The refusal of a lifecycle form: the form's result with `message` after the product's failure text. */
function refuse(formData: FormData, status: number, message: string) {
  const submission = parseWithZod(formData, { schema: lifecycleForms });
  return data(submission.reply({ formErrors: [`${failed}: ${message}`] }), { status });
}

/**
 * POST of a lifecycle form on quote request `id` by admin `actorUserId` (`formData` read
 * through the page's input gate). Success: a redirect to the record (without `?confirm=`)
 * with its notice ('Quote status updated successfully' for a status change). Refusals: the
 * form's result; 400 invalid, 404 unknown request, 409 not from this status, moved meanwhile
 * or a visit still scheduled, 503 when D1 failed.
 */
export async function lifecycleAction(request: Request, context: AppLoadContext, id: string, actorUserId: string, formData: FormData) {
  const back = new URL(request.url).pathname;
  const done = async (notice: "quoteStatusUpdated" | "phonePriceSaved" | "phonePriceMailed") =>
    redirect(back, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const intent = formData.get("intent");
  try {
    if (intent === "phone-price") {
      const submission = parseWithZod(formData, { schema: phonePriceSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const { intent: _intent, mail, message, ...terms } = submission.value;
      const { env } = context.cloudflare;
      const outcome = await sendQuote(
        { db: context.db, queue: env.MAIL_QUEUE, company: await readCompany(env, context.db), siteUrl: readSiteUrl(env), actorUserId },
        id,
        { ...terms, message: message || LIFECYCLE_MESSAGES.phonePriceMessage },
        { mail },
      );
      if (outcome === "not-found")
        return data(submission.reply({ formErrors: [CUSTOMER_REPLY_MESSAGES.changedMeanwhile] }), { status: 404 });
      if (outcome === "not-allowed")
        return data(submission.reply({ formErrors: [CUSTOMER_REPLY_MESSAGES.quoteNotAllowed] }), { status: 409 });
      if (outcome === "conflict")
        return data(submission.reply({ formErrors: [CUSTOMER_REPLY_MESSAGES.changedMeanwhile] }), { status: 409 });
      return done(mail ? "phonePriceMailed" : "phonePriceSaved");
    }
    let change: QuoteChange;
    let note: string | null = null;
    let cancelFirst = false;
    let tell = false;
    if (intent === "complete") {
      const submission = parseWithZod(formData, { schema: completeSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      change = "complete";
      cancelFirst = submission.value.cancelVisits;
    } else if (intent === "cancel-request") {
      const submission = parseWithZod(formData, { schema: cancelRequestSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      change = "cancel";
      note = submission.value.reason;
      tell = submission.value.tell;
      // Its visits first: a failure on the way leaves the request as it was, to be tried again.
      cancelFirst = true;
    } else {
      const submission = parseWithZod(formData, { schema: reopenSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      change = "reopen";
      note = submission.value.reason || null;
    }
    if (cancelFirst) {
      // Only a request that can be completed (or cancelled) has its visits cancelled for it.
      const record = await bookingRequest(context.db, id);
      if (!record) return refuse(formData, 404, GONE);
      if (change === "complete" && record.status !== "quoted") return refuse(formData, 409, NOT_ALLOWED);
      if (change === "cancel" && !QUOTE_CANCEL_FROM.includes(record.status))
        return refuse(formData, 409, LIFECYCLE_MESSAGES.cancelNotAllowed);
      if (!(await cancelScheduledVisits(context, id, actorUserId))) return refuse(formData, 409, LIFECYCLE_MESSAGES.visitsNotCancelled);
    }
    const outcome = await changeQuoteStatus(context.db, id, change, note, actorUserId);
    if (outcome.status === "not-found") return refuse(formData, 404, GONE);
    if (outcome.status === "visit-scheduled") return refuse(formData, 409, LIFECYCLE_MESSAGES.visitScheduled);
    if (outcome.status === "not-allowed") {
      const why = {
        complete: NOT_ALLOWED,
        cancel: LIFECYCLE_MESSAGES.cancelNotAllowed,
        reopen: LIFECYCLE_MESSAGES.reopenNotAllowed,
      }[change];
      return refuse(formData, 409, why);
    }
    if (change === "cancel") {
      if (tell && note) {
        const { env } = context.cloudflare;
        const company = await readCompany(env, context.db);
        const record = await bookingRequest(context.db, id);
        await queueCancellationMail(
          { db: context.db, queue: env.MAIL_QUEUE, company, siteUrl: readSiteUrl(env), actorUserId },
          id,
          LIFECYCLE_MESSAGES.cancelledMail(record?.reference ?? "", note),
        );
      }
    }
    return done("quoteStatusUpdated");
  } catch (error) {
    logFailure("quote_lifecycle_failed", error, { quoteRequestId: id, intent: String(intent) });
    return refuse(formData, 503, "the change could not be saved. Please try again.");
  }
}
