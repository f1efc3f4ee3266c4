/**
 * A customer review as public pages show it (docs/product.md §10 "Reviews"): the cards of the
 * home and service pages (app/components/public/reviews.tsx) and their structured data
 * (app/seo.ts). Made on the server from the published reviews (app/server/reviews `publishedReviews`).
 */

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
