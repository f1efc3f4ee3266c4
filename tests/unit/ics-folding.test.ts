/**
 * iCalendar line folding (RFC 5545 §3.1, written by ical-generator): the customer's visit.ics
 * (app/server/booking/calendar.server.ts) and the staff's feeds (app/server/booking/feeds.server.ts)
 * keep every line within 75 octets of UTF-8, never split a code point, and unfold to the text written.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import ICAL from "ical.js";
import { feedCalendar, visitCalendarEvent } from "~/server/booking";

const encoder = new TextEncoder();
/** Half of a surrogate pair without its other half: a code point split by a fold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The lines of `text` (CRLF-separated), and whether each holds at most 75 octets and splits no code point (no half of a surrogate pair). */
function checkLines(text: string) {
  const lines = text.split("\r\n");
  for (const line of lines) {
    expect(encoder.encode(line).length, line).toBeLessThanOrEqual(75);
    expect(LONE_SURROGATE.test(line), line).toBe(false);
  }
  return lines;
}

/** RFC 5545 §3.1 unfolding: each CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

const NAME = "Zoë Ñúñez-Bérénice Öçalan 🧹🏝️ Sánchez-Höglund";
const ADDRESS = "Ünït 7, Ròse Hàll Dríve, Mòntego Bày — près de l'église Sainte-Thérèse 🌴🌴🌴, St. Jâmes";

const visit: Parameters<typeof feedCalendar>[1][number] = {
  id: "v-1",
  day: "2026-12-01",
  windowStart: "09:00",
  windowEnd: "11:00",
  status: "scheduled",
  sequence: 0,
  address: ADDRESS,
  serviceType: "residential",
  included: "Kitchen, bathrooms, bedrooms: éverything 🧽 dusted, mopped and polished, façades and balconies",
  notes: "Gate code 1234 — ask Jérôme; the dog (Fìfí 🐕) is friendly",
  updatedAt: new Date("2026-11-20T12:00:00Z"),
  crewName: "Équipe Dé-Ûn",
  quoteRequestId: "q-1",
  customerName: NAME,
  customerPhone: "+18765550123",
  customerNote: "Pléase bring éco-friendly products 🌿 — ÀÉÎÕÜ àéîõü ÀÉÎÕÜ àéîõü ÀÉÎÕÜ àéîõü",
  reference: "MB-HNE7B",
};

describe("iCalendar lines fold at 75 octets", () => {
  test("a feed of accented and emoji names: every line within 75 octets, unfolding gives the names back", () => {
    const text = feedCalendar({ crewId: null, crewName: null }, [visit, { ...visit, id: "v-2" }], {
      company: "Montégo Bay Cléaning Ço. 🧼",
      origin: "https://example.com",
    });
    expect(text).not.toBeNull();
    checkLines(text!);
    const unfolded = unfold(text!);
    expect(unfolded).toContain(`SUMMARY:Équipe Dé-Ûn – Residential Cleaning: ${NAME} (MB-HNE7B)`);
    expect(unfolded).toContain(`LOCATION:${ADDRESS.replace(/,/g, "\\,")}`);
    expect(unfolded).toContain("X-WR-CALNAME:Montégo Bay Cléaning Ço. 🧼 – Whole team");
  });

  test("the customer's visit.ics: every line within 75 octets, unfolding gives the address back", () => {
    const text = visitCalendarEvent(
      { ...visit, status: "scheduled" },
      { name: "Montégo Bay Cléaning Ço. 🧼 Ñúñez & Fìls", email: "hello@example.com" },
      "example.com",
      "MB-HNE7B",
    );
    expect(text).not.toBeNull();
    checkLines(text!);
    expect(unfold(text!)).toContain(`LOCATION:${ADDRESS.replace(/,/g, "\\,")}`);
  });

  test("any names, addresses and notes: lines within 75 octets, continuation lines start with one space, and a calendar reader gets each text back", () => {
    const piece = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constantFrom("é", "Ñ", "€", "🧹", "🏝️", "👩‍👩‍👧", "中文", "\\n", ";", ",", "\\", "\n"),
    );
    // A calendar's TEXT holds line feeds (escaped as \n); a lone carriage return is written as one too.
    const text = fc.array(piece, { minLength: 1, maxLength: 30 }).map((parts) => parts.join("").replace(/\r\n?/g, "\n").trim() || "x");
    fc.assert(
      fc.property(text, text, text, (name, address, note) => {
        const folded = feedCalendar({ crewId: "c-1", crewName: "Crew A" }, [{ ...visit, customerName: name, address, notes: note }], {
          company: "Co",
          origin: "https://example.com",
        });
        const lines = checkLines(folded);
        expect(lines.slice(1).every((line) => line === "" || /^[A-Z ]/.test(line))).toBe(true);
        const event = new ICAL.Event(new ICAL.Component(ICAL.parse(folded)).getFirstSubcomponent("vevent")!);
        expect(event.location).toBe(address);
        expect(event.summary).toBe(`Residential Cleaning: ${name} (MB-HNE7B)`);
        expect(event.description).toContain(`Notes for the crew: ${note}`);
      }),
    );
  });
});
