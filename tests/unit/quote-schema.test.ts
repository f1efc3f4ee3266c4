import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { todayInJamaica } from "~/domain/dates";
import { FREQUENCIES, PROPERTY_SIZES, SERVICE_TYPES } from "~/domain/enumerations";
import { MAX_PHOTO_BYTES, TEXT_LIMITS } from "~/domain/limits";
import { fileNotImageMessage, fileTooLargeMessage } from "~/domain/texts/messages";
import { quoteSchema } from "~/forms/quote";
import { makePng, VALID_QUOTE } from "../fixtures";

function formData(fields: Record<string, string>, files: File[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append("photos", file);
  return data;
}

function errorsOf(fields: Record<string, string>, files: File[] = []) {
  const submission = parseWithZod(formData(fields, files), { schema: quoteSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("quote schema", () => {
  test("accepts a complete request and trims text", () => {
    const submission = parseWithZod(formData({ ...VALID_QUOTE, name: "  Ana Brown  " }), {
      schema: quoteSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.name).toBe("Ana Brown");
    expect(submission.value.photos).toEqual([]);
    expect(submission.value.preferredDate).toBeUndefined();
  });

  test.each(["name", "email", "phone", "address", "serviceType"] as const)("requires %s", (field) => {
    const errors = errorsOf({ ...VALID_QUOTE, [field]: "" });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]?.[0]).toMatch(/required/);
  });

  test.each(["propertySize", "frequency", "preferredDate", "additionalInfo"] as const)("%s is optional", (field) => {
    expect(errorsOf({ ...VALID_QUOTE, [field]: "" })).toEqual({});
  });

  test("accepts every value of each enumeration", () => {
    for (const serviceType of SERVICE_TYPES) expect(errorsOf({ ...VALID_QUOTE, serviceType })).toEqual({});
    for (const propertySize of PROPERTY_SIZES) expect(errorsOf({ ...VALID_QUOTE, propertySize })).toEqual({});
    for (const frequency of FREQUENCIES) expect(errorsOf({ ...VALID_QUOTE, frequency })).toEqual({});
  });

  test.each([
    ["serviceType", "window-washing"],
    ["propertySize", "huge"],
    ["frequency", "daily"],
  ] as const)("refuses an unknown %s", (field, value) => {
    const errors = errorsOf({ ...VALID_QUOTE, [field]: value });
    expect(errors[field]?.[0]).toMatch(/Please choose a valid/);
  });

  test("a phone number needs at least seven digits and only phone characters", () => {
    expect(errorsOf({ ...VALID_QUOTE, phone: "-------" }).phone).toEqual(["Please enter a valid phone number."]);
    expect(errorsOf({ ...VALID_QUOTE, phone: "call me" }).phone).toEqual(["Please enter a valid phone number."]);
    expect(errorsOf({ ...VALID_QUOTE, phone: "(876) 555-0100" })).toEqual({});
  });

  test("refuses an invalid e-mail address", () => {
    expect(errorsOf({ ...VALID_QUOTE, email: "ana@" }).email).toEqual(["Please enter a valid email address."]);
  });

  test.each(
    Object.entries({
      name: TEXT_LIMITS.name,
      address: TEXT_LIMITS.address,
      additionalInfo: TEXT_LIMITS.additionalInfo,
      phone: TEXT_LIMITS.phone,
    }),
  )("refuses %s longer than its limit", (field, limit) => {
    const filler = field === "phone" ? "5" : "a";
    expect(errorsOf({ ...VALID_QUOTE, [field]: filler.repeat(limit) })).toEqual({});
    expect(errorsOf({ ...VALID_QUOTE, [field]: filler.repeat(limit + 1) })[field]?.[0]).toMatch(`at most ${limit} characters`);
  });

  test("refuses a preferred date in the past, accepts today", () => {
    expect(errorsOf({ ...VALID_QUOTE, preferredDate: "2020-01-01" }).preferredDate).toEqual(["The preferred date cannot be in the past."]);
    expect(errorsOf({ ...VALID_QUOTE, preferredDate: todayInJamaica() })).toEqual({});
    expect(errorsOf({ ...VALID_QUOTE, preferredDate: "tomorrow" }).preferredDate).toBeDefined();
    expect(errorsOf({ ...VALID_QUOTE, preferredDate: "2099-02-30" }).preferredDate).toEqual(["Please pick a valid date."]);
    expect(errorsOf({ ...VALID_QUOTE, preferredDate: "2099-02-28" })).toEqual({});
  });

  test("photos: accepts images up to 5 MB, names the file that is too large or not an image", () => {
    const ok = new File([makePng()], "kitchen.png", { type: "image/png" });
    const big = new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], "huge.png", { type: "image/png" });
    const text = new File(["hello"], "notes.png", { type: "application/octet-stream" });
    expect(errorsOf(VALID_QUOTE, [ok])).toEqual({});
    const errors = errorsOf(VALID_QUOTE, [ok, big, text]);
    expect(errors["photos[1]"]).toEqual([fileTooLargeMessage("huge.png")]);
    expect(errors["photos[2]"]).toEqual([fileNotImageMessage("notes.png")]);
  });

  test("photos: at most five", () => {
    const photo = new File([makePng()], "p.png", { type: "image/png" });
    expect(errorsOf(VALID_QUOTE, Array(5).fill(photo))).toEqual({});
    expect(errorsOf(VALID_QUOTE, Array(6).fill(photo)).photos).toEqual(["You can attach at most 5 photos."]);
  });
});
