/** Dates in Jamaica's time zone (app/domain/dates.ts), whatever zone the tests run in. */
import { describe, expect, test } from "vitest";
import { formatAdminDate, formatAdminDateTime, jamaicaDayStart, todayInJamaica } from "~/domain/dates";

test("a time late on the 22nd in Jamaica (already the 23rd in UTC) reads as the 22nd", () => {
  const ms = Date.UTC(2026, 10, 23, 3, 30);
  expect(formatAdminDate(ms)).toBe("Nov 22, 2026");
  expect(formatAdminDateTime(ms)).toBe("Nov 22, 2026 22:30");
  expect(todayInJamaica(new Date(ms))).toBe("2026-11-22");
});

test("midnight in Jamaica starts the next day: 05:00 UTC", () => {
  expect(todayInJamaica(new Date(Date.UTC(2026, 0, 1, 4, 59)))).toBe("2025-12-31");
  expect(todayInJamaica(new Date(Date.UTC(2026, 0, 1, 5, 0)))).toBe("2026-01-01");
  expect(formatAdminDate(Date.UTC(2026, 0, 1, 5, 0))).toBe("Jan 01, 2026");
});

describe("jamaicaDayStart (the admin's date filters)", () => {
  test("a calendar day starts at midnight in Jamaica (05:00 UTC)", () => {
    expect(new Date(jamaicaDayStart("2026-11-22")!).toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(new Date(jamaicaDayStart("2024-02-29")!).toISOString()).toBe("2024-02-29T05:00:00.000Z");
  });

  test("anything that is not a real YYYY-MM-DD date is null", () => {
    for (const value of [
      "2026-02-30",
      "2025-02-29",
      "2026-13-01",
      "2026-1-5",
      "yesterday",
      "",
      "2026-11-22T00:00",
      " 2026-11-22",
      "0050-06-01",
      "1969-12-31",
    ]) {
      expect(jamaicaDayStart(value)).toBeNull();
    }
  });
});
