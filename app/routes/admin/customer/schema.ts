/**
 * The forms of a customer's page (/admin/customers/<id>, docs/product.md §14), by `intent`:
 * staff's notes ('Save notes'), merging another customer into this one ('Merge', the other
 * customer's id), and moving one request or message to a new customer ('Move to a new customer').
 */
import { AUDITED_ENTITIES } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { optionalText } from "~/forms/fields";
import { z } from "~/forms/zod";

/** The notes form alone: its fields for `useAdminForm`. */
export const notesSchema = z.object({
  intent: z.literal("notes"),
  notes: optionalText("Notes", TEXT_LIMITS.note, { multiline: true }),
});

/** Every form of the page. */
export const customerFormSchema = z.discriminatedUnion("intent", [
  notesSchema,
  z.object({
    intent: z.literal("merge"),
    from: z.uuid({ error: "Choose the customer to merge into this one: pick one found by the search, or paste their id." }),
  }),
  z.object({
    intent: z.literal("split"),
    entity: z.enum(AUDITED_ENTITIES, { error: "This request or message is not known." }),
    record: z.uuid({ error: "This request or message is not known." }),
  }),
]);
