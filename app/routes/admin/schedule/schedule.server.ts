/**
 * The server side of /admin/schedule (docs/product.md §12): admins only, like the other admin
 * pages. The query (`?day=&view=&crew=`) says which day or week and which crew; values it cannot
 * use are ignored (today, the day view, every crew). The page's forms ('Mark done', 'No-show',
 * 'Move', the crew) post one visit's id and go through the staff visit action
 * (../+shared/visit-action.server.ts), so the rules and e-mails are the same wherever staff
 * change a visit. Reads: app/server/booking (schedule.server.ts).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dayLabel, windowLabel } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { VISIT_STATUS_LABELS } from "~/domain/enumerations";
import { neighbours, shortDayLabel, viewDays, viewTitle } from "~/domain/schedule";
import { staffVisitForms } from "~/forms/booking";
import { refusal } from "~/forms/result";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin, requireAdminWith } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { awaitingDepositsOfDays, type AwaitingDeposit } from "~/server/billing";
import { crewsOnSchedule, readAvailabilitySettings, scheduleVisits, visitById, weekEntries } from "~/server/booking";
import { readScheduleQuery, visitCard } from "../+shared/schedule-view.server";
import { staffVisitAction } from "../+shared/visit-action.server";

/** The sentence of a schedule form whose visit is gone. */
const VISIT_GONE = "That visit is not on the schedule any more.";

/** A visit in the week's grid: [id, day, the window's start ("9:00 AM"), the customer's name, crew id or "", status label or "" while scheduled]. */
export type WeekEntry = [id: string, day: string, start: string, name: string, crewId: string, status: string];

/** "9:00 AM" for "09:00" (remembered: a week repeats a few window starts thousands of times). */
const clocks = new Map<string, string>();
function clock(time: string): string {
  let label = clocks.get(time);
  if (label === undefined) clocks.set(time, (label = windowLabel({ start: time, end: time }).split("-")[0]!));
  return label;
}

/**
 * The loader of /admin/schedule. Out: the query (day, view, crew), the view's days with their
 * labels, its title, the days 'Previous' and 'Next' open, today, the crews a filter may name,
 * the arrival windows (for 'Move'), and the day's visits as cards or the week's as compact
 * entries (`WeekEntry`: a week can hold thousands), in order, each card with its deposit while
 * awaited. Five reads side by side, beside the session's (one D1 round trip).
 */
export async function schedulePageLoader({ request, context }: LoaderFunctionArgs) {
  const today = todayInJamaica();
  const query = readScheduleQuery(new URL(request.url), today);
  const days = viewDays(query.day, query.view);
  const [first, last] = [days[0]!, days.at(-1)!];
  const week = query.view === "week";
  // Every read needs only the query: beside the session's, one D1 round trip.
  const {
    value: [rows, entries, crews, settings, deposits],
  } = await requireAdminWith(context.db, request, context.cloudflare.env, () =>
    Promise.all([
      week ? [] : scheduleVisits(context.db, first, last, query.crew),
      week ? weekEntries(context.db, first, last, query.crew) : [],
      crewsOnSchedule(context.db, first, last),
      readAvailabilitySettings(context.db),
      week ? new Map<string, AwaitingDeposit>() : awaitingDepositsOfDays(context.db, first, last),
    ]),
  );
  return {
    ...query,
    crew: query.crew ?? "",
    title: viewTitle(days),
    days: days.map((day) => ({ day, label: shortDayLabel(day), long: dayLabel(day), today: day === today })),
    ...neighbours(query.day, query.view),
    today,
    crews: crews.map((crew) => ({ id: crew.id, name: crew.name, members: crew.members, active: crew.active })),
    windows: settings.windows.map((window) => ({ start: window.start, label: windowLabel(window) })),
    visits: rows.map((row) => visitCard(row, today, deposits.get(row.id))),
    week: entries.map((entry): WeekEntry => [
      entry.id,
      entry.day,
      clock(entry.windowStart),
      entry.name,
      entry.crewId ?? "",
      entry.status === "scheduled" ? "" : VISIT_STATUS_LABELS[entry.status],
    ]),
  };
}

/**
 * POST on /admin/schedule: one visit's form ('Mark done', 'No-show', 'Move', its crew, its
 * notes), by the visit's id, answered as the record page answers it: a redirect back to the same
 * view with a notice, or the form's result (400, 409) with its sentence. A visit that is gone: 404.
 */
export async function schedulePageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(staffVisitForms));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const visitId = form.formData.get("visitId");
  const visit = typeof visitId === "string" && /^[0-9a-f-]{36}$/.test(visitId) ? await visitById(context.db, visitId) : undefined;
  if (!visit) return data(refusal(form.formData, VISIT_GONE), { status: 404 });
  const url = new URL(request.url);
  return staffVisitAction(request, context, visit.quoteRequestId, user.id, form.formData, `${url.pathname}${url.search}`);
}
