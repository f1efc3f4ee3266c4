/**
 * The customer's review form on /review/:token (docs/product.md §10 "Review requests"): 1 to 5
 * stars, a few words, and the name to show (name or initials), with the same limits as a review
 * staff type on /admin/reviews (app/forms/review.ts, which shares `ratingSchema`). One schema for
 * the browser and the server.
 */
import { z } from "./zod";
import { TEXT_LIMITS } from "~/domain/limits";
import { requiredText } from "./fields";

/** A rating as a form sends it ("1" to "5"), read as a number. */
export const ratingSchema = z.enum(["1", "2", "3", "4", "5"], { error: "Please choose a rating from 1 to 5 stars." }).transform(Number);

export const customerReviewSchema = z.object({
  rating: ratingSchema,
  body: requiredText("Your review", TEXT_LIMITS.reviewBody, { multiline: true }),
  author: requiredText("Your name", TEXT_LIMITS.reviewAuthor),
});

export type CustomerReviewInput = z.output<typeof customerReviewSchema>;
