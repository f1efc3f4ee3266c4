import { describe, expect, test } from "vitest";
import { CONTACT_STATUSES, QUOTE_STATUSES } from "~/domain/enumerations";
import { CONTACT_BADGES, CONTACT_STEPS, isAllowedStep, QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";

describe("status machines", () => {
  test("quote requests: pending → quoted → completed, nothing else", () => {
    const allowed = QUOTE_STATUSES.flatMap((from) =>
      QUOTE_STATUSES.filter((to) => isAllowedStep(QUOTE_STEPS, from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(["pending→quoted", "quoted→completed"]);
    expect(QUOTE_STEPS.pending?.label).toBe("Mark Quoted");
    expect(QUOTE_STEPS.quoted?.label).toBe("Complete");
    expect(QUOTE_STEPS.completed).toBeUndefined();
    expect(QUOTE_STEPS.cancelled).toBeUndefined();
  });

  test("contact messages: unread → read → responded, nothing else", () => {
    const allowed = CONTACT_STATUSES.flatMap((from) =>
      CONTACT_STATUSES.filter((to) => isAllowedStep(CONTACT_STEPS, from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(["unread→read", "read→responded"]);
    expect(CONTACT_STEPS.unread?.label).toBe("Mark Read");
    expect(CONTACT_STEPS.read?.label).toBe("Mark Responded");
  });

  test("unknown targets are refused", () => {
    expect(isAllowedStep(QUOTE_STEPS, "pending", "deleted")).toBe(false);
    expect(isAllowedStep(CONTACT_STEPS, "unread", "")).toBe(false);
  });

  test("badges follow docs/product.md §4", () => {
    expect(QUOTE_BADGES).toEqual({ pending: "outline", quoted: "secondary", completed: "default", cancelled: "destructive" });
    expect(CONTACT_BADGES).toEqual({ unread: "outline", read: "secondary", responded: "default" });
  });
});
