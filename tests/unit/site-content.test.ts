/** The owner-edited content's rules (app/domain/site-content.ts, app/forms/site-content.ts) and its starting rows. */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { CONTENT_SECTIONS } from "~/domain/enumerations";
import { clockLabel, openingHours, priceRangeFor, priceRangeLabel, type PriceRange } from "~/domain/site-content";
import { businessSchema, faqsSchema, pricesSchema } from "~/forms/site-content";

describe("the starting content", () => {
  test("migrations/0011_site_content.sql seeds exactly app/content/starting-content.ts, one row a section", () => {
    const sql = readFileSync("migrations/0011_site_content.sql", "utf8");
    const rows = [...sql.matchAll(/VALUES \('(\w+)', '((?:[^']|'')*)', 'seed', \d+\);/g)].map(([, section, body]) => [
      section,
      JSON.parse(body!.replaceAll("''", "'")),
    ]);
    expect(rows.map(([section]) => section)).toEqual([...CONTENT_SECTIONS]);
    expect(Object.fromEntries(rows)).toEqual(STARTING_CONTENT);
  });
});

describe("opening hours", () => {
  test("consecutive days with the same hours read as one line; a closed day reads as its note or 'Closed'", () => {
    const open = { opens: "08:00", closes: "18:00", note: "" };
    const closed = { opens: null, closes: null, note: "" };
    const lines = openingHours([open, open, open, { ...open, closes: "12:30" }, open, closed, { ...closed, note: "By appointment" }]);
    expect(lines.map((line) => `${line.days}: ${line.label}`)).toEqual([
      "Monday - Wednesday: 8:00 AM - 6:00 PM",
      "Thursday: 8:00 AM - 12:30 PM",
      "Friday: 8:00 AM - 6:00 PM",
      "Saturday: Closed",
      "Sunday: By appointment",
    ]);
    expect(lines[0]?.dayOfWeek).toEqual(["Monday", "Tuesday", "Wednesday"]);
    expect([clockLabel("00:05"), clockLabel("12:00"), clockLabel("23:59")]).toEqual(["12:05 AM", "12:00 PM", "11:59 PM"]);
  });
});

describe("business facts", () => {
  const facts = STARTING_CONTENT.business;
  const messages = (value: unknown) => businessSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  test("a phone number must be one that can be dialled; WhatsApp is kept as digits with the country code", () => {
    const dialled = "Enter a phone number that can be dialled, such as +1 876 555 0123.";
    expect(messages({ ...facts, phone: "call us" })).toEqual([dialled]);
    expect(businessSchema.parse({ ...facts, phone: "(876) 555-0199", whatsapp: "+1 876 555 0199" }).whatsapp).toBe("18765550199");
  });

  test("the phone is stored in E.164, a number typed without a country code read as Jamaican (+1 876)", () => {
    const stored = (phone: string) => businessSchema.parse({ ...facts, phone }).phone;
    expect(stored("+1 876 555 0123")).toBe("+18765550123");
    expect(stored("876-555-0123")).toBe("+18765550123");
    expect(stored("(876) 555.0123")).toBe("+18765550123");
    expect(stored("555-0123")).toBe("+18765550123");
    expect(stored("1 658 555 0123")).toBe("+16585550123");
    expect(stored("+44 20 7946 0958")).toBe("+442079460958");
    expect(stored(stored("+1 876 555 0123"))).toBe("+18765550123");
  });

  test("a phone with anything but a number in it, or a number no one can dial, is refused whole", () => {
    const dialled = ["Enter a phone number that can be dialled, such as +1 876 555 0123."];
    for (const phone of ["+1 876 555 0123 <script>", "+1 876 555 0123 ext. office", "876 555 0123 or 0124", "12345", "+1 000 555 0123"]) {
      expect(messages({ ...facts, phone }), phone).toEqual(dialled);
    }
    expect(messages({ ...facts, whatsapp: "+1 876 555 0199 <b>" })).toHaveLength(1);
  });

  test("hours close after they open, and a day has both times or neither", () => {
    const hours = [...facts.hours];
    hours[0] = { opens: "18:00", closes: "08:00", note: "" };
    expect(messages({ ...facts, hours })).toEqual(["A day's hours must close after they open."]);
    hours[0] = { opens: "08:00", closes: null, note: "" };
    expect(messages({ ...facts, hours })).toContain("Give a day both an opening and a closing time, or neither.");
  });

  test("the social profile is https or nothing", () => {
    expect(messages({ ...facts, socialUrl: "http://example.com/us" })).toEqual(["The social profile must be an https:// address."]);
    expect(messages({ ...facts, socialUrl: "javascript:alert(1)" })).toHaveLength(1);
    expect(messages({ ...facts, socialUrl: "https://instagram.com/us" })).toEqual([]);
  });
});

describe("FAQs", () => {
  test("anchors are unique and questions are not empty", () => {
    const [first] = STARTING_CONTENT.faqs;
    expect(faqsSchema.safeParse([first, first]).error?.issues[0]?.message).toBe("Two FAQs have the same anchor.");
    expect(faqsSchema.safeParse([{ ...first, question: "  " }]).error?.issues[0]?.message).toBe("Enter the question.");
  });
});

describe("the price guide", () => {
  const range: PriceRange = {
    service: "residential",
    size: "medium",
    frequency: "one-time",
    minJmd: 14000,
    maxJmd: 18000,
    minUsd: null,
    maxUsd: null,
  };

  test("a range reads as J$ (and US$ when given)", () => {
    expect(priceRangeLabel(range)).toBe("J$14,000-18,000");
    expect(priceRangeLabel({ ...range, minUsd: 90, maxUsd: 115 })).toBe("J$14,000-18,000 (US$90-115)");
    expect(priceRangeLabel({ ...range, maxJmd: 14000 })).toBe("J$14,000");
  });

  test("the range of a request's service, size and frequency, or none", () => {
    expect(priceRangeFor([range], { service: "residential", size: "medium", frequency: "one-time" })).toBe(range);
    expect(priceRangeFor([range], { service: "residential", size: "medium", frequency: "weekly" })).toBeNull();
  });

  test("refused: a top below the bottom, half a US$ range, two ranges for one combination", () => {
    const message = (value: unknown) => pricesSchema.safeParse(value).error?.issues[0]?.message;
    expect(message([{ ...range, maxJmd: 100 }])).toBe("A range's highest J$ price must not be below its lowest.");
    expect(message([{ ...range, minUsd: 90 }])).toBe("Give a US$ range both ends, or leave both empty.");
    expect(message([range, range])).toBe("A service, size and frequency has two ranges.");
    expect(message([{ ...range, minJmd: 1.5 }])).toBe("The lowest J$ price is a whole number.");
  });
});
