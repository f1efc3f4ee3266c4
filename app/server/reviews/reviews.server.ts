/**
 * Customer reviews (docs/product.md §10 "Reviews"), their queries: staff add them on
 * /admin/reviews and publish or hide them; public pages show the published ones. Every change
 * bumps the content version in the same D1 batch (content-version.server.ts), so the page
 * cache's next key differs and anonymous visitors get the new page at once
 * (docs/architecture.md §4.18). What the pages show of them is published.server.ts's; the
 * requests that change them are app/routes/admin/reviews's.
 */
import { count, desc, eq, inArray, lte, sql, sum } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import { quoteRequests, reviews, visits, type Review } from "../../../drizzle/schema";
import type { ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import type { AddReviewInput } from "~/forms/review";
import { bumpContentVersion, type Database } from "~/server/platform";

/** Newest first: by the date the customer gave, then by when staff added it, then by id (so ties always come out in one order). */
const NEWEST_FIRST = [desc(reviews.reviewedOn), desc(reviews.createdAt), desc(reviews.id)];

/**
 * The published reviews public pages may show (docs/architecture.md §4.24): the newest
 * REVIEWS_SHOWN of each service type, all of them newest first, and each service type's count
 * and sum of ratings. The newest REVIEWS_SHOWN of every service are the first REVIEWS_SHOWN of
 * `newest` (they are among the newest of their own service); a service's are its rows in
 * `newest`. Its size is bounded by the service types, whatever the number of reviews.
 */
export interface PublishedReviewRows {
  newest: Review[];
  totals: Array<{ serviceType: ServiceType; count: number; ratingSum: number }>;
}

/**
 * The two statements that read `PublishedReviewRows`, for a batch (app/server/site/content.server.ts
 * `readPublicContent`): the newest of each service type by a window function over NEWEST_FIRST,
 * and the counts and rating sums grouped by service type: their results are
 * `PublishedReviewRows`' `newest` and `totals`.
 */
export function publishedReviewQueries(db: Database) {
  const published = eq(reviews.published, true);
  const ranked = db
    .select({
      id: reviews.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${reviews.serviceType} ORDER BY ${sql.join(NEWEST_FIRST, sql`, `)})`.as("rank"),
    })
    .from(reviews)
    .where(published)
    .as("ranked");
  return [
    db
      .select()
      .from(reviews)
      .where(inArray(reviews.id, db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, REVIEWS_SHOWN))))
      .orderBy(...NEWEST_FIRST),
    db
      .select({ serviceType: reviews.serviceType, count: count(), ratingSum: sum(reviews.rating).mapWith(Number) })
      .from(reviews)
      .where(published)
      .groupBy(reviews.serviceType),
  ] as const;
}

/**
 * One page of every review, published or not, newest first (`page` from 1, ADMIN_PAGE_SIZE a
 * page), each with the quote request of its visit (id and reference) when it is a verified
 * review whose visit still exists, else null; and how many reviews there are. Two reads side by
 * side (one round trip). Throws what D1 threw.
 */
export async function listReviews(
  db: Database,
  page = 1,
): Promise<{ rows: Array<{ review: Review; record: { id: string; reference: string | null } | null }>; total: number }> {
  // Side by side, not one batch: drizzle reads a batch's rows by column name, and this join has two `id` columns.
  const [rows, counted] = await Promise.all([
    db
      .select({ review: reviews, record: { id: quoteRequests.id, reference: quoteRequests.reference } })
      .from(reviews)
      .leftJoin(visits, eq(visits.id, reviews.visitId))
      .leftJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
      .orderBy(...NEWEST_FIRST)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(reviews),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Adds a review, hidden until published, and bumps the content version in the same batch. Throws what D1 threw. */
export async function addReview(db: Database, input: Omit<AddReviewInput, "intent">, actorUserId: string, now = new Date()): Promise<void> {
  await db.batch([
    db.insert(reviews).values({
      id: crypto.randomUUID(),
      author: input.author,
      area: input.area || null,
      serviceType: input.serviceType,
      rating: input.rating,
      body: input.body,
      reviewedOn: input.reviewedOn,
      published: false,
      updatedByUserId: actorUserId,
      createdAt: now,
      updatedAt: now,
    }),
    bumpContentVersion(db),
  ]);
}

/**
 * Publishes, hides or deletes a review; the content version moves only if it did (one batch).
 * Out: whether it existed. Throws what D1 threw.
 */
export async function changeReview(
  db: Database,
  id: string,
  intent: "publish" | "hide" | "delete",
  actorUserId: string,
  now = new Date(),
): Promise<boolean> {
  const change =
    intent === "delete"
      ? db.delete(reviews).where(eq(reviews.id, id))
      : db
          .update(reviews)
          .set({ published: intent === "publish", updatedByUserId: actorUserId, updatedAt: now })
          .where(eq(reviews.id, id));
  const [result] = await db.batch([change, bumpContentVersion(db, { onlyIfChanged: true })]);
  // > 0, not === 1: a deletion's changes also count the rows its trigger writes (migrations/0029_overview_days_folded.sql).
  return result.meta.changes > 0;
}
