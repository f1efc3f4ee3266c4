/**
 * The server side of /admin/crews (docs/product.md §12 "Crews"): admins only. The loader lists
 * the crews with how many scheduled visits each has ahead; the action adds a crew or saves one
 * (name, members, working days, active), through the input gate and ./schema.ts. Statements:
 * app/server/booking (crews.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { todayInJamaica } from "~/domain/dates";
import { CREW_LIMITS } from "~/domain/limits";
import { CREW_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { addCrew, crewsWithVisitsAhead, listCrews, updateCrew } from "~/server/booking";
import { logFailure } from "~/server/platform";
import { crewFormSchema, crewFromForm } from "./schema";

const PAGE = "/admin/crews";

/** The loader of /admin/crews. Out: every crew (active first) with its scheduled visits from today on. */
export async function crewsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const [crews, ahead] = await Promise.all([listCrews(context.db), crewsWithVisitsAhead(context.db, todayInJamaica())]);
  return {
    crews: crews.map((crew) => ({ ...crew, ahead: ahead.get(crew.id) ?? 0 })),
    full: crews.length >= CREW_LIMITS.max,
  };
}

/**
 * POST on /admin/crews: 'Add crew' (`add-crew`) or a crew's 'Save' (`save-crew`). Answers a
 * redirect with a notice, or the form's result: 400 with the fields' messages (a name taken
 * included), 404 for a crew that is gone, 503 when D1 fails; nothing stored when refused.
 */
export async function crewsPageAction({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(crewFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: crewFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const done = async (notice: NoticeKey) => redirect(PAGE, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const nameTaken = () => data(submission.reply({ fieldErrors: { name: [CREW_MESSAGES.nameTaken] } }), { status: 400 });
  try {
    if (value.intent === "add-crew") {
      if ((await listCrews(context.db)).length >= CREW_LIMITS.max)
        return data(submission.reply({ formErrors: [CREW_MESSAGES.tooMany] }), { status: 400 });
      const added = await addCrew(context.db, crewFromForm(value));
      return added.status === "added" ? await done("crewAdded") : nameTaken();
    }
    const saved = await updateCrew(context.db, value.id, { ...crewFromForm(value), active: value.active === "on" });
    if (saved === "name-taken") return nameTaken();
    if (saved === "none") return data(submission.reply({ formErrors: [CREW_MESSAGES.gone] }), { status: 404 });
    return await done("crewSaved");
  } catch (error) {
    logFailure("crew_change_failed", error);
    return data(submission.reply({ formErrors: [CREW_MESSAGES.failed] }), { status: 503 });
  }
}
