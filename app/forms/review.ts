/**
 * The forms of /admin/reviews (docs/product.md §10 "Reviews"): add a customer review (who,
 * where, which service, 1 to 5 stars, what they wrote, when), publish or hide it, delete it.
 * Each names what it does in `intent`.
 */
import { z } from "./zod";
import { choice, isoDateSchema, optionalText, requiredText } from "./fields";
import { SERVICE_TYPES } from "~/domain/enumerations";
import { todayInJamaica } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { ratingSchema } from "./customer-review";

const addReviewSchema = z.object({
  intent: z.literal("add"),
  author: requiredText("Name or initials", TEXT_LIMITS.reviewAuthor),
  area: optionalText("Area", TEXT_LIMITS.reviewArea),
  serviceType: choice(SERVICE_TYPES, "Service"),
  rating: ratingSchema,
  body: requiredText("Review", TEXT_LIMITS.reviewBody, { multiline: true }),
  reviewedOn: isoDateSchema
    // A review is of a visit that happened: today in Jamaica at the latest.
    .refine((value) => value <= todayInJamaica(), { error: "Date cannot be in the future." }),
});
export type AddReviewInput = z.output<typeof addReviewSchema>;

const publishSchema = z.object({ intent: z.enum(["publish", "hide", "delete"]), id: z.uuid() });

/** Every form of /admin/reviews (also the input gate's contract). */
export const reviewFormSchema = z.discriminatedUnion("intent", [addReviewSchema, publishSchema]);
