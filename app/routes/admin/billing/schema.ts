/**
 * The form of /admin/billing (docs/product.md §15): the owner's billing settings, saved whole.
 * `gctRegistered` ("on" when ticked) with the TRN (9 digits; spaces and dashes as printed are
 * taken) and the GCT registration number, both required when it is ticked; the payment terms
 * (days); the deposit rule (`none`, `percent` with `depositPercent`, `fixed` with
 * `depositFixed`, an amount in J$ read by app/domain/billing.ts `parseAmount`); the hours before an
 * unpaid deposit releases its window; the days after the due date of the one automatic reminder
 * (0: off); the payment instructions printed on invoices. The rules across fields put their
 * message under the field to change.
 */
import { DEPOSIT_RULES } from "~/domain/enumerations";
import { parseAmount } from "~/domain/billing";
import { optionalText } from "~/forms/fields";
import { z } from "~/forms/zod";

/** The limits of the settings (the table's CHECKs, drizzle/schema.ts `billing_settings`). */
export const BILLING_LIMITS = {
  paymentTermsDays: { min: 0, max: 90 },
  depositPercent: { min: 1, max: 100 },
  depositHoldHours: { min: 1, max: 720 },
  reminderDays: { min: 0, max: 90 },
  gctNumber: 30,
  paymentInstructions: 1000,
} as const;

/** A whole number typed in a number field, from `range.min` to `range.max`; `message` says so in the field's words. */
function wholeNumberIn(range: { min: number; max: number }, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,5}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(range.min, { error: message }).max(range.max, { error: message }));
}

/** A TRN as printed ("123-456-789", "123 456 789") without its separators. */
export const trnDigits = (value: string) => value.replace(/[\s-]/g, "");

const { paymentTermsDays, depositPercent, depositHoldHours, reminderDays } = BILLING_LIMITS;

/** Every field of the settings form; the rules across fields follow in `billingFormSchema`. */
const billingShape = z.object({
  gctRegistered: z.literal("on", { error: "Please tick or untick the box." }).optional(),
  trn: optionalText("TRN", 20),
  gctNumber: optionalText("GCT registration number", BILLING_LIMITS.gctNumber),
  paymentTermsDays: wholeNumberIn(
    paymentTermsDays,
    `Payment terms must be a whole number of days from ${paymentTermsDays.min} to ${paymentTermsDays.max}.`,
  ),
  depositRule: z.enum(DEPOSIT_RULES, { error: "Choose no deposit, a percentage or a fixed amount." }),
  depositPercent: optionalText("Deposit percentage", 5),
  depositFixed: optionalText("Fixed deposit", 30),
  depositHoldHours: wholeNumberIn(
    depositHoldHours,
    `Hours to pay a deposit must be a whole number from ${depositHoldHours.min} to ${depositHoldHours.max} (30 days).`,
  ),
  reminderDays: wholeNumberIn(
    reminderDays,
    `The automatic reminder must be a whole number of days from ${reminderDays.min} to ${reminderDays.max} (0 turns it off).`,
  ),
  paymentInstructions: optionalText("Payment instructions", BILLING_LIMITS.paymentInstructions, { multiline: true }),
});

const PERCENT_MESSAGE = `Enter the deposit as a whole percentage from ${depositPercent.min} to ${depositPercent.max}.`;

/** The settings form: each field, then what one field asks of another (GCT's numbers, the deposit's figure). */
export const billingFormSchema = billingShape.superRefine((value, context) => {
  const registered = value.gctRegistered === "on";
  const trn = value.trn ? trnDigits(value.trn) : "";
  if (registered && !trn)
    context.addIssue({ code: "custom", path: ["trn"], message: "Enter the business's TRN: a Tax Invoice must show it." });
  else if (trn && !/^\d{9}$/.test(trn))
    context.addIssue({ code: "custom", path: ["trn"], message: "A TRN is 9 digits, for example 123-456-789." });
  if (registered && !value.gctNumber)
    context.addIssue({
      code: "custom",
      path: ["gctNumber"],
      message: "Enter the GCT registration number from Tax Administration Jamaica: a Tax Invoice must show it.",
    });
  if (value.depositRule === "percent") {
    const percent = value.depositPercent ?? "";
    const number = /^\d{1,3}$/.test(percent) ? Number(percent) : NaN;
    if (!(number >= depositPercent.min && number <= depositPercent.max))
      context.addIssue({ code: "custom", path: ["depositPercent"], message: PERCENT_MESSAGE });
  }
  if (value.depositRule === "fixed") {
    const amount = parseAmount(value.depositFixed ?? "");
    if (!amount.ok) context.addIssue({ code: "custom", path: ["depositFixed"], message: amount.message });
  }
});

export type BillingFormValue = z.output<typeof billingFormSchema>;
