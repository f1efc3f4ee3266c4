/**
 * The server side of /admin/reviews (docs/product.md §10 "Reviews"): admins only. The loader
 * lists the reviews a page at a time; the action reads the form, calls app/server/reviews and answers a redirect
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

/** The highest page number read from the URL (as the customers' list); a larger or unusable one shows page 1. */
const MAX_PAGE = 10_000;

/**
 * The loader of /admin/reviews: admins only; one page of the reviews (`?page=`, from 1, 50 a
 * page), newest first, a verified one with the quote request of its visit (`record`: id and
 * reference; null when typed by staff or the visit is gone); `page` as shown and `total`.
 */
export async function reviewsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE ? asked : 1;
  const { rows, total } = await listReviews(context.db, page);
  return {
    page,
    total,
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
