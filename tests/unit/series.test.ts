/**
 * Regular cleaning's rules (app/domain/series.ts): the RRULE of each frequency and its days in
 * Jamaica's calendar (floating dates, RFC 5545 §3.3.4), across a month end and a year end, the
 * same whatever time zone the process runs in; the labels and the sentences of skipped days.
 */
import { afterEach, describe, expect, test } from "vitest";
import {
  isSeriesFrequency,
  nextOccurrence,
  occurrencesBetween,
  ruleFrequency,
  seriesLabel,
  seriesRule,
  seriesWindowLabel,
  skippedDayText,
  weekdayOfMonth,
} from "~/domain/series";

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

/** The series of `frequency` from `dtstart`, open-ended. */
const series = (frequency: Parameters<typeof seriesRule>[0], dtstart: string, until: string | null = null) => ({
  rrule: seriesRule(frequency, dtstart),
  dtstart,
  until,
});

/** Zones far on either side of the date line, one with summer time, and Jamaica's own. */
const ZONES = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London", "America/Jamaica", "UTC"];

describe("the rule of each frequency", () => {
  test("weekly, bi-weekly and monthly on the same weekday of the month; a 5th weekday repeats on the last", () => {
    expect(seriesRule("weekly", "2026-12-22")).toBe("FREQ=WEEKLY");
    expect(seriesRule("bi-weekly", "2026-12-22")).toBe("FREQ=WEEKLY;INTERVAL=2");
    // Dec 8, 2026 is the 2nd Tuesday of December; Dec 29 its 5th (and last).
    expect(seriesRule("monthly", "2026-12-08")).toBe("FREQ=MONTHLY;BYDAY=+2TU");
    expect(seriesRule("monthly", "2026-12-29")).toBe("FREQ=MONTHLY;BYDAY=-1TU");
    expect(weekdayOfMonth("2026-12-01")).toBe(1);
    expect(weekdayOfMonth("2026-12-28")).toBe(4);
    expect(weekdayOfMonth("2026-12-29")).toBe(-1);
    expect(["weekly", "bi-weekly", "monthly"].map((frequency) => ruleFrequency(seriesRule(frequency as "weekly", "2026-12-08")))).toEqual([
      "weekly",
      "bi-weekly",
      "monthly",
    ]);
    expect(isSeriesFrequency("weekly")).toBe(true);
    expect(isSeriesFrequency("one-time")).toBe(false);
    expect(isSeriesFrequency(null)).toBe(false);
  });
});

describe("the days of a series", () => {
  test.each(ZONES)("weekly across a year end, with the process in %s", (tz) => {
    process.env.TZ = tz;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
    expect(occurrencesBetween(series("weekly", "2026-12-22"), "2026-12-22", "2027-01-05")).toEqual([
      "2026-12-22",
      "2026-12-29",
      "2027-01-05",
    ]);
    // Across a month end: every Friday of February into March.
    expect(occurrencesBetween(series("weekly", "2027-02-19"), "2027-02-19", "2027-03-12")).toEqual([
      "2027-02-19",
      "2027-02-26",
      "2027-03-05",
      "2027-03-12",
    ]);
  });

  test.each(ZONES)("bi-weekly keeps the weeks of its first day, with the process in %s", (tz) => {
    process.env.TZ = tz;
    const fromDec1 = series("bi-weekly", "2026-12-01");
    const fromDec8 = series("bi-weekly", "2026-12-08");
    expect(occurrencesBetween(fromDec1, "2026-12-01", "2027-01-31")).toEqual([
      "2026-12-01",
      "2026-12-15",
      "2026-12-29",
      "2027-01-12",
      "2027-01-26",
    ]);
    expect(occurrencesBetween(fromDec8, "2026-12-01", "2027-01-31")).toEqual(["2026-12-08", "2026-12-22", "2027-01-05", "2027-01-19"]);
    // A window that starts between two days still gives the series' own weeks.
    expect(occurrencesBetween(fromDec1, "2026-12-20", "2027-01-20")).toEqual(["2026-12-29", "2027-01-12"]);
    expect(nextOccurrence(fromDec1, "2026-12-16")).toBe("2026-12-29");
    expect(nextOccurrence(fromDec1, "2026-12-15")).toBe("2026-12-15");
  });

  test.each(ZONES)("monthly on the 2nd Tuesday, and on the last Tuesday from a 5th, with the process in %s", (tz) => {
    process.env.TZ = tz;
    expect(occurrencesBetween(series("monthly", "2026-12-08"), "2026-12-01", "2027-04-30")).toEqual([
      "2026-12-08",
      "2027-01-12",
      "2027-02-09",
      "2027-03-09",
      "2027-04-13",
    ]);
    expect(occurrencesBetween(series("monthly", "2026-12-29"), "2026-12-01", "2027-04-30")).toEqual([
      "2026-12-29",
      "2027-01-26",
      "2027-02-23",
      "2027-03-30",
      "2027-04-27",
    ]);
  });

  test("nothing before DTSTART, and UNTIL is the last day it may give (inclusive)", () => {
    expect(occurrencesBetween(series("weekly", "2026-12-08", "2026-12-22"), "2026-11-01", "2027-02-01")).toEqual([
      "2026-12-08",
      "2026-12-15",
      "2026-12-22",
    ]);
    // Ended the day before its first: no day at all.
    expect(occurrencesBetween(series("weekly", "2026-12-08", "2026-12-07"), "2026-11-01", "2027-02-01")).toEqual([]);
    expect(nextOccurrence(series("weekly", "2026-12-08", "2026-12-22"), "2026-12-23")).toBeNull();
    expect(occurrencesBetween(series("weekly", "2026-12-08"), "2026-12-20", "2026-12-10")).toEqual([]);
  });
});

describe("labels", () => {
  test("how a series repeats, with its window, as the customer reads it", () => {
    expect(seriesLabel(series("weekly", "2026-12-22"))).toBe("Every week on Tuesday");
    expect(seriesLabel(series("bi-weekly", "2026-12-24"))).toBe("Every 2 weeks on Thursday");
    expect(seriesLabel(series("monthly", "2026-12-08"))).toBe("Every month on the 2nd Tuesday");
    expect(seriesLabel(series("monthly", "2026-12-29"))).toBe("Every month on the last Tuesday");
    expect(seriesWindowLabel({ ...series("weekly", "2026-12-22"), windowStart: "09:00", windowEnd: "11:00" })).toBe(
      "Every week on Tuesday, arrival 9:00 AM-11:00 AM",
    );
  });

  test("why a day got no visit", () => {
    expect(skippedDayText("2026-12-29", { kind: "holiday", name: "Boxing Day (observed)" }, "weekly")).toBe(
      "Tuesday, Dec 29, 2026 is a public holiday (Boxing Day (observed)): no visit that week.",
    );
    expect(skippedDayText("2026-12-29", { kind: "day-off", name: "Staff day" }, "monthly")).toBe(
      "Tuesday, Dec 29, 2026 is a day off for us (Staff day): no visit that month.",
    );
    expect(skippedDayText("2026-12-29", { kind: "full" }, "bi-weekly")).toBe(
      "Tuesday, Dec 29, 2026: every crew is booked in your arrival window, so no visit that week.",
    );
    expect(skippedDayText("2026-12-29", { kind: "closed" }, "weekly")).toBe(
      "Tuesday, Dec 29, 2026: we do not work that day, so no visit that week.",
    );
  });
});
