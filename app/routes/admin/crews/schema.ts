/**
 * The forms of /admin/crews (docs/product.md §12 "Crews"): 'Add crew' and a crew's 'Save'. A
 * crew has a name (unique), who is in it, the weekdays it works (`day1` … `day7`, as the
 * availability page's) and, once added, whether it is active.
 */
import { CREW_LIMITS } from "~/domain/limits";
import { tickedWeekdays, weekdayCheckboxes } from "~/forms/availability";
import { optionalText, requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";

const crewShape = {
  name: requiredText("Name", CREW_LIMITS.name),
  members: optionalText("Who is in it", CREW_LIMITS.members),
  ...weekdayCheckboxes(),
};

/** At least one working day, its message under the group ("workingDays"). */
const someDay = (value: object, ctx: z.RefinementCtx) => {
  if (tickedWeekdays(value).length === 0)
    ctx.addIssue({ code: "custom", path: ["workingDays"], message: "Choose at least one day it works." });
};

/** The crews page's forms, by `intent`. */
export const crewFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-crew"), ...crewShape }).superRefine(someDay),
  z
    .object({
      intent: z.literal("save-crew"),
      id: z.uuid({ error: "This crew is no longer in the list." }),
      active: z.literal("on", { error: "Please tick or untick the box." }).optional(),
      ...crewShape,
    })
    .superRefine(someDay),
]);

export type CrewForm = z.output<typeof crewFormSchema>;

/** What a valid crew form stores: the name, the members (null when empty), the weekdays ticked. */
export function crewFromForm(value: CrewForm) {
  return { name: value.name, members: value.members || null, workingDays: tickedWeekdays(value) };
}
