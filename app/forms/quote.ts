/**
 * The 'Get Your Free Quote' form (docs/product.md §3 "Quote request", §5 "Quote form").
 * One schema for the browser (Conform's client validation) and the server (the authority).
 *
 * Required: name, email, phone, address, serviceType. Optional: propertySize, frequency,
 * preferredDate (not in the past, Jamaica time), additionalInfo, photos.
 */
import { z } from "./zod";
import { todayInJamaica } from "~/domain/dates";
import { FREQUENCIES, PROPERTY_SIZES, SERVICE_TYPES } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { choice, emailSchema, optionalText, phoneSchema, requiredText } from "./fields";
import { photosSchema } from "./photos";

/** True for a real calendar date: "2099-02-28" yes, "2099-02-30" no. */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const preferredDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please pick a date." })
  .refine(isCalendarDate, { error: "Please pick a valid date." })
  .refine((value) => value >= todayInJamaica(), {
    error: "The preferred date cannot be in the past.",
  })
  .optional();

export const quoteSchema = z.object({
  name: requiredText("Full name", TEXT_LIMITS.name),
  email: emailSchema,
  phone: phoneSchema,
  address: requiredText("Property address", TEXT_LIMITS.address),
  serviceType: z.enum(SERVICE_TYPES, {
    error: (issue) => (issue.input === undefined ? "Service type is required." : "Please choose a valid service type."),
  }),
  propertySize: choice(PROPERTY_SIZES, "Property size").optional(),
  frequency: choice(FREQUENCIES, "Frequency").optional(),
  preferredDate: preferredDateSchema,
  additionalInfo: optionalText("Additional information", TEXT_LIMITS.additionalInfo, { multiline: true }),
  photos: photosSchema,
});

export type QuoteInput = z.infer<typeof quoteSchema>;
