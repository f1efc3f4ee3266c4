/**
 * Regular cleaning: a series of visits that repeats every week, every 2 weeks or every month (the
 * quote form's frequency), written as an iCalendar recurrence rule (RRULE, RFC 5545 §3.3.10 and
 * §3.8.5.3) and expanded with the `rrule` library. Pure: no database (the series' table and its
 * statements are app/server/booking/series.server.ts's).
 *
 * Days are Jamaica's calendar days as ISO dates ("2026-12-22"). The rule works on floating dates
 * (RFC 5545 §3.3.4, a date with no zone): each day is handed to the library as the UTC midnight
 * of that date, with no TZID, and read back with `toISOString`, so the zone the process runs in
 * changes no result. The arrival window stays apart ("HH:MM", Jamaica keeps UTC-5 all year).
 * A rule's DTSTART is always one of its days (the first visit), since the library, unlike RFC
 * 5545 §3.8.5.3, does not count a DTSTART that does not match the rule.
 */
import { format, parseISO } from "date-fns";
import { RRule, type Options } from "rrule";
import { dayLabel, isoWeekday, plusDays, windowLabel, type ArrivalWindow } from "./booking";
import type { Frequency } from "./enumerations";

/** How far ahead a series' visits are booked: the first booking and the daily cron make them up to this many days after today (Jamaica). */
export const SERIES_HORIZON_DAYS = 60;

/** The quote form's frequencies that book a series (the others book one visit). */
export const SERIES_FREQUENCIES = ["weekly", "bi-weekly", "monthly"] as const satisfies readonly Frequency[];
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** Whether a request's frequency books a series. */
export function isSeriesFrequency(value: string | null | undefined): value is SeriesFrequency {
  return (SERIES_FREQUENCIES as readonly string[]).includes(value ?? "");
}

/** The booking forms' choice: one visit, or a series of the request's frequency from the day picked. */
export const REPEAT_CHOICES = ["once", ...SERIES_FREQUENCIES] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/** The choice as the customer reads it, the day and window picked above it. */
export const REPEAT_LABELS: Record<RepeatChoice, string> = {
  once: "Just this visit",
  weekly: "Every week from this day",
  "bi-weekly": "Every 2 weeks from this day",
  monthly: "Every month from this day",
};

/** The rule and its span as stored (visit_series: `rrule` without "RRULE:", `dtstart`, `until` inclusive or null). */
export interface SeriesRule {
  rrule: string;
  dtstart: string;
  until: string | null;
}

/** A day as the library takes it: the UTC midnight of that date (a floating date). */
const floating = (day: string) => new Date(`${day}T00:00:00Z`);
/** A date the library gave back, as the ISO day it stands for. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The library's weekdays by ISO weekday - 1 (Monday first). */
const WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU] as const;

/**
 * Which of its weekday a day is in its month: 1 to 4, or -1 (the last) for a 5th, which not
 * every month has (Dec 29, 2026, the 5th Tuesday, repeats on the last Tuesday of each month).
 */
export function weekdayOfMonth(day: string): number {
  const nth = Math.ceil(Number(day.slice(8, 10)) / 7);
  return nth === 5 ? -1 : nth;
}

/**
 * The RRULE (RFC 5545 §3.3.10, without its "RRULE:" name) of a series of `frequency` whose first
 * day is `dtstart`: weekly `FREQ=WEEKLY`, bi-weekly `FREQ=WEEKLY;INTERVAL=2` (both on DTSTART's
 * weekday), monthly on the same weekday of the month as DTSTART (`FREQ=MONTHLY;BYDAY=+2TU`; a
 * 5th weekday gives `-1`, the last). Written by the library (`RRule.optionsToString`).
 */
export function seriesRule(frequency: SeriesFrequency, dtstart: string): string {
  const options: Partial<Options> =
    frequency === "monthly"
      ? { freq: RRule.MONTHLY, byweekday: [WEEKDAYS[isoWeekday(dtstart) - 1]!.nth(weekdayOfMonth(dtstart))] }
      : frequency === "bi-weekly"
        ? { freq: RRule.WEEKLY, interval: 2 }
        : { freq: RRule.WEEKLY };
  return RRule.optionsToString(options).replace(/^RRULE:/, "");
}

/** The frequency a stored rule repeats at (a rule of `seriesRule`). */
export function ruleFrequency(rrule: string): SeriesFrequency {
  const options = RRule.parseString(rrule);
  if (options.freq === RRule.MONTHLY) return "monthly";
  return (options.interval ?? 1) > 1 ? "bi-weekly" : "weekly";
}

/** The library's rule for a stored one: its DTSTART, and its UNTIL when ended (inclusive, RFC 5545 §3.3.10). */
function ruleOf(series: SeriesRule): RRule {
  return new RRule({
    ...RRule.parseString(series.rrule),
    dtstart: floating(series.dtstart),
    until: series.until === null ? null : floating(series.until),
  });
}

/** The days of the series from `from` to `to` (ISO, both included), none before its DTSTART or after its UNTIL. */
export function occurrencesBetween(series: SeriesRule, from: string, to: string): string[] {
  if (to < from) return [];
  return ruleOf(series).between(floating(from), floating(to), true).map(isoDay);
}

/** The series' first day on or after `from`, or null when it has none (ended before). */
export function nextOccurrence(series: SeriesRule, from: string): string | null {
  const next = ruleOf(series).after(floating(from), true);
  return next ? isoDay(next) : null;
}

const ORDINALS: Record<number, string> = { 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", [-1]: "last" };

/**
 * How a series repeats, as the customer and the staff read it: "Every week on Tuesday", "Every 2
 * weeks on Tuesday", "Every month on the 2nd Tuesday", "Every month on the last Tuesday".
 */
export function seriesLabel(series: Pick<SeriesRule, "rrule" | "dtstart">): string {
  const weekday = format(parseISO(series.dtstart), "EEEE");
  switch (ruleFrequency(series.rrule)) {
    case "weekly":
      return `Every week on ${weekday}`;
    case "bi-weekly":
      return `Every 2 weeks on ${weekday}`;
    case "monthly":
      return `Every month on the ${ORDINALS[weekdayOfMonth(series.dtstart)]} ${weekday}`;
  }
}

/** A series with its arrival window: "Every week on Tuesday, arrival 9:00 AM-11:00 AM". */
export function seriesWindowLabel(series: Pick<SeriesRule, "rrule" | "dtstart"> & { windowStart: string; windowEnd: string }): string {
  const window: ArrivalWindow = { start: series.windowStart, end: series.windowEnd };
  return `${seriesLabel(series)}, arrival ${windowLabel(window)}`;
}

/** Why a day of a series got no visit (the statement found no place, or the day is off). */
export type SkipReason = { kind: "holiday" | "day-off"; name: string } | { kind: "full" } | { kind: "closed" };

/**
 * The sentence that tells the customer a day of their series got no visit: "Tuesday, Dec 29,
 * 2026 is a public holiday (Boxing Day): no visit that week." (a monthly series: "that month").
 */
export function skippedDayText(day: string, reason: SkipReason, frequency: SeriesFrequency): string {
  const that = frequency === "monthly" ? "that month" : "that week";
  const when = dayLabel(day);
  switch (reason.kind) {
    case "holiday":
      return `${when} is a public holiday (${reason.name}): no visit ${that}.`;
    case "day-off":
      return `${when} is a day off for us (${reason.name}): no visit ${that}.`;
    case "closed":
      return `${when}: we do not work that day, so no visit ${that}.`;
    case "full":
      return `${when}: every crew is booked in your arrival window, so no visit ${that}.`;
  }
}

/** The last day a series' visits are made up to now: SERIES_HORIZON_DAYS after today (ISO). */
export const seriesHorizon = (today: string) => plusDays(today, SERIES_HORIZON_DAYS);
