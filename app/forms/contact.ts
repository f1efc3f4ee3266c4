/**
 * The contact form (docs/product.md §3 "Contact message", §5 "Contact form"). One schema for
 * the browser and the server. Required: name, email, message. Optional: phone, photos.
 */
import { z } from "./zod";
import { TEXT_LIMITS } from "~/domain/limits";
import { photosSchema } from "./photos";
import { emailSchema, phoneSchema, requiredText } from "./fields";

/** Where the contact form was sent from; success returns there. */
export const CONTACT_RETURN_TO = ["/contact", "/"] as const;

export const contactSchema = z.object({
  name: requiredText("Full name", TEXT_LIMITS.name),
  email: emailSchema,
  phone: phoneSchema.optional(),
  message: requiredText("Message", TEXT_LIMITS.message, { multiline: true }),
  photos: photosSchema,
  /** Not stored: the page to return to after sending. */
  returnTo: z.enum(CONTACT_RETURN_TO).default("/contact"),
});

export type ContactInput = z.infer<typeof contactSchema>;
