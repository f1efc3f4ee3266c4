/**
 * The overview's periods and trend buckets (app/domain/overview.ts): each choice's days on a fixed
 * day, the previous period each is compared with, the refusals of a custom range, the Monday
 * weeks and calendar months of a trend, and the words of a change. A property: whatever the query,
 * resolvePeriod answers a usable period ending by today, with its previous one just before it;
 * and splitAtMonths cuts any range into whole months and other days that are exactly its days.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addDays, endOfMonth, format, parseISO } from "date-fns";
import {
  figureChange,
  monthBuckets,
  monthEnd,
  overlaps,
  periodSearch,
  resolvePeriod,
  splitAtMonths,
  splitFirstMonth,
  weekBuckets,
} from "~/domain/overview";

const TODAY = "2026-11-28";

describe("resolvePeriod", () => {
  test("this month is the 1st to today, against the same days of last month", () => {
    const { period, message } = resolvePeriod({}, TODAY);
    expect(message).toBeNull();
    expect(period).toMatchObject({ kind: "this-month", from: "2026-11-01", to: TODAY, label: "November 1–28, 2026" });
    expect(period.previous).toEqual({ from: "2026-10-01", to: "2026-10-28" });
    expect(period.previousLabel).toBe("October 1–28, 2026");
  });

  test("on the 31st, this month is compared with the whole of a shorter month", () => {
    const { period } = resolvePeriod({ period: "this-month" }, "2026-03-31");
    expect(period.previous).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  test("last month is the whole calendar month before, against the one before it", () => {
    const { period } = resolvePeriod({ period: "last-month" }, TODAY);
    expect(period).toMatchObject({ from: "2026-10-01", to: "2026-10-31", label: "October 2026" });
    expect(period.previous).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(period.previousLabel).toBe("September 2026");
  });

  test("the last 12 months start on the 1st eleven months back, against the same span a year earlier", () => {
    const { period } = resolvePeriod({ period: "last-12-months" }, TODAY);
    expect(period).toMatchObject({ from: "2025-12-01", to: TODAY, label: "1 Dec 2025 – 28 Nov 2026" });
    expect(period.previous).toEqual({ from: "2024-12-01", to: "2025-11-28" });
  });

  test("a custom range is compared with as many days just before it", () => {
    const { period, message } = resolvePeriod({ period: "custom", from: "2026-06-10", to: "2026-06-19" }, TODAY);
    expect(message).toBeNull();
    expect(period).toMatchObject({ kind: "custom", from: "2026-06-10", to: "2026-06-19" });
    expect(period.previous).toEqual({ from: "2026-05-31", to: "2026-06-09" });
  });

  test.each([
    [{ period: "custom", from: "2026-06-10" }, "Enter both days of the range as dates."],
    [{ period: "custom", from: "2026-02-30", to: "2026-03-02" }, "Enter both days of the range as dates."],
    [{ period: "custom", from: "2026-06-19", to: "2026-06-10" }, "The range's first day must not be after its last."],
    [{ period: "custom", from: "2026-11-01", to: "2026-12-01" }, "Choose days between 2000-01-01 and today."],
    [{ period: "custom", from: "2020-01-01", to: "2026-01-01" }, "Choose a range of at most three years."],
    [{ period: "yesterday" }, "That period is not one the overview knows; showing this month."],
  ])("%o is refused with a message, and this month shown", (query, message) => {
    const choice = resolvePeriod(query, TODAY);
    expect(choice.message).toBe(message);
    expect(choice.period.kind).toBe("this-month");
  });

  test("whatever the query, the period ends by today and its previous period ends before it starts", () => {
    const day = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .date({ min: new Date("1990-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
    );
    fc.assert(
      fc.property(
        fc.option(fc.oneof(fc.constantFrom("this-month", "last-month", "last-12-months", "custom"), fc.string())),
        fc.option(day),
        fc.option(day),
        (kind, from, to) => {
          const { period } = resolvePeriod({ period: kind, from, to }, TODAY);
          expect(period.from <= period.to && period.to <= TODAY).toBe(true);
          expect(period.previous.from <= period.previous.to && period.previous.to < period.from).toBe(true);
          expect(`${period.label} ${period.previousLabel}`).not.toMatch(/NaN|Invalid|undefined/);
        },
      ),
    );
  });

  test("its query string round-trips", () => {
    for (const query of [{}, { period: "last-month" }, { period: "custom", from: "2026-06-10", to: "2026-06-19" }]) {
      const { period } = resolvePeriod(query, TODAY);
      const search = new URLSearchParams(periodSearch(period));
      expect(resolvePeriod(Object.fromEntries(search), TODAY).period).toEqual(period);
    }
  });
});

describe("trend buckets", () => {
  test("12 Monday-to-Sunday weeks ending with the one holding the day", () => {
    const weeks = weekBuckets(TODAY);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ key: "2026-11-23", from: "2026-11-23", to: "2026-11-29", label: "Nov 23" });
    expect(weeks[0]).toMatchObject({ key: "2026-09-07", from: "2026-09-07", to: "2026-09-13" });
    // A Sunday belongs to the week that began the Monday before.
    expect(weekBuckets("2026-11-29").at(-1)!.key).toBe("2026-11-23");
  });

  test("12 calendar months ending with the one holding the day, across a year's end", () => {
    const months = monthBuckets("2026-02-14");
    expect(months.map((month) => month.key)).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(months.at(-1)).toMatchObject({ from: "2026-02-01", to: "2026-02-28", label: "Feb" });
  });

  test("a bucket overlaps a range when they share a day", () => {
    expect(overlaps({ from: "2026-10-26", to: "2026-11-01" }, { from: "2026-11-01", to: "2026-11-28" })).toBe(true);
    expect(overlaps({ from: "2026-10-19", to: "2026-10-25" }, { from: "2026-11-01", to: "2026-11-28" })).toBe(false);
  });
});

describe("figureChange", () => {
  test("says the change in words and whether it is good news", () => {
    expect(figureChange(112, 100, "percent", "October")).toEqual({ text: "+12% on October", tone: "better" });
    expect(figureChange(88, 100, "percent", "October")).toEqual({ text: "−12% on October", tone: "worse" });
    expect(figureChange(3.2, 4.5, "hours", "October", false)).toEqual({ text: "−1.3 h on October", tone: "better" });
    expect(figureChange(0.5, 0.5, "points", "October")).toEqual({ text: "Same as October", tone: "same" });
    expect(figureChange(61, 60, "points", "October")).toEqual({ text: "+1 point on October", tone: "better" });
  });

  test("has nothing to compare with when the previous figure is missing or zero", () => {
    expect(figureChange(5, 0, "percent", "October").tone).toBe("none");
    expect(figureChange(null, 4, "stars", "October")).toEqual({ text: "Nothing to compare with in October", tone: "none" });
  });
});

describe("splitAtMonths", () => {
  test("whole months inside, and the days before and after them", () => {
    expect(splitAtMonths({ from: "2025-12-01", to: "2026-11-28" })).toEqual({
      months: { from: "2025-12", to: "2026-10" },
      days: [{ from: "2026-11-01", to: "2026-11-28" }],
    });
    expect(splitAtMonths({ from: "2024-01-15", to: "2024-03-31" })).toEqual({
      months: { from: "2024-02", to: "2024-03" },
      days: [{ from: "2024-01-15", to: "2024-01-31" }],
    });
    expect(splitAtMonths({ from: "2024-02-01", to: "2024-02-29" })).toEqual({ months: { from: "2024-02", to: "2024-02" }, days: [] });
    expect(splitAtMonths({ from: "2026-10-01", to: "2026-10-28" })).toEqual({
      months: null,
      days: [{ from: "2026-10-01", to: "2026-10-28" }],
    });
    expect(splitAtMonths({ from: "2026-01-20", to: "2026-02-10" })).toEqual({
      months: null,
      days: [{ from: "2026-01-20", to: "2026-02-10" }],
    });
  });

  test("the months' days and the other days are exactly the range's, each once", () => {
    const start = parseISO("2020-01-01");
    const day = (offset: number) => format(addDays(start, offset), "yyyy-MM-dd");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 1100 }), (offset, length) => {
        const range = { from: day(offset), to: day(offset + length) };
        const { months, days } = splitAtMonths(range);
        const covered: string[] = [];
        for (const piece of days)
          for (let d = piece.from; d <= piece.to; d = format(addDays(parseISO(d), 1), "yyyy-MM-dd")) covered.push(d);
        const inMonths = (d: string) => months !== null && d.slice(0, 7) >= months.from && d.slice(0, 7) <= months.to;
        const all: string[] = [];
        for (let d = range.from; d <= range.to; d = format(addDays(parseISO(d), 1), "yyyy-MM-dd")) all.push(d);
        expect(covered.every((d) => !inMonths(d))).toBe(true);
        expect([...covered, ...all.filter(inMonths)].sort()).toEqual(all);
        expect(days.length).toBeLessThanOrEqual(2);
        if (months) {
          expect(`${months.from}-01` >= range.from).toBe(true);
          expect(format(endOfMonth(parseISO(`${months.to}-01`)), "yyyy-MM-dd") <= range.to).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("splitFirstMonth and monthEnd", () => {
  test("a range's days in its first month, then the rest from the next month's first day", () => {
    expect(monthEnd("2024-02-10")).toBe("2024-02-29");
    expect(monthEnd("2026-11-30")).toBe("2026-11-30");
    expect(splitFirstMonth({ from: "2025-06-15", to: "2026-11-20" })).toEqual({
      head: { from: "2025-06-15", to: "2025-06-30" },
      rest: { from: "2025-07-01", to: "2026-11-20" },
    });
    expect(splitFirstMonth({ from: "2026-10-10", to: "2026-10-31" })).toEqual({
      head: { from: "2026-10-10", to: "2026-10-31" },
      rest: null,
    });
    expect(splitFirstMonth({ from: "2026-10-31", to: "2026-11-01" })).toEqual({
      head: { from: "2026-10-31", to: "2026-10-31" },
      rest: { from: "2026-11-01", to: "2026-11-01" },
    });
  });
});
