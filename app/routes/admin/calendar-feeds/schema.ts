/**
 * The forms of /admin/calendar-feeds (docs/product.md §11 "Calendar feeds"): 'Create feed link'
 * (or 'New link', which replaces a crew's link) for the whole team (`crew` "team") or one crew
 * (its id), and 'Revoke' a live link (`feed`, its id). Both post to the same page and name what
 * they do in `intent`; ids are UUIDs.
 */
import { z } from "~/forms/zod";

/** The `crew` value of the whole team's feed. */
export const TEAM_FEED = "team";

const CHOOSE_CREW = "Choose the whole team or a crew from the list.";

const createFeedSchema = z.object({
  intent: z.literal("create-feed"),
  crew: z
    .string({ error: CHOOSE_CREW })
    .refine((value) => value === TEAM_FEED || z.uuid().safeParse(value).success, { error: CHOOSE_CREW }),
});

const revokeFeedSchema = z.object({
  intent: z.literal("revoke-feed"),
  feed: z.uuid({ error: "Choose a feed link from the list." }),
});

/** Every form of /admin/calendar-feeds, told apart by `intent` (also the input gate's contract). */
export const calendarFeedFormSchema = z.discriminatedUnion("intent", [createFeedSchema, revokeFeedSchema]);
