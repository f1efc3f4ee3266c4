/**
 * What public pages show of the published reviews (docs/product.md §10 "Reviews"): the newest
 * REVIEWS_SHOWN of a service, or of all, with their count and average rating, shaped from the
 * rows the public content read (reviews.server.ts `publishedReviewQueries`). Reads nothing.
 */
import type { Review } from "../../../drizzle/schema";
import { formatAdminDate } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type ServiceType } from "~/domain/enumerations";
import { REVIEWS_SHOWN } from "~/domain/limits";
import type { PublicReview, PublishedReviews } from "~/domain/reviews";
import type { PublishedReviewRows } from "./reviews.server";

/** A review as public pages show it (its service's label, its date as 'MMM dd, yyyy'); /admin/reviews shows it so too. */
export const reviewView = (review: Review): PublicReview => ({
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
 * the public content (app/server/site/content.server.ts `readPublicContent`), null when D1 could not
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
    reviews: ofService(published.newest).slice(0, REVIEWS_SHOWN).map(reviewView),
    count,
    // The sum and count are exact integers, so this is SQLite's avg() of the same ratings.
    average: count > 0 ? Math.round((ratingSum / count) * 10) / 10 : null,
  };
}
