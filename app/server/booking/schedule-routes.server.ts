/**
 * The request side of /admin/schedule and its printed day sheets (docs/product.md §12):
 * admins only, like the other admin pages. The query (`?day=&view=&crew=`) says which day or
 * week and which crew; values it cannot use are ignored (today, the day view, every crew). The
 * page's forms ('Mark done', 'No-show', 'Move', the crew) post one visit's id and go through the
 * record page's visit action (routes.server.ts `staffVisitAction`), so the rules and e-mails are
 * the same wherever staff change a visit. Reads: schedule.server.ts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dayLabel, visitLabel, windowLabel } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS } from "~/domain/enumerations";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";
import { mapHref, neighbours, SCHEDULE_VIEWS, shortDayLabel, viewDays, viewTitle, type ScheduleView } from "~/domain/schedule";
import { staffVisitForms } from "~/forms/booking";
import { isoDateSchema } from "~/forms/fields";
import { refusal } from "~/forms/result";
import { requireAdmin } from "~/http/permissions.server";
import { formContract } from "~/http/input-gate.server";
import { readSmallForm } from "~/http/small-form.server";
import { formatPrice } from "../mail/customer-mails.server";
import { readCompany } from "../site/content.server";
import { staffVisitAction } from "./routes.server";
import { crewsOnSchedule, scheduleVisits, weekEntries, type CrewFilter, type ScheduleVisit } from "./schedule.server";
import { readAvailabilitySettings, visitById } from "./visits.server";

/** The sentence of a schedule form whose visit is gone. */
const VISIT_GONE = "That visit is not on the schedule any more.";

/** The schedule's query as the page reads it: a real ISO day (else today), a view (else "day"), a crew id or "none" (else every crew). */
function readScheduleQuery(url: URL, today: string): { day: string; view: ScheduleView; crew: CrewFilter } {
  const day = isoDateSchema.safeParse(url.searchParams.get("day") ?? "");
  const view = url.searchParams.get("view");
  const crew = url.searchParams.get("crew") ?? "";
  return {
    day: day.success ? day.data : today,
    view: SCHEDULE_VIEWS.find((known) => known === view) ?? "day",
    crew: crew === "none" || /^[0-9a-f-]{36}$/.test(crew) ? crew : undefined,
  };
}

/** One visit as a schedule card and a day sheet show it: labels ready to print, links to call, write and find it. */
function visitCard(visit: ScheduleVisit, today: string) {
  const whatsapp = whatsappNumber(visit.phone);
  return {
    id: visit.id,
    quoteRequestId: visit.quoteRequestId,
    day: visit.day,
    windowStart: visit.windowStart,
    window: windowLabel({ start: visit.windowStart, end: visit.windowEnd }),
    when: visitLabel(visit),
    status: visit.status,
    statusLabel: VISIT_STATUS_LABELS[visit.status],
    name: visit.name,
    reference: visit.reference,
    phone: visit.phone,
    tel: telHref(visit.phone),
    whatsapp: whatsapp ? whatsappHref(whatsapp) : null,
    address: visit.address,
    map: mapHref(visit.address),
    service: SERVICE_TYPE_LABELS[visit.serviceType],
    price: formatPrice(visit.amountJmd, visit.amountUsd),
    included: visit.included,
    notes: visit.notes,
    crewId: visit.crewId,
    crewName: visit.crewName,
    regular: visit.seriesId !== null,
    /** 'Mark done' and 'No-show' apply from the visit's day on. */
    canMark: visit.status === "scheduled" && visit.day <= today,
  };
}

export type VisitCard = ReturnType<typeof visitCard>;

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
 * entries (`WeekEntry`: a week can hold thousands), in order. Three reads side by side.
 */
export async function schedulePageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const today = todayInJamaica();
  const query = readScheduleQuery(new URL(request.url), today);
  const days = viewDays(query.day, query.view);
  const [first, last] = [days[0]!, days.at(-1)!];
  const week = query.view === "week";
  const [rows, entries, crews, settings] = await Promise.all([
    week ? [] : scheduleVisits(context.db, first, last, query.crew),
    week ? weekEntries(context.db, first, last, query.crew) : [],
    crewsOnSchedule(context.db, first, last),
    readAvailabilitySettings(context.db),
  ]);
  return {
    ...query,
    crew: query.crew ?? "",
    title: viewTitle(days),
    days: days.map((day) => ({ day, label: shortDayLabel(day), long: dayLabel(day), today: day === today })),
    ...neighbours(query.day, query.view),
    today,
    crews: crews.map((crew) => ({ id: crew.id, name: crew.name, members: crew.members, active: crew.active })),
    windows: settings.windows.map((window) => ({ start: window.start, label: windowLabel(window) })),
    visits: rows.map((row) => visitCard(row, today)),
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

/**
 * The loader of /admin/schedule/sheet (the printed day sheets): the day's scheduled visits
 * (`?day=`, else today), one sheet per crew in the crews' order (`?crew=` for one crew, "none"
 * for the visits on no crew yet), each with what its crew needs at the door. Out: the company's
 * name and phone, the day's label, and the sheets (crew name, members, visits); a crew with no
 * visit that day gets no sheet.
 */
export async function daySheetLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const today = todayInJamaica();
  const { day, crew } = readScheduleQuery(new URL(request.url), today);
  const [rows, crews] = await Promise.all([scheduleVisits(context.db, day, day, crew), crewsOnSchedule(context.db, day, day)]);
  const scheduled = rows.filter((row) => row.status === "scheduled").map((row) => visitCard(row, today));
  const sheets = [...crews, { id: null, name: "No crew yet", members: null }]
    .map((sheet) => ({
      crewId: sheet.id,
      name: sheet.name,
      members: sheet.members,
      visits: scheduled.filter((visit) => visit.crewId === sheet.id),
    }))
    .filter((sheet) => sheet.visits.length > 0);
  const company = await readCompany(context.cloudflare.env, context.db);
  return { day, label: dayLabel(day), crew: crew ?? "", company: { name: company.name, phone: company.phone }, sheets };
}
