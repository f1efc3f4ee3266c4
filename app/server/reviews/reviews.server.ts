/**
 * Customer reviews (docs/product.md §10 "Reviews"), their queries: staff add them on
 * /admin/reviews and publish or hide them; public pages show the published ones. Every change
 * bumps the content version in the same D1 batch (content-version.server.ts), so the page
 * cache's next key differs and anonymous visitors get the new page at once
 * (docs/architecture.md §4.18). What the pages show of them, and the requests that change
 * them, are in routes.server.ts.
 */
import { and, avg, count, desc, eq } from "drizzle-orm";
import { quoteRequests, reviews, visits, type Review } from "../../../drizzle/schema";
import type { ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import type { AddReviewInput } from "~/forms/review";
import { bumpContentVersion } from "../platform/content-version.server";
import type { Database } from "../platform/db.server";

/** Newest first: by the date the customer gave, then by when staff added it. */
const NEWEST_FIRST = [desc(reviews.reviewedOn), desc(reviews.createdAt)];

/**
 * The newest REVIEWS_SHOWN published reviews (of `service`, or of every service), with the
 * count and the average rating of all published ones (null without any), read in one batch.
 * Throws what D1 threw.
 */
export async function readPublishedReviews(
  db: Database,
  service?: ServiceType,
): Promise<{ reviews: Review[]; count: number; average: number | null }> {
  const where = and(eq(reviews.published, true), service ? eq(reviews.serviceType, service) : undefined);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(REVIEWS_SHOWN),
    db
      .select({ n: count(), average: avg(reviews.rating) })
      .from(reviews)
      .where(where),
  ]);
  const n = totals[0]?.n ?? 0;
  return { reviews: rows, count: n, average: n > 0 ? Number(totals[0]?.average) : null };
}

/**
 * Every review, published or not, newest first, each with the quote request of its visit (id and
 * reference) when it is a verified review whose visit still exists, else null. Throws what D1 threw.
 */
export function listReviews(db: Database): Promise<Array<{ review: Review; record: { id: string; reference: string | null } | null }>> {
  return db
    .select({ review: reviews, record: { id: quoteRequests.id, reference: quoteRequests.reference } })
    .from(reviews)
    .leftJoin(visits, eq(visits.id, reviews.visitId))
    .leftJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .orderBy(...NEWEST_FIRST);
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
  return result.meta.changes === 1;
}
