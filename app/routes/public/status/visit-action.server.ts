/**
 * The status page's visit forms (POST /status/:token): the customer cancels the next booked
 * visit, skips one visit of the regular cleaning, or pauses or resumes it, under the rules of
 * app/server/booking (`changeVisit`). Under the status page's per-client limit; never cached or
 * indexed (STATUS_HEADERS).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { FORM_GUARD_MESSAGES } from "~/domain/texts/messages";
import { statusVisitSchema } from "~/forms/booking";
import { refusal } from "~/forms/result";
import { formContract } from "~/http/input-gate.server";
import { allowStatusView } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { BOOKING_MESSAGES } from "~/server/booking";
import { findStatusRequest } from "~/server/customer";
import { logFailure } from "~/server/platform";
import { customerVisitChange } from "../book/book.server";

/**
 * POST /status/:token: `intent=cancel` cancels the next booked visit; `intent=skip` with
 * `visitId` skips one visit of the regular cleaning; `intent=pause` and `intent=resume` pause or
 * resume it. Cancel and skip only until the cut-off before the visit's window (then 409 with the
 * sentence to call); a pause keeps the visits within the cut-off. The customer and the staff are
 * e-mailed, and the page says what was done (a notice, after a redirect). Nothing to change:
 * 409; a form that is not one of these: 400; past the per-client limit: 429; D1 failing: 503.
 */
export async function statusVisitAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string) => data(refusal(null, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(statusVisitSchema));
  const submission = form.ok ? parseWithZod(form.formData, { schema: statusVisitSchema }) : null;
  if (submission?.status !== "success") return refuse(400, BOOKING_MESSAGES.nothingBooked);
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.nothingBooked);
    return await customerVisitChange({ request, context, token: params.token ?? "" }, found.record, submission.value, refuse);
  } catch (error) {
    logFailure("visit_change_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}
