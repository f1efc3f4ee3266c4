/**
 * Customer reviews (docs/product.md §10 "Reviews"): staff add them on /admin/reviews and
 * publish or hide them; public pages show the published ones. Every change bumps the content
 * version in the same D1 batch (content-version.server.ts), so the page cache's next key
 * differs and anonymous visitors get the new page at once (docs/architecture.md §4.18).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, avg, count, desc, eq } from "drizzle-orm";
import { reviews, type Review } from "../../../drizzle/schema";
import { formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import { REVIEW_MESSAGES } from "~/domain/messages";
import { reviewFormSchema, type AddReviewInput } from "~/forms/review";
import { bumpContentVersion } from "../platform/content-version.server";
import type { Database } from "../platform/db.server";
import { commitNotice } from "../platform/flash.server";
import { formContract } from "../platform/input-gate.server";
import { requireAdmin } from "../auth/permissions.server";
import { readSmallForm, refusedForm, type RefusedForm } from "../platform/small-form.server";
import { logFailure } from "~/server/platform/log.server";

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
}

/** The published reviews a page shows (of one service, or all) and their count and average rating. */
export interface PublishedReviews {
  /** False when D1 could not be read (then there are none): the page must not be cached. */
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
});

/**
 * The newest REVIEWS_SHOWN published reviews (of `service`, or of every service) with the
 * count and average of all published ones. A D1 failure shows no reviews (logged): a page
 * never fails for them.
 */
export async function publishedReviews(db: Database, service?: ServiceType): Promise<PublishedReviews> {
  const where = and(eq(reviews.published, true), service ? eq(reviews.serviceType, service) : undefined);
  try {
    const [rows, totals] = await db.batch([
      db.select().from(reviews).where(where).orderBy(desc(reviews.reviewedOn), desc(reviews.createdAt)).limit(REVIEWS_SHOWN),
      db
        .select({ n: count(), average: avg(reviews.rating) })
        .from(reviews)
        .where(where),
    ]);
    const n = totals[0]?.n ?? 0;
    return {
      complete: true,
      reviews: rows.map(toPublic),
      count: n,
      average: n > 0 ? Math.round(Number(totals[0]?.average) * 10) / 10 : null,
    };
  } catch (error) {
    logFailure("reviews_load_failed", error);
    return { complete: false, reviews: [], count: 0, average: null };
  }
}

/** The loader of /admin/reviews: admins only; every review, newest first. */
export async function loadReviewsPage(request: Request, context: AppLoadContext) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const rows = await context.db.select().from(reviews).orderBy(desc(reviews.reviewedOn), desc(reviews.createdAt));
  return { reviews: rows.map((review) => ({ ...toPublic(review), published: review.published, serviceType: review.serviceType })) };
}

async function addReview(db: Database, input: Omit<AddReviewInput, "intent">, actorUserId: string, now = new Date()) {
  await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO reviews (id, author, area, service_type, rating, body, reviewed_on, published, updated_by_user_id, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 0, ?8, ?9, ?9)`,
      )
      .bind(
        crypto.randomUUID(),
        input.author,
        input.area || null,
        input.serviceType,
        input.rating,
        input.body,
        input.reviewedOn,
        actorUserId,
        now.getTime(),
      ),
    bumpContentVersion(db),
  ]);
}

/** Publishes, hides or deletes a review; the content version moves only if it did. Out: whether it existed. */
async function changeReview(db: Database, id: string, intent: "publish" | "hide" | "delete", actorUserId: string, now = new Date()) {
  const change =
    intent === "delete"
      ? db.$client.prepare("DELETE FROM reviews WHERE id = ?1").bind(id)
      : db.$client
          .prepare("UPDATE reviews SET published = ?2, updated_by_user_id = ?3, updated_at = ?4 WHERE id = ?1")
          .bind(id, intent === "publish" ? 1 : 0, actorUserId, now.getTime());
  const [result] = await db.$client.batch([change, bumpContentVersion(db, { onlyIfChanged: true })]);
  return result?.meta.changes === 1;
}

/** A refused review form: the field errors and the values as sent. */
export type ReviewActionData = RefusedForm;

/**
 * POST on /admin/reviews: 'Add review' (hidden until published), 'Publish', 'Hide' or
 * 'Delete'. Answers a redirect with a notice; 400 with field errors and the values; 404 for a
 * review that is gone; 503 when D1 fails.
 */
export async function reviewsPageAction(request: Request, context: AppLoadContext) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(reviewFormSchema));
  if (!form.ok) return data<ReviewActionData>({ errors: { "": form.message }, values: {} }, { status: 400 });
  const { values } = refusedForm(form.formData);
  const refuse = (status: number, errors: Record<string, string>) => data<ReviewActionData>({ errors, values }, { status });
  const submission = parseWithZod(form.formData, { schema: reviewFormSchema });
  if (submission.status !== "success") return data<ReviewActionData>(refusedForm(form.formData, submission.error), { status: 400 });
  const back = async (notice: "reviewAdded" | "reviewPublished" | "reviewHidden" | "reviewDeleted") =>
    redirect("/admin/reviews", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  try {
    const value = submission.value;
    if (value.intent === "add") {
      const { intent: _intent, ...input } = value;
      await addReview(context.db, input, user.id);
      return back("reviewAdded");
    }
    if (!(await changeReview(context.db, value.id, value.intent, user.id))) return refuse(404, { "": REVIEW_MESSAGES.gone });
    return back(value.intent === "publish" ? "reviewPublished" : value.intent === "hide" ? "reviewHidden" : "reviewDeleted");
  } catch (error) {
    logFailure("review_change_failed", error);
    return refuse(503, { "": REVIEW_MESSAGES.failed });
  }
}
