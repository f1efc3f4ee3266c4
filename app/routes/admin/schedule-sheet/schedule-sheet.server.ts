/**
 * The server side of /admin/schedule/sheet, the schedule's printed day sheets (docs/product.md
 * §12): admins only. Reads: app/server/booking (schedule.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dayLabel } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { requireAdminWith } from "~/http/permissions.server";
import { awaitingDepositsOfDays } from "~/server/billing";
import { crewsOnSchedule, scheduleVisits } from "~/server/booking";
import { companyOf } from "~/server/site";
import { readScheduleQuery, visitCard } from "../+shared/schedule-view.server";

/**
 * The loader of /admin/schedule/sheet: the day's scheduled visits (`?day=`, else today), one
 * sheet per crew in the crews' order (`?crew=` for one crew, "none" for the visits on no crew
 * yet), each with what its crew needs at the door. Out: the company's name and phone, the day's
 * label, and the sheets (crew name, members, visits, each with its deposit while awaited); a
 * crew with no visit that day gets no sheet.
 */
export async function daySheetLoader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const today = todayInJamaica();
  const { day, crew } = readScheduleQuery(new URL(request.url), today);
  // Every read needs only the query: beside the session's, one D1 round trip.
  const {
    value: [rows, crews, deposits, content],
  } = await requireAdminWith(context.db, request, env, () =>
    Promise.all([
      scheduleVisits(context.db, day, day, crew),
      crewsOnSchedule(context.db, day, day),
      awaitingDepositsOfDays(context.db, day, day),
      context.siteContent(),
    ]),
  );
  const scheduled = rows.filter((row) => row.status === "scheduled").map((row) => visitCard(row, today, deposits.get(row.id)));
  const sheets = [...crews, { id: null, name: "No crew yet", members: null }]
    .map((sheet) => ({
      crewId: sheet.id,
      name: sheet.name,
      members: sheet.members,
      visits: scheduled.filter((visit) => visit.crewId === sheet.id),
    }))
    .filter((sheet) => sheet.visits.length > 0);
  const company = companyOf(env, content);
  return { day, label: dayLabel(day), crew: crew ?? "", company: { name: company.name, phone: company.phone }, sheets };
}
