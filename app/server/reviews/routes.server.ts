/**
 * The request side of customer reviews (docs/product.md §10 "Reviews"): the loader and action
 * of /admin/reviews, and what public pages show of the published ones (`publishedReviews`, for
 * the loaders of the home page and the service pages). They check the permission, read the
 * form, call reviews.server.ts (the queries) and shape what the pages show. The customer's own
 * form, /review/:token, is review-page-routes.server.ts's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Review } from "../../../drizzle/schema";
import { formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import { REVIEW_MESSAGES } from "~/domain/staff-messages";
import { reviewFormSchema } from "~/forms/review";
import { refusal } from "~/forms/result";
import { requireAdmin } from "~/http/permissions.server";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { readSmallForm } from "~/http/small-form.server";
import { addReview, changeReview, listReviews, type PublishedReviewRows } from "./reviews.server";

/** A published review as public pages show it. */
export interface PublicReview {
  id: string;
  author: string;
  area: string | null;
  service: string;
  rating: number;
  body: string;
  /** ISO date, for structured data. */
  reviewedOn: string;
  /** 'MMM dd, yyyy'. */
  date: string;
  /** Written by the customer of a done visit through their review link: 'Verified customer'. */
  verified: boolean;
}

/** The published reviews a page shows (of one service, or all) and their count and average rating. */
export interface PublishedReviews {
  /** False when D1 could not be read (then there are none): the page must not be cached (`incompletePageHeaders`). */
  complete: boolean;
  reviews: PublicReview[];
  count: number;
  /** 1 to 5, one decimal; null without reviews. */
  average: number | null;
}

const toPublic = (review: Review): PublicReview => ({
  id: review.id,
  author: review.author,
  area: review.area,
  service: SERVICE_TYPE_LABELS[review.serviceType],
  rating: review.rating,
  body: review.body,
  reviewedOn: review.reviewedOn,
  date: formatAdminDate(Date.parse(`${review.reviewedOn}T12:00:00Z`)),
  verified: review.verified,
});

/**
 * What a public page shows of the published reviews: the newest REVIEWS_SHOWN (of `service`, or
 * of every service) with the count and average rating of all published ones. In: the rows of
 * the public content (app/server/site/content.server.ts `publicContent`), null when D1 could not
 * be read: then no reviews and `complete` false (a page never fails for them). Reads nothing.
 */
export function publishedReviews(published: PublishedReviewRows | null, service?: ServiceType): PublishedReviews {
  if (!published) return { complete: false, reviews: [], count: 0, average: null };
  const ofService = <Row extends { serviceType: ServiceType }>(rows: Row[]) =>
    service ? rows.filter((row) => row.serviceType === service) : rows;
  const totals = ofService(published.totals);
  const count = totals.reduce((sum, total) => sum + total.count, 0);
  const ratingSum = totals.reduce((sum, total) => sum + total.ratingSum, 0);
  return {
    complete: true,
    reviews: ofService(published.newest).slice(0, REVIEWS_SHOWN).map(toPublic),
    count,
    // The sum and count are exact integers, so this is SQLite's avg() of the same ratings.
    average: count > 0 ? Math.round((ratingSum / count) * 10) / 10 : null,
  };
}

/**
 * The loader of /admin/reviews: admins only; every review, newest first, a verified one with the
 * quote request of its visit (`record`: id and reference; null when typed by staff or the visit is gone).
 */
export async function reviewsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const rows = await listReviews(context.db);
  return {
    reviews: rows.map(({ review, record }) => ({
      ...toPublic(review),
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
