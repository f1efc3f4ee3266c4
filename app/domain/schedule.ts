/**
 * The staff's schedule as pages show it: which days a view covers and the links around them.
 * Days are ISO calendar dates in Jamaica; weeks run Monday to Sunday (ISO 8601), as the
 * availability's working days do (app/domain/booking.ts `isoWeekday`).
 */
import { format, parseISO } from "date-fns";
import { isoWeekday, plusDays } from "./booking";

/** The schedule's two views: one day as an agenda, or its whole week. */
export const SCHEDULE_VIEWS = ["day", "week"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/**
 * What the customer's own note from the quote form ('Additional information': a gate code, a
 * dog) is called where the crew reads it: the schedule's visit card, the day sheet and the
 * calendar feed's events, beside the staff's notes for the crew.
 */
export const CUSTOMER_NOTE_LABEL = "Customer's note";

/** The query names the schedule reads (`?day=&view=&crew=`); its day sheets read `day` and `crew`. */
export const SCHEDULE_QUERY_NAMES = ["day", "view", "crew"] as const;

/** The days a view of `day` covers, in order: the day itself, or Monday to Sunday of its week. */
export function viewDays(day: string, view: ScheduleView): string[] {
  if (view === "day") return [day];
  const monday = plusDays(day, 1 - isoWeekday(day));
  return Array.from({ length: 7 }, (_, i) => plusDays(monday, i));
}

/** The day the 'Previous' and 'Next' links of a view of `day` open: a day or a week before and after. */
export function neighbours(day: string, view: ScheduleView): { previous: string; next: string } {
  const step = view === "day" ? 1 : 7;
  return { previous: plusDays(day, -step), next: plusDays(day, step) };
}

/** A view's heading: "Thursday, Dec 31, 2026", or "Week of Dec 28, 2026 - Jan 3, 2027". */
export function viewTitle(days: readonly string[]): string {
  const first = parseISO(days[0]!);
  if (days.length === 1) return format(first, "EEEE, MMM d, yyyy");
  return `Week of ${format(first, "MMM d, yyyy")} - ${format(parseISO(days.at(-1)!), "MMM d, yyyy")}`;
}

/** A day as a column or a heading of the week says it: "Thu, Dec 31". */
export const shortDayLabel = (day: string) => format(parseISO(day), "EEE, MMM d");

/** A map search for an address in Montego Bay (Google Maps' documented search URL: https://developers.google.com/maps/documentation/urls/get-started). */
export function mapHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
