/**
 * The server side of /admin/reviews (docs/product.md §10 "Reviews"): admins only. The loader
 * lists every review; the action reads the form, calls app/server/reviews and answers a redirect
 * with a notice or the form's result.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { REVIEW_MESSAGES } from "~/domain/texts/staff-messages";
import { reviewFormSchema } from "~/forms/review";
import { refusal } from "~/forms/result";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { logFailure } from "~/server/platform";
import { addReview, changeReview, listReviews, reviewView } from "~/server/reviews";

/**
 * The loader of /admin/reviews: admins only; every review, newest first, a verified one with the
 * quote request of its visit (`record`: id and reference; null when typed by staff or the visit is gone).
 */
export async function reviewsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const rows = await listReviews(context.db);
  return {
    reviews: rows.map(({ review, record }) => ({
      ...reviewView(review),
      published: review.published,
      serviceType: review.serviceType,
      record: record ? { id: record.id, reference: record.reference ?? "" } : null,
    })),
  };
}

const NOTICES = { add: "reviewAdded", publish: "reviewPublished", hide: "reviewHidden", delete: "reviewDeleted" } as const satisfies Record<
  string,
  NoticeKey
>;

/**
 * POST on /admin/reviews: 'Add review' (hidden until published), 'Publish', 'Hide' or
 * 'Delete'. Answers a redirect with a notice, or the form's result (app/forms/result.ts): 400
 * with the field errors and the values as sent; 404 for a review that is gone; 503 when D1
 * fails.
 */
export async function reviewsPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(reviewFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: reviewFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  const value = submission.value;
  try {
    if (value.intent === "add") {
      const { intent: _intent, ...input } = value;
      await addReview(context.db, input, user.id);
    } else if (!(await changeReview(context.db, value.id, value.intent, user.id))) {
      return refuse(404, REVIEW_MESSAGES.gone);
    }
    return redirect("/admin/reviews", { headers: { "Set-Cookie": await commitNotice(request, NOTICES[value.intent]) } });
  } catch (error) {
    logFailure("review_change_failed", error);
    return refuse(503, REVIEW_MESSAGES.failed);
  }
}
