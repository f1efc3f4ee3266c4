/** The admin's site content forms (app/forms/content-admin.ts): fields to content and back, messages by field, anchors, moves. */
import { describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import {
  businessFromValues,
  businessValues,
  faqIdFor,
  faqsWithEdit,
  moved,
  parsePublished,
  serviceValues,
  servicesWithEdit,
  splitLines,
  splitParagraphs,
} from "~/forms/content-admin";

const PHOTOS = new Set(STARTING_CONTENT.services.map((service) => service.photo));

describe("content admin forms", () => {
  test("the starting business facts and services go to their forms and back unchanged (the phone then in E.164)", () => {
    const business = { ...STARTING_CONTENT.business, phone: "+18765550123" };
    expect(STARTING_CONTENT.business.phone).toBe("+1 876 555 0123");
    expect(businessFromValues(businessValues(STARTING_CONTENT.business))).toEqual({ ok: true, body: business });
    expect(businessValues(business).phone).toBe("+1 876-555-0123");
    expect(businessFromValues(businessValues(business))).toEqual({ ok: true, body: business });
    const service = STARTING_CONTENT.services[2]!;
    expect(servicesWithEdit(STARTING_CONTENT.services, service.slug, serviceValues(service), PHOTOS)).toEqual({
      ok: true,
      body: STARTING_CONTENT.services,
    });
  });

  test("a day's messages land under day<n>, the figures' under their names; a day with no times is closed", () => {
    const values = {
      ...businessValues(STARTING_CONTENT.business),
      day1Opens: "18:00",
      day1Closes: "08:00",
      homeTrustedBy: "",
      day3Opens: "",
      day3Closes: "",
    };
    const result = businessFromValues(values);
    expect(result).toEqual({
      ok: false,
      errors: { day1: "A day's hours must close after they open.", homeTrustedBy: "Enter the home page's client figure." },
    });
    const closed = businessFromValues({ ...businessValues(STARTING_CONTENT.business), day3Opens: "", day3Closes: "" });
    expect(closed.ok && closed.body.hours[2]).toEqual({ opens: null, closes: null, note: "" });
  });

  test("lines and paragraphs: blank lines and spaces dropped, a paragraph's lines joined", () => {
    expect(splitLines(" Montego Bay \n\n Rose Hall\n")).toEqual(["Montego Bay", "Rose Hall"]);
    expect(splitParagraphs("One\nline.\n\n  \nTwo.")).toEqual(["One line.", "Two."]);
  });

  test("a new FAQ's anchor comes from its question and is unique", () => {
    expect(faqIdFor("Do you clean on Sundays?", [])).toBe("faq-do-you-clean-on-sundays");
    expect(faqIdFor("Do you clean on Sundays?", ["faq-do-you-clean-on-sundays"])).toBe("faq-do-you-clean-on-sundays-2");
    expect(faqIdFor("¿Qué?", [])).toBe("faq-que");
    expect(faqIdFor("???", [])).toBe("faq-question");
    const added = faqsWithEdit(STARTING_CONTENT.faqs, null, { question: "Are you insured?", answer: "Yes." });
    expect(added.ok && added.body.at(-1)).toEqual({
      id: "faq-are-you-insured",
      question: "Are you insured?",
      answer: "Yes.",
      onHome: false,
    });
    expect(faqsWithEdit(STARTING_CONTENT.faqs, null, { question: " ", answer: "" })).toEqual({
      ok: false,
      errors: { question: "Enter the question.", answer: "Enter the answer." },
    });
  });

  test("moves swap neighbours and stop at the ends; published JSON is checked again", () => {
    expect(moved(["a", "b", "c"], 0, "down")).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 0, "up")).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, "down")).toEqual(["a", "b", "c"]);
    expect(parsePublished("faqs", JSON.stringify(STARTING_CONTENT.faqs), PHOTOS)).toEqual(STARTING_CONTENT.faqs);
    expect(parsePublished("faqs", "{", PHOTOS)).toBeNull();
    expect(parsePublished("business", JSON.stringify({ ...STARTING_CONTENT.business, phone: "12" }), PHOTOS)).toBeNull();
    const photoless = STARTING_CONTENT.services.map((service) => ({ ...service, photo: "elsewhere" }));
    expect(parsePublished("services", JSON.stringify(photoless), PHOTOS)).toBeNull();
  });
});
