/**
 * The forms of an invoice's page (/admin/invoices/<id>, docs/product.md §15), by `intent`: the
 * draft's editor ('Save draft', 'Issue and e-mail'), 'Delete draft', and on an issued invoice
 * 'Record a payment', 'Record a refund', 'Credit note', 'Void', 'Send reminder' and 'Resend
 * invoice'. Amounts are typed in J$ as staff write them (app/domain/billing.ts `parseAmount`);
 * `draftInput`/`amountOf` turn a parsed form into what app/server/billing takes. A blank line of
 * the editor (every field empty: the rows shown for adding without JavaScript) is ignored.
 */
import {
  MAX_AMOUNT_CENTS,
  MAX_INVOICE_LINES,
  MAX_LINE_DESCRIPTION,
  MAX_LINE_QUANTITY,
  formatCents,
  invoiceTotals,
  parseAmount,
} from "~/domain/billing";
import { STAFF_PAYMENT_METHODS } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { isoDateSchema, optionalText, requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";

/** The most characters of a reason (credit note, void, refund) and of a payment's note, as app/server/billing keeps them. */
export const MAX_REASON = 500;

/** The most rows the editor's form may carry (blank ones included): twice the lines an invoice may have, so a form with too many lines gets a message, not the gate's refusal. */
export const MAX_EDITOR_ROWS = MAX_INVOICE_LINES * 2;

/** The fields of one editor row, by their form names (`lines[3].description`). */
export const LINE_FIELDS = ["description", "quantity", "unit", "visitId", "deduction"] as const;

/** One row as posted: every field text, blank allowed (the row is checked as a whole). */
const rowSchema = z.object({
  description: z
    .string()
    .max(MAX_LINE_DESCRIPTION + 1)
    .optional(),
  quantity: z.string().max(20).optional(),
  unit: z.string().max(40).optional(),
  /** The visit a line bills (kept from the draft as it was made). */
  visitId: z.string().max(40).optional(),
  /** "1" on a deposit already paid, deducted (its unit is negative and not editable). */
  deduction: z.string().max(1).optional(),
});
type Row = z.infer<typeof rowSchema>;

/** True when the row has nothing typed in it. */
export function isBlankRow(row: Row): boolean {
  return !row.description?.trim() && !row.quantity?.trim() && !row.unit?.trim();
}

/** A row's unit price in cents, or the message to show beside it. A deduction's "-5000.00" is read as minus the amount. */
export function rowUnit(row: Row): { ok: true; cents: number } | { ok: false; message: string } {
  const text = (row.unit ?? "").trim();
  if (row.deduction === "1") {
    const parsed = parseAmount(text.replace(/^-/, ""), { allowZero: true });
    return parsed.ok ? { ok: true, cents: -parsed.cents } : parsed;
  }
  return parseAmount(text, { allowZero: true });
}

/** A row's quantity, or null when it is not a whole number from 1 to MAX_LINE_QUANTITY. */
export function rowQuantity(row: Row): number | null {
  const text = (row.quantity ?? "").trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

const optionalEmail = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email, { error: `E-mail must be at most ${TEXT_LIMITS.email} characters.` })
  .refine((value) => value === "" || z.email().safeParse(value).success, { error: "Please enter a valid e-mail address." })
  .optional();

/** The editor's fields, shared by 'Save draft' and 'Issue and e-mail'. */
const draftFields = {
  billToName: requiredText("Bill to", TEXT_LIMITS.name),
  billToEmail: optionalEmail,
  billToPhone: optionalText("Phone", TEXT_LIMITS.phone),
  billToAddress: optionalText("Address", TEXT_LIMITS.address, { multiline: true }),
  lines: z
    .array(rowSchema)
    .max(MAX_EDITOR_ROWS, { error: `An invoice has at most ${MAX_INVOICE_LINES} lines.` })
    .optional(),
  discount: z.string().max(40).optional(),
  dueDate: isoDateSchema,
  notes: optionalText("Notes", TEXT_LIMITS.note, { multiline: true }),
};

/** Every check of the editor that needs more than one field: each line, the number of lines, the discount, the figures' limits. */
function checkDraft(value: { lines?: Row[]; discount?: string }, context: z.RefinementCtx) {
  const rows = value.lines ?? [];
  const priced: Array<{ quantity: number; unitCents: number }> = [];
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const description = (row.description ?? "").trim();
    if (!description) context.addIssue({ code: "custom", path: ["lines", index, "description"], message: "Describe the line." });
    else if (description.length > MAX_LINE_DESCRIPTION)
      context.addIssue({
        code: "custom",
        path: ["lines", index, "description"],
        message: `A line's description is at most ${MAX_LINE_DESCRIPTION} characters.`,
      });
    const quantity = rowQuantity(row);
    if (quantity === null)
      context.addIssue({
        code: "custom",
        path: ["lines", index, "quantity"],
        message: `Enter a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
      });
    const unit = rowUnit(row);
    if (!unit.ok) context.addIssue({ code: "custom", path: ["lines", index, "unit"], message: unit.message });
    if (quantity !== null && unit.ok) {
      if (Math.abs(quantity * unit.cents) > MAX_AMOUNT_CENTS)
        context.addIssue({
          code: "custom",
          path: ["lines", index, "unit"],
          message: `A line comes to at most ${formatCents(MAX_AMOUNT_CENTS)}.`,
        });
      priced.push({ quantity, unitCents: unit.cents });
    }
  });
  const count = rows.filter((row) => !isBlankRow(row)).length;
  if (count > MAX_INVOICE_LINES)
    context.addIssue({ code: "custom", path: ["lines"], message: `An invoice has at most ${MAX_INVOICE_LINES} lines: remove some.` });
  const discountText = (value.discount ?? "").trim();
  const discount = discountText === "" ? { ok: true as const, cents: 0 } : parseAmount(discountText, { allowZero: true });
  if (!discount.ok) {
    context.addIssue({ code: "custom", path: ["discount"], message: discount.message });
    return;
  }
  const subtotal = priced.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  if (discount.cents > 0 && discount.cents > subtotal)
    context.addIssue({
      code: "custom",
      path: ["discount"],
      message: `The discount is more than the lines come to (${formatCents(subtotal)}).`,
    });
  if (subtotal > MAX_AMOUNT_CENTS)
    context.addIssue({ code: "custom", path: ["lines"], message: `An invoice comes to at most ${formatCents(MAX_AMOUNT_CENTS)}.` });
}

/** 'Save draft' and 'Issue and e-mail' send the same editor. */
export const draftSchema = z
  .object({ intent: z.enum(["save-draft", "issue"]), ...draftFields })
  .superRefine((value, context) => checkDraft(value, context));

/** An amount field that must be above zero (the payment, refund and credit note forms). */
const amountField = z.string({ error: "Enter an amount in Jamaican dollars." }).max(40);

/** Refuses `text` beside the amount field when it is not an amount above zero. */
function checkAmount(text: string, context: z.RefinementCtx) {
  const amount = parseAmount(text);
  if (!amount.ok) context.addIssue({ code: "custom", path: ["amount"], message: amount.message });
}

const methodField = z.enum(STAFF_PAYMENT_METHODS, { error: "Choose how it was paid." });

/** 'Record a payment'. */
export const paymentSchema = z
  .object({
    intent: z.literal("payment"),
    method: methodField,
    amount: amountField,
    paidOn: isoDateSchema,
    reference: optionalText("Reference", 100),
    note: optionalText("Note", MAX_REASON, { multiline: true }),
    excess: z.enum(["refuse", "tip", "credit"], { error: "Choose what to do with more than what is owed." }),
    key: z.uuid({ error: "Reload the page and try again." }),
  })
  .superRefine((value, context) => {
    checkAmount(value.amount, context);
    if (value.method === "bank_transfer" && !value.reference)
      context.addIssue({ code: "custom", path: ["reference"], message: "Enter the bank transfer's reference." });
  });

/** 'Record a refund'. */
export const refundSchema = z
  .object({
    intent: z.literal("refund"),
    method: methodField,
    amount: amountField,
    paidOn: isoDateSchema,
    reference: optionalText("Reference", 100),
    reason: requiredText("Reason", MAX_REASON, { multiline: true }),
    key: z.uuid({ error: "Reload the page and try again." }),
  })
  .superRefine((value, context) => checkAmount(value.amount, context));

/** 'Credit note': one line (what it corrects and the amount before GCT) and the reason. */
export const creditNoteSchema = z
  .object({
    intent: z.literal("credit-note"),
    description: requiredText("What it corrects", MAX_LINE_DESCRIPTION),
    amount: amountField,
    reason: requiredText("Reason", MAX_REASON, { multiline: true }),
  })
  .superRefine((value, context) => checkAmount(value.amount, context));

/** 'Void': the reason is required (it is printed on the void document). */
export const voidSchema = z.object({
  intent: z.literal("void"),
  reason: requiredText("Reason", MAX_REASON, { multiline: true }),
});

/** The one-button forms. */
export const buttonSchema = z.object({ intent: z.enum(["delete-draft", "remind", "resend"]) });

/** Every form of the page. */
export const invoiceFormSchema = z.discriminatedUnion("intent", [
  draftSchema,
  paymentSchema,
  refundSchema,
  creditNoteSchema,
  voidSchema,
  buttonSchema,
]);
export type InvoiceForm = z.infer<typeof invoiceFormSchema>;

/** The cents of an amount field the schema accepted (it re-reads the text `parseAmount` checked). */
export function amountOf(text: string): number {
  const parsed = parseAmount(text);
  return parsed.ok ? parsed.cents : 0;
}

/** The editor's figures from an accepted form: the non-blank lines and the discount in cents. */
export function draftFigures(value: z.infer<typeof draftSchema>) {
  const lines = (value.lines ?? [])
    .filter((row) => !isBlankRow(row))
    .map((row) => {
      const unit = rowUnit(row);
      return {
        description: (row.description ?? "").trim(),
        quantity: rowQuantity(row) ?? 1,
        unitCents: unit.ok ? unit.cents : 0,
        visitId: row.visitId?.trim() || null,
      };
    });
  const discountText = (value.discount ?? "").trim();
  const discount = discountText === "" ? 0 : parseAmount(discountText, { allowZero: true });
  const discountCents = typeof discount === "number" ? discount : discount.ok ? discount.cents : 0;
  return { lines, discountCents, totals: (taxRateBp: number) => invoiceTotals(lines, discountCents, taxRateBp) };
}
