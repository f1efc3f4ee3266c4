/** The add-review form's date (app/forms/review.ts): a real date, today in Jamaica at the latest. */
import { describe, expect, test } from "vitest";
import { addDays, format } from "date-fns";
import { tz } from "@date-fns/tz";
import { reviewFormSchema } from "~/forms/review";
import { todayInJamaica } from "~/domain/dates";

const review = (reviewedOn: string) => ({
  intent: "add",
  author: "K. B.",
  area: "Ironshore",
  serviceType: "residential",
  rating: "5",
  body: "Spotless.",
  reviewedOn,
});

const dateError = (reviewedOn: string) => {
  const parsed = reviewFormSchema.safeParse(review(reviewedOn));
  return parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === "reviewedOn")?.message;
};

describe("a review's date", () => {
  test("today in Jamaica and earlier days are accepted", () => {
    expect(dateError(todayInJamaica())).toBeNull();
    expect(dateError("2024-02-29")).toBeNull();
  });

  test("a day after today in Jamaica is refused", () => {
    const tomorrow = format(addDays(new Date(), 1, { in: tz("America/Jamaica") }), "yyyy-MM-dd", { in: tz("America/Jamaica") });
    expect(dateError(tomorrow)).toBe("Date cannot be in the future.");
    expect(dateError("2999-01-01")).toBe("Date cannot be in the future.");
  });

  test("a date that does not exist is still refused as such", () => {
    expect(dateError("2025-02-30")).toBe("Date must be a date (YYYY-MM-DD).");
  });
});
