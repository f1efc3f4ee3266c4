import { describe, expect, test } from "vitest";
import { CONTACT_STATUSES, QUOTE_STATUSES } from "~/domain/enumerations";
import {
  CONTACT_BADGES,
  CONTACT_STEPS,
  isAllowedStep,
  isOverdue,
  QUOTE_BADGES,
  QUOTE_CANCEL_FROM,
  QUOTE_REOPEN_FROM,
  QUOTE_STEPS,
  reopenStatus,
} from "~/domain/status";

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

  test("quote requests beside the steps: cancelled while open, reopened once closed (to quoted if it ever was), 'Complete' confirmed first", () => {
    expect(QUOTE_CANCEL_FROM).toEqual(["pending", "quoted"]);
    expect(QUOTE_REOPEN_FROM).toEqual(["completed", "cancelled"]);
    expect(reopenStatus(true)).toBe("quoted");
    expect(reopenStatus(false)).toBe("pending");
    expect(QUOTE_STEPS.quoted?.confirm).toBe("complete");
    expect(QUOTE_STEPS.pending?.confirm).toBeUndefined();
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

describe("overdue (docs/product.md §10 'New and overdue')", () => {
  const now = new Date("2026-11-23T15:00:00Z");
  const hoursAgo = (hours: number) => now.getTime() - hours * 3_600_000;

  test("a pending quote request or an unread message is overdue from 24 hours after it arrived", () => {
    expect(isOverdue("quote_request", "pending", hoursAgo(24), now)).toBe(true);
    expect(isOverdue("quote_request", "pending", hoursAgo(23.99), now)).toBe(false);
    expect(isOverdue("contact_message", "unread", hoursAgo(30), now)).toBe(true);
    expect(isOverdue("contact_message", "unread", hoursAgo(1), now)).toBe(false);
  });

  test("any other status is never overdue, however old", () => {
    for (const status of QUOTE_STATUSES.filter((status) => status !== "pending")) {
      expect(isOverdue("quote_request", status, hoursAgo(500), now)).toBe(false);
    }
    for (const status of CONTACT_STATUSES.filter((status) => status !== "unread")) {
      expect(isOverdue("contact_message", status, hoursAgo(500), now)).toBe(false);
    }
    // A quote's attention status means nothing for a message, and the other way round.
    expect(isOverdue("contact_message", "pending", hoursAgo(500), now)).toBe(false);
    expect(isOverdue("quote_request", "unread", hoursAgo(500), now)).toBe(false);
  });
});
