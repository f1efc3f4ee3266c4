/**
 * The server side of /review/:token, the customer's review form (docs/product.md §10 "Review
 * requests"): the link of the e-mail app/server/reviews/review-requests.server.ts sends the morning after a visit.
 * The page shows only the visit's day and service: the link may be forwarded, so nothing of the
 * customer (no name, address, e-mail or phone). Every answer carries REVIEW_PAGE_HEADERS: never
 * cached, never indexed, no Referer sent to other sites.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dayLabel } from "~/domain/booking";
import { formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { FORM_GUARD_MESSAGES } from "~/domain/texts/messages";
import { REVIEW_PAGE_MESSAGES } from "~/domain/texts/review-page-messages";
import { reviewPath } from "~/domain/reference";
import { customerReviewSchema } from "~/forms/customer-review";
import { refusal, type FormResult } from "~/forms/result";
import { STATUS_HEADERS } from "~/cache-control";
import { commitFlash, takeFlash, type Flash } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { allowFormSubmission, allowStatusView } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { logEvent, logFailure } from "~/server/platform";
import { findReviewRequest, submitCustomerReview } from "~/server/reviews";

/**
 * The headers of every answer of the page, also the route's `headers`: the status page's
 * (`private, no-store`, `noindex`), and no Referer at all to another site, since the page's URL is
 * its key (the default policy would send the origin). Not `no-referrer`: under it browsers send
 * `Origin: null` with the page's own form, which the same-origin check (app/worker/origin.ts)
 * refuses.
 */
export const REVIEW_PAGE_HEADERS = { ...STATUS_HEADERS, "Referrer-Policy": "same-origin" };

/** The form's HTML constraints (required, maxlength), from its schema. */
const REVIEW_CONSTRAINT = getZodConstraint(customerReviewSchema);

/** What the page shows: the form, the thanks after it, or why there is no form. */
export type ReviewPage =
  | {
      state: "open";
      /** The visit's day and service, e.g. "Thursday, Dec 3, 2026" and "Residential Deep Cleaning". */
      day: string;
      service: string;
      /** The link's last day ('MMM dd, yyyy'). */
      validUntil: string;
      constraint: typeof REVIEW_CONSTRAINT;
    }
  | { state: "thanks"; flash: Flash }
  | { state: "closed" | "not-found" | "rate-limited" };

/**
 * GET /review/:token. Out: the form (200); the thanks once, right after this link's review was
 * stored (its flash names the request; 200); 410 for a link used, expired, or whose visit is no
 * longer done; 404 for a token no sent request has; 429 past the status pages' per-client limit.
 * Throws when D1 fails.
 */
export async function reviewPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: ReviewPage, status = 200, headers: Record<string, string> = {}) =>
    data<ReviewPage>(body, { status, headers: { ...REVIEW_PAGE_HEADERS, ...headers } });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return answer({ state: "rate-limited" }, 429);
  const found = await findReviewRequest(context.db, params.token ?? "", new Date());
  if (!found) return answer({ state: "not-found" }, 404);
  if (!found.open) {
    const { flash, headers } = await takeFlash(request, "review");
    return flash?.id === found.id ? answer({ state: "thanks", flash }, 200, headers) : answer({ state: "closed" }, 410, headers);
  }
  return answer({
    state: "open",
    day: dayLabel(found.day),
    service: SERVICE_TYPE_LABELS[found.serviceType],
    validUntil: formatAdminDate(found.expiresAt.getTime()),
    constraint: REVIEW_CONSTRAINT,
  });
}

/**
 * POST /review/:token (`rating`, `body`, `author`), like the visitor forms: at most 5 a minute
 * per client (429); the body through the input gate (400); a link that cannot be used 410 (404
 * unknown); the schema's field messages (400, the values kept); the review stored verified and
 * hidden, the link used (app/server/reviews `submitCustomerReview`), then a 303 back to the link with a flash
 * that shows the thanks; 503 when D1 fails. Nothing is stored on any refusal.
 */
export async function reviewPageAction({ request, params, context }: ActionFunctionArgs) {
  const headers = REVIEW_PAGE_HEADERS;
  const refuse = (status: number, message: string, formData: FormData | null = null) =>
    data<FormResult>(refusal(formData, message), { status, headers });
  if (!(await allowFormSubmission(context.cloudflare.env.FORM_RATE_LIMITER, "review", request))) {
    return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  }
  const form = await readSmallForm(request, formContract(customerReviewSchema));
  if (!form.ok) return refuse(400, form.message);
  const token = params.token ?? "";
  const now = new Date();
  try {
    const found = await findReviewRequest(context.db, token, now);
    if (!found?.open) return refuse(found ? 410 : 404, REVIEW_PAGE_MESSAGES.closed);
    const submission = parseWithZod(form.formData, { schema: customerReviewSchema });
    if (submission.status !== "success") return data<FormResult>(submission.reply(), { status: 400, headers });
    const { serviceAreas } = (await context.siteContent()).business;
    const stored = await submitCustomerReview(context.db, token, submission.value, now, serviceAreas);
    if (stored.status === "closed") return refuse(410, REVIEW_PAGE_MESSAGES.closed);
    logEvent("customer_review_stored", { reviewId: stored.reviewId, rating: submission.value.rating });
    return redirect(reviewPath(token), {
      status: 303,
      headers: { ...headers, "Set-Cookie": await commitFlash(request, { form: "review", id: found.id }) },
    });
  } catch (error) {
    logFailure("customer_review_store_failed", error);
    return refuse(503, REVIEW_PAGE_MESSAGES.failed, form.formData);
  }
}
