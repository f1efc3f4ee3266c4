/**
 * The business identity from wrangler.toml `[vars]`, validated once per request.
 *
 * In:  the Worker's bindings. Out: a `Company` with trimmed strings.
 * Throws a ZodError naming the missing or empty variable (a deploy mistake, not visitor input).
 */
import { z } from "zod";

const companySchema = z.object({
  COMPANY_NAME: z.string().trim().min(1),
  COMPANY_PHONE: z.string().trim().min(1),
  COMPANY_EMAIL: z.email(),
  /** Digits only, international format without '+', as wa.me expects. */
  COMPANY_WHATSAPP: z.string().regex(/^\d{7,15}$/),
  NOTIFY_EMAIL: z.email(),
  /** The company's social profile for 'View More Work'; empty when there is none. */
  SOCIAL_URL: z.union([z.url({ protocol: /^https$/ }), z.literal("")]).default(""),
});

export interface Company {
  name: string;
  phone: string;
  email: string;
  whatsapp: string;
  notifyEmail: string;
  /** Absolute https URL, or null. */
  socialUrl: string | null;
}

export function readCompany(env: CloudflareBindings): Company {
  const vars = companySchema.parse(env);
  return {
    name: vars.COMPANY_NAME,
    phone: vars.COMPANY_PHONE,
    email: vars.COMPANY_EMAIL,
    whatsapp: vars.COMPANY_WHATSAPP,
    notifyEmail: vars.NOTIFY_EMAIL,
    socialUrl: vars.SOCIAL_URL || null,
  };
}
