/**
 * The rules of money, pure (docs/product.md §15 "Invoices and payments"): amounts are Jamaican
 * dollars in integer cents, General Consumption Tax, an invoice's totals, its due date, its
 * state as customers and staff read it, its age in the Unpaid view, and a booking's deposit.
 * Shared by the server (which stores and freezes the figures) and the forms (which show them
 * before saving), so both compute the same cents.
 */
import type { DepositRule, InvoiceKind, InvoiceStatus } from "./enumerations";

/**
 * General Consumption Tax's standard rate, in basis points (1500 = 15%). Source: Tax
 * Administration Jamaica, "General Consumption Tax" (the standard rate is 15%; a business must
 * register once its taxable supplies exceed J$10,000,000 in twelve months, and may charge GCT only
 * when registered). The rate used is frozen on each invoice at issue (`invoices.tax_rate_bp`).
 */
export const GCT_RATE_BP = 1500;

/** The registration threshold of GCT, in cents (J$10,000,000 a year; source as `GCT_RATE_BP`). */
export const GCT_THRESHOLD_CENTS = 10_000_000_00;

/** The largest amount any one field takes, in cents: J$100,000,000.00 (a typo guard, far above any cleaning job). */
export const MAX_AMOUNT_CENTS = 100_000_000_00;

/** The most lines an invoice has (a month of daily visits fits with room). */
export const MAX_INVOICE_LINES = 60;

/** The longest a line's description is, in characters. */
export const MAX_LINE_DESCRIPTION = 200;

/** The most of one line (quantity), e.g. 31 visits or 12 hours. */
export const MAX_LINE_QUANTITY = 1000;

const grouped = new Intl.NumberFormat("en-JM", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** `1800000` → "J$18,000.00"; a negative amount "-J$500.00". Always two decimals, grouped by thousands. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}J$${grouped.format(Math.abs(cents) / 100)}`;
}

/** `1800000` → "18000.00": the value of an amount field, and a CSV cell (no symbol, no grouping). */
export function centsToPlain(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Whole dollars (a quote's or a visit's `amount_jmd`) in cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars) * 100;
}

export type ParsedAmount = { ok: true; cents: number } | { ok: false; message: string };

/**
 * An amount as staff type it, in Jamaican dollars: "18000", "18,000", "18,000.50", "J$18,000.00",
 * " 250.5 ". Refused with a message to show beside the field: empty, not a number, negative, more
 * than two decimals, another currency's sign ("US$", "$" alone is read as J$), or above
 * MAX_AMOUNT_CENTS. `allowZero` accepts 0 (a discount, a fixed deposit left empty).
 */
export function parseAmount(input: string, options: { allowZero?: boolean } = {}): ParsedAmount {
  const text = input.trim();
  if (text === "") return { ok: false, message: "Enter an amount in Jamaican dollars." };
  if (/^-/.test(text) || /^(J\$|\$)\s*-/i.test(text))
    return { ok: false, message: "Enter an amount of zero or more, without a minus sign." };
  if (/\b(US|USD|EUR|GBP|CAD|TTD|BBD)\b|US\$|€|£/i.test(text)) return { ok: false, message: "Amounts are in Jamaican dollars (J$) only." };
  const bare = text.replace(/^(JMD|J\$|\$)\s*/i, "").replace(/\s*JMD$/i, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(bare)) {
    return { ok: false, message: "Enter an amount like 18000 or 18,000.50." };
  }
  const [whole = "0", fraction = ""] = bare.replace(/,/g, "").split(".");
  if (whole.length > 12) return { ok: false, message: `Enter at most ${formatCents(MAX_AMOUNT_CENTS)}.` };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, message: `Enter at most ${formatCents(MAX_AMOUNT_CENTS)}.` };
  if (cents === 0 && !options.allowZero) return { ok: false, message: "Enter an amount above J$0.00." };
  return { ok: true, cents };
}

/** One line of an invoice as it is priced: `unitCents` may be negative only for a deduction (a deposit paid). */
export interface PricedLine {
  quantity: number;
  unitCents: number;
}

export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  /** GCT on (subtotal - discount) at the invoice's rate, rounded half up to the cent. */
  taxCents: number;
  totalCents: number;
}

/**
 * An invoice's figures from its lines: subtotal = Σ quantity × unit; the discount comes off the
 * subtotal (never below zero: clamped to the subtotal); GCT = (subtotal - discount) × rate, rounded
 * half up to the cent (one tax line per invoice, as a Tax Invoice shows it); total = subtotal -
 * discount + GCT. `taxRateBp` is 0 when the business is not registered for GCT.
 */
export function invoiceTotals(lines: readonly PricedLine[], discountCents: number, taxRateBp: number): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  const discount = Math.max(0, Math.min(discountCents, Math.max(subtotalCents, 0)));
  const taxable = subtotalCents - discount;
  const taxCents = taxable > 0 ? Math.floor((taxable * taxRateBp + 5000) / 10000) : 0;
  return { subtotalCents, discountCents: discount, taxCents, totalCents: taxable + taxCents };
}

/** "Tax Invoice" when GCT was charged (Tax Administration Jamaica's name for it), else "Invoice"; "Credit Note" for a credit note. */
export function documentTitle(kind: InvoiceKind, taxRateBp: number): string {
  if (kind === "credit_note") return taxRateBp > 0 ? "Tax Credit Note" : "Credit Note";
  return taxRateBp > 0 ? "Tax Invoice" : "Invoice";
}

/** "15%" from 1500 basis points. */
export function formatRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/**
 * The number of an issued document: "INV-2026-0001" (a credit note "CN-2026-0001"), the year of
 * its issue date in Jamaica, then its place in that year's series, four digits at least. Numbers
 * run without gaps or repeats per series (app/server/billing/ gives them in SQL).
 */
export function documentSeries(kind: InvoiceKind, issueDay: string): string {
  return `${kind === "credit_note" ? "CN" : "INV"}-${issueDay.slice(0, 4)}`;
}

/** `documentSeries` and a sequence number as the printed number. */
export function documentNumber(series: string, seq: number): string {
  return `${series}-${String(seq).padStart(4, "0")}`;
}

/**
 * When an invoice is due: `termsDays` (the owner's setting, 0 = on the day) after the day of the
 * work (the visit's day; for a month of visits, the month's last visit; otherwise the issue day),
 * never before the issue day. ISO dates (YYYY-MM-DD) in Jamaica.
 */
export function dueDay(issueDay: string, workDay: string | null, termsDays: number): string {
  const from = workDay && workDay > issueDay ? workDay : issueDay;
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + termsDays);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `fromDay` to `toDay` (ISO dates): positive when `toDay` is later. */
export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T12:00:00Z`) - Date.parse(`${fromDay}T12:00:00Z`)) / 86_400_000);
}

/** An unpaid invoice's age in the Unpaid view, by days past its due date: not yet due or due today, 1-30, 31-60, over 60. */
export const AGING_BUCKETS = ["current", "1-30", "31-60", "over-60"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: "Current",
  "1-30": "1-30 days overdue",
  "31-60": "31-60 days overdue",
  "over-60": "Over 60 days overdue",
};

/** The bucket of an invoice due on `dueDate` on `today` (ISO dates, Jamaica). */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return "current";
  if (late <= 30) return "1-30";
  if (late <= 60) return "31-60";
  return "over-60";
}

/**
 * An invoice's state as people read it, derived, never stored: draft, void, paid (balance 0 or
 * less), partly paid (something received), overdue (nothing or part received after the due date
 * is shown as overdue by `isOverdue`, not here), issued (nothing received yet).
 */
export const INVOICE_STATES = ["draft", "issued", "partly_paid", "paid", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: "Draft",
  issued: "Issued",
  partly_paid: "Partly paid",
  paid: "Paid",
  void: "Void",
};

/**
 * The state of an invoice from its stored status, its total after credit notes (`dueCents`:
 * total - credited) and its balance (dueCents - paid + refunded; app/server/billing/ reads both in SQL).
 */
export function invoiceState(status: InvoiceStatus, dueCents: number, balanceCents: number): InvoiceState {
  if (status === "draft") return "draft";
  if (status === "void") return "void";
  if (balanceCents <= 0) return "paid";
  return balanceCents < dueCents ? "partly_paid" : "issued";
}

/** True when an issued invoice still owes money after its due date (ISO dates, Jamaica). */
export function isOverdue(status: InvoiceStatus, balanceCents: number, dueDate: string | null, today: string): boolean {
  return status === "issued" && balanceCents > 0 && dueDate !== null && dueDate < today;
}

/** The owner's deposit rule (billing_settings). */
export interface DepositSetting {
  rule: DepositRule;
  /** 1-100, for `percent`. */
  percent: number;
  /** For `fixed`, in cents. */
  fixedCents: number;
}

/**
 * The deposit a booking of `priceCents` (before GCT) needs, in cents before GCT: 0 when the rule
 * is none; a percentage rounded half up to the dollar; a fixed amount never above the price.
 */
export function depositCents(setting: DepositSetting, priceCents: number): number {
  if (setting.rule === "none" || priceCents <= 0) return 0;
  if (setting.rule === "fixed") return Math.min(setting.fixedCents, priceCents);
  const raw = (priceCents * setting.percent) / 100;
  return Math.min(priceCents, Math.round(raw / 100) * 100);
}
