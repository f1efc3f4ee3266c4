/**
 * The schedule's days and capacity (app/domain/schedule.ts, app/domain/booking.ts `crewCapacity`),
 * with the process in zones on both sides of Jamaica: ISO days do not move with the zone.
 */
import { afterEach, describe, expect, test } from "vitest";
import { crewCapacity, DEFAULT_AVAILABILITY } from "~/domain/booking";
import { mapHref, neighbours, viewDays, viewTitle } from "~/domain/schedule";

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe.each(["UTC", "Asia/Tokyo", "Pacific/Honolulu", "America/Jamaica"])("in %s", (tz) => {
  test("a week runs Monday to Sunday across a month end and a year end", () => {
    process.env.TZ = tz;
    expect(viewDays("2027-01-02", "week")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(viewDays("2026-11-30", "week")[0]).toBe("2026-11-30");
    expect(viewDays("2026-12-06", "week").at(-1)).toBe("2026-12-06");
    expect(viewTitle(viewDays("2026-12-31", "week"))).toBe("Week of Dec 28, 2026 - Jan 3, 2027");
    expect(viewTitle(["2026-12-31"])).toBe("Thursday, Dec 31, 2026");
    expect(neighbours("2026-12-31", "day")).toEqual({ previous: "2026-12-30", next: "2027-01-01" });
    expect(neighbours("2026-12-31", "week")).toEqual({ previous: "2026-12-24", next: "2027-01-07" });
  });

  test("a day's capacity is its active crews working that weekday; no crew at all: the settings' figure", () => {
    process.env.TZ = tz;
    const crews = [
      { workingDays: [1, 2, 3, 4, 5], active: true },
      { workingDays: [5, 6], active: true },
      { workingDays: [1, 2, 3, 4, 5, 6, 7], active: false },
    ];
    const capacity = crewCapacity(DEFAULT_AVAILABILITY, crews);
    expect(capacity("2027-01-01")).toBe(2); // a Friday
    expect(capacity("2027-01-02")).toBe(1); // a Saturday
    expect(capacity("2027-01-03")).toBe(0); // a Sunday: only the inactive crew works it
    expect(crewCapacity(DEFAULT_AVAILABILITY, [])("2027-01-03")).toBe(DEFAULT_AVAILABILITY.capacity);
  });
});

test("a map link searches the address, escaped", () => {
  expect(mapHref("12 Gloucester Ave & Kent, Montego Bay")).toBe(
    "https://www.google.com/maps/search/?api=1&query=12%20Gloucester%20Ave%20%26%20Kent%2C%20Montego%20Bay",
  );
});
