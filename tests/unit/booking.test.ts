/**
 * Availability (app/domain/booking.ts): the days and arrival windows a customer can pick, in
 * Jamaica's calendar, the same whatever time zone the process runs in.
 */
import { afterEach, describe, expect, test } from "vitest";
import { availableDays, countByWindow, DEFAULT_AVAILABILITY, isoWeekday, quoteBookable, slotKey, unbookableReason } from "~/domain/booking";

const settings = { ...DEFAULT_AVAILABILITY, capacity: 2, minNoticeDays: 2, maxDaysAhead: 14 };
const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe("availableDays", () => {
  // Wednesday Nov 25, 2026 in Jamaica.
  const today = "2026-11-25";

  test("from the minimum notice to the furthest day, working days only, days off left out, full windows kept with 0 left", () => {
    const days = availableDays(settings, new Set(["2026-12-01"]), new Map([[slotKey("2026-11-27", "09:00"), 2]]), today, "10:00");
    expect(days[0]!.day).toBe("2026-11-27");
    expect(days.at(-1)!.day <= "2026-12-09").toBe(true);
    expect(days.map((day) => day.day)).not.toContain("2026-11-29"); // a Sunday
    expect(days.map((day) => day.day)).not.toContain("2026-12-01"); // a day off
    expect(days[0]!.windows).toEqual([
      { start: "09:00", end: "11:00", left: 0 },
      { start: "11:00", end: "13:00", left: 2 },
      { start: "13:00", end: "15:00", left: 2 },
    ]);
  });

  test("with no notice, today's windows that have begun are left out", () => {
    const days = availableDays({ ...settings, minNoticeDays: 0 }, new Set(), new Map(), today, "11:30");
    expect(days[0]).toEqual({ day: today, windows: [{ start: "13:00", end: "15:00", left: 2 }] });
  });

  test.each(["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London", "UTC"])(
    "the same days and weekdays with the process in %s",
    (tz) => {
      const expected = availableDays(settings, new Set(), new Map(), today, "10:00");
      process.env.TZ = tz;
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
      expect(availableDays(settings, new Set(), new Map(), today, "10:00")).toEqual(expected);
      expect(isoWeekday("2026-11-29")).toBe(7);
      expect(isoWeekday("2026-11-30")).toBe(1);
    },
  );
});

describe("unbookableReason", () => {
  const today = "2026-11-25";
  test.each([
    ["2026-11-27", "09:00", null],
    ["2026-11-27", "09:30", "no-such-window"],
    ["2026-11-26", "09:00", "out-of-range"],
    ["2027-01-30", "09:00", "out-of-range"],
    ["2026-11-29", "09:00", "day-off"],
    ["2026-12-08", "09:00", "day-off"],
  ] as const)("%s %s → %s", (day, start, reason) => {
    expect(unbookableReason(settings, new Set(["2026-12-08"]), day, start, today, "10:00")).toBe(reason);
  });

  test("a window of today that has begun, with no notice", () => {
    expect(unbookableReason({ ...settings, minNoticeDays: 0 }, new Set(), today, "09:00", today, "09:00")).toBe("begun");
  });
});

describe("countByWindow", () => {
  test("a visit counts in every window it overlaps, so windows redrawn after booking still see it", () => {
    const now = [
      { start: "08:00", end: "10:00" },
      { start: "10:00", end: "12:00" },
      { start: "13:00", end: "15:00" },
    ];
    // Two visits booked 09:00-11:00 before the windows changed, one 13:00-15:00.
    const counts = countByWindow(now, [
      { day: "2026-12-03", start: "09:00", end: "11:00", n: 2 },
      { day: "2026-12-03", start: "13:00", end: "15:00", n: 1 },
    ]);
    expect(counts).toEqual(
      new Map([
        [slotKey("2026-12-03", "08:00"), 2],
        [slotKey("2026-12-03", "10:00"), 2],
        [slotKey("2026-12-03", "13:00"), 1],
      ]),
    );
    // Back to back is not overlapping.
    expect(countByWindow([{ start: "11:00", end: "13:00" }], [{ day: "2026-12-03", start: "09:00", end: "11:00", n: 1 }]).size).toBe(0);
  });
});

describe("quoteBookable", () => {
  const open = { status: "quoted", quote: { expired: false }, scheduled: false, accepted: false };
  test("a quoted request with a valid quote, nothing scheduled and the quote not taken can be booked; anything else cannot", () => {
    expect(quoteBookable(open)).toBe(true);
    expect(quoteBookable({ ...open, status: "pending" })).toBe(false);
    expect(quoteBookable({ ...open, status: "completed" })).toBe(false);
    expect(quoteBookable({ ...open, quote: null })).toBe(false);
    expect(quoteBookable({ ...open, quote: { expired: true } })).toBe(false);
    expect(quoteBookable({ ...open, scheduled: true })).toBe(false);
    // Its visit done: the quote was taken, it is not offered again.
    expect(quoteBookable({ ...open, accepted: true })).toBe(false);
  });
});
