/**
 * Availability: which days and arrival windows a customer can book. Pure functions over the
 * staff's settings, the days off and how many visits each window already holds; days are ISO
 * calendar dates and times "HH:MM" in Jamaica (UTC-5 all year), so nothing here depends on the
 * zone the process runs in. The names follow the booking tools cleaning companies use (Jobber,
 * ZenMaid, Cal.com): an arrival window, its capacity (crews), the minimum notice and the
 * furthest day ahead (the booking window), and the change cut-off.
 */
import { addDays, format, getISODay, parseISO } from "date-fns";

/** An arrival window: when the crew arrives, "HH:MM" to "HH:MM", Jamaica time. */
export interface ArrivalWindow {
  start: string;
  end: string;
}

/** What the staff set on the availability page. */
export interface AvailabilitySettings {
  /** The days the crews work, as ISO weekdays: 1 (Monday) … 7 (Sunday). */
  workingDays: number[];
  /** The arrival windows of a working day, in order. */
  windows: ArrivalWindow[];
  /** How many visits one window can take (one per crew). */
  capacity: number;
  /** The first bookable day is this many days after today (0: today, for windows not begun). */
  minNoticeDays: number;
  /** The last bookable day is this many days after today. */
  maxDaysAhead: number;
  /** A visit can be moved or cancelled online until this many hours before its window. */
  changeCutoffHours: number;
}

/**
 * The settings before the staff change them: the weekdays of the site's opening hours (Monday to
 * Saturday, the starting opening hours of app/content/starting-content.ts), three two-hour windows that fit Saturday's 9-4 too, two
 * crews, two days' notice, 60 days ahead, changes up to 24 hours before.
 */
export const DEFAULT_AVAILABILITY: AvailabilitySettings = {
  workingDays: [1, 2, 3, 4, 5, 6],
  windows: [
    { start: "09:00", end: "11:00" },
    { start: "11:00", end: "13:00" },
    { start: "13:00", end: "15:00" },
  ],
  capacity: 2,
  minNoticeDays: 2,
  maxDaysAhead: 60,
  changeCutoffHours: 24,
};

/** One day a customer may pick: its windows with the places left (0: full). */
export interface DayAvailability {
  day: string;
  windows: Array<ArrivalWindow & { left: number }>;
}

/** The key of one window on one day in the counts of booked visits: "YYYY-MM-DD HH:MM". */
export const slotKey = (day: string, start: string) => `${day} ${start}`;

/** Whether two arrival windows of one day overlap ("HH:MM" compare as text). */
const windowsOverlap = (a: ArrivalWindow, b: ArrivalWindow) => a.start < b.end && b.start < a.end;

/**
 * The scheduled visits each of today's windows holds (slotKey → count), from the visits booked
 * per day and window as they were booked: a visit counts in every window it overlaps, so a
 * visit booked before the staff redrew the windows still takes a crew in the new ones.
 */
export function countByWindow(
  windows: readonly ArrivalWindow[],
  booked: ReadonlyArray<{ day: string; start: string; end: string; n: number }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of booked) {
    for (const window of windows) {
      if (!windowsOverlap(window, row)) continue;
      const key = slotKey(row.day, window.start);
      counts.set(key, (counts.get(key) ?? 0) + row.n);
    }
  }
  return counts;
}

/**
 * Whether the customer can accept the request's newest quote and book: the request is quoted,
 * its newest reply is a quote still valid (its last valid day not passed, Jamaica: `expired`),
 * nothing is scheduled, and no visit (scheduled or done) took this quote already. The status
 * page's 'Accept and book' and the booking page follow it; the booking statement holds it again.
 */
export function quoteBookable(request: {
  status: string;
  quote: { expired: boolean } | null;
  scheduled: boolean;
  accepted: boolean;
}): boolean {
  return request.status === "quoted" && request.quote !== null && !request.quote.expired && !request.scheduled && !request.accepted;
}

/** The ISO weekday (1 Monday … 7 Sunday) of an ISO calendar date, whatever the process's zone. */
export function isoWeekday(day: string): number {
  return getISODay(parseISO(day));
}

/** A day as a customer reads it: "Thursday, Dec 3, 2026". */
export const dayLabel = (day: string) => format(parseISO(day), "EEEE, MMM d, yyyy");

/** An arrival window as a customer reads it: "9:00 AM-11:00 AM". */
export function windowLabel(window: ArrivalWindow): string {
  const clock = (time: string) => format(parseISO(`2000-01-01T${time}:00`), "h:mm a");
  return `${clock(window.start)}-${clock(window.end)}`;
}

/** A day and a window's start as a list says them: "Thu, Dec 3, 9:00 AM". */
export function shortSlotLabel(day: string, start: string): string {
  return format(parseISO(`${day}T${start}:00`), "EEE, MMM d, h:mm a");
}

/** A visit's day and arrival window as pages and e-mails say them: "Thursday, Dec 3, 2026, arrival 9:00 AM-11:00 AM". */
export function visitLabel(visit: { day: string; windowStart: string; windowEnd: string }): string {
  return `${dayLabel(visit.day)}, arrival ${windowLabel({ start: visit.windowStart, end: visit.windowEnd })}`;
}

/** The ISO date `n` days after `day`. */
export const plusDays = (day: string, n: number) => format(addDays(parseISO(day), n), "yyyy-MM-dd");

/**
 * How many visits one window of a day can take: one per active crew working that ISO weekday
 * (app/server/booking/crews.server.ts), or the settings' `capacity` while no crew is set up.
 */
export type Capacity = (day: string) => number;

/**
 * The capacity of each day from the crews (each with its working ISO weekdays and whether it is
 * active), or the settings' figure when there is no crew at all. Crews that are all inactive
 * give no place: the company has said who cleans, and nobody does.
 */
export function crewCapacity(
  settings: AvailabilitySettings,
  crews: ReadonlyArray<{ workingDays: readonly number[]; active: boolean }>,
): Capacity {
  if (crews.length === 0) return () => settings.capacity;
  return (day) => {
    const weekday = isoWeekday(day);
    return crews.filter((crew) => crew.active && crew.workingDays.includes(weekday)).length;
  };
}

/**
 * The bookable days from the first one the settings allow (or `from`, when later) to the last,
 * each with its windows and the places left. A day off, a day the crews do not work and a
 * window that has begun (today, with no notice) are left out; a full window stays, with 0 left,
 * so the page can say it is taken; a day no crew works (capacity 0) is left out. In: the
 * settings, the days off, the scheduled visits per window (slotKey → count), today in Jamaica
 * (ISO), the time there now ("HH:MM"), a first day wished for, and the capacity of each day.
 */
export function availableDays(
  settings: AvailabilitySettings,
  daysOff: ReadonlySet<string>,
  booked: ReadonlyMap<string, number>,
  today: string,
  nowTime: string,
  from?: string,
  capacity: Capacity = crewCapacity(settings, []),
): DayAvailability[] {
  const first = plusDays(today, settings.minNoticeDays);
  const last = plusDays(today, settings.maxDaysAhead);
  const days: DayAvailability[] = [];
  for (let day = from && from > first ? from : first; day <= last; day = plusDays(day, 1)) {
    const places = capacity(day);
    if (daysOff.has(day) || !settings.workingDays.includes(isoWeekday(day)) || places === 0) continue;
    const windows = settings.windows
      .filter((window) => day > today || window.start > nowTime)
      .map((window) => ({ ...window, left: Math.max(0, places - (booked.get(slotKey(day, window.start)) ?? 0)) }));
    if (windows.length > 0) days.push({ day, windows });
  }
  return days;
}

/**
 * Why a window cannot be booked, or null when it can: not a window of the settings, outside
 * the booking range, a day off or a day no crew works, or begun already. The places left are
 * not checked here: only the booking statement itself can (app/server/booking/).
 */
export function unbookableReason(
  settings: AvailabilitySettings,
  daysOff: ReadonlySet<string>,
  day: string,
  start: string,
  today: string,
  nowTime: string,
  capacity: Capacity = crewCapacity(settings, []),
): "no-such-window" | "out-of-range" | "day-off" | "begun" | null {
  if (!settings.windows.some((window) => window.start === start)) return "no-such-window";
  if (day < plusDays(today, settings.minNoticeDays) || day > plusDays(today, settings.maxDaysAhead)) return "out-of-range";
  if (daysOff.has(day) || !settings.workingDays.includes(isoWeekday(day)) || capacity(day) === 0) return "day-off";
  if (day === today && start <= nowTime) return "begun";
  return null;
}
