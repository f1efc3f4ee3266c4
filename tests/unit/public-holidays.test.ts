/**
 * Jamaica's public holidays (app/content/public-holidays.ts), the list the availability page
 * fills its days off from: it is what date-holidays says today, and it reaches far enough ahead.
 */
import { addMonths, format, parseISO } from "date-fns";
import { describe, expect, test } from "vitest";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import { todayInJamaica } from "~/domain/dates";
import { jamaicaPublicHolidays } from "../../scripts/public-holidays";

describe("Jamaica's public holidays", () => {
  test("the committed list is the one date-holidays gives (run `npm run holidays` when this fails)", () => {
    expect(PUBLIC_HOLIDAYS).toEqual(jamaicaPublicHolidays());
  });

  test("the list covers at least 13 months from today in Jamaica (move LAST_YEAR on in scripts/public-holidays.ts when this fails)", () => {
    const today = todayInJamaica();
    const needed = format(addMonths(parseISO(today), 13), "yyyy-MM-dd");
    expect(PUBLIC_HOLIDAYS[0]!.day <= today).toBe(true);
    // The last Boxing Day of the list closes its last year.
    expect(`${PUBLIC_HOLIDAYS.at(-1)!.day.slice(0, 4)}-12-31` >= needed).toBe(true);
  });

  test("one holiday a day, in order, real ISO dates", () => {
    const days = PUBLIC_HOLIDAYS.map((holiday) => holiday.day);
    expect(new Set(days).size).toBe(days.length);
    expect([...days].sort()).toEqual(days);
    for (const day of days) expect(format(parseISO(day), "yyyy-MM-dd")).toBe(day);
  });

  test("Jamaica's rules: fixed days, Easter, the third Monday of October, and a Sunday holiday observed on the next weekday", () => {
    const named = (day: string) => PUBLIC_HOLIDAYS.find((holiday) => holiday.day === day)?.name;
    expect(named("2026-12-25")).toBe("Christmas Day");
    expect(named("2026-08-01")).toBe("Emancipation Day");
    expect(named("2026-08-06")).toBe("Independence Day");
    expect(named("2026-04-03")).toBe("Good Friday"); // Easter Sunday 2026 is April 5
    expect(named("2026-04-06")).toBe("Easter Monday");
    expect(named("2026-02-18")).toBe("Ash Wednesday");
    expect(named("2026-10-19")).toBe("National Heroes Day"); // the third Monday of October 2026
    // Boxing Day 2027 is a Sunday: observed on Monday the 27th too.
    expect(named("2027-12-26")).toBe("Boxing Day");
    expect(named("2027-12-27")).toBe("Boxing Day (substitute day)");
    // Easter Sunday is an observance, not a public holiday.
    expect(named("2026-04-05")).toBeUndefined();
    for (let year = 2026; year <= 2036; year++) {
      expect(PUBLIC_HOLIDAYS.filter((holiday) => holiday.day.startsWith(`${year}-`)).length).toBeGreaterThanOrEqual(10);
    }
  });
});
