/**
 * The staff's visit forms, one action for the two pages that have them: the record page's Visit
 * card (/admin/quotes/:id, a phone booking) and the schedule's visit cards (/admin/schedule).
 * The rules and e-mails are app/server/booking's (`changeVisit`, `queueBookingNews`), the same
 * as the customer's, so a visit changes the same way wherever staff change it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { staffVisitForms, visitChangeOf } from "~/forms/booking";
import { commitNotice } from "~/http/flash.server";
import { BOOKING_MESSAGES, bookingRequest, changeVisit, queueBookingNews } from "~/server/booking";
import { logFailure } from "~/server/platform";

/**
 * A staff visit form of the request `quoteRequestId` (`formData`, read through the page's input
 * gate): 'Book for the customer' (`book`), 'Move visit' (`move-visit`), 'Cancel visit'
 * (`cancel-visit`), 'Mark done' (`visit-done`), 'No-show' (`visit-no-show`), the crew's notes
 * (`visit-notes`) and the crew (`assign-crew`), under the same rules as the customer's (staff may
 * move and cancel after the cut-off), with the same e-mails (none for notes, a crew, done and
 * no-show), the staff member (`userId`) in the visit's history. Success: a redirect to `backTo`
 * (the page's own path by default) with its notice; a refusal is the form's result with its
 * sentence: 400 (not valid, or not offered), 404 (the request is gone), 409 (the visits' state
 * refused it), 503 (D1 failed).
 */
export async function staffVisitAction(
  request: Request,
  context: AppLoadContext,
  quoteRequestId: string,
  userId: string,
  formData: FormData,
  backTo = new URL(request.url).pathname,
) {
  const submission = parseWithZod(formData, { schema: staffVisitForms });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  try {
    const record = await bookingRequest(context.db, quoteRequestId);
    if (!record) return refuse(404, BOOKING_MESSAGES.nothingBooked);
    const result = await changeVisit(context.db, record, visitChangeOf(submission.value), userId);
    if (result.status === "refused") return refuse(result.invalid ? 400 : 409, result.message);
    await queueBookingNews(context, record, result.news);
    return redirect(backTo, { headers: { "Set-Cookie": await commitNotice(request, result.notice) } });
  } catch (error) {
    logFailure("visit_change_failed", error, { quoteRequestId });
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}
