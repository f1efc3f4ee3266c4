/**
 * The owner's billing settings (docs/product.md §15): one row, id 1, inserted by
 * migrations/0016_billing_guards.sql. Read by every billing rule (GCT, terms, deposits,
 * reminders); saved by the Billing settings page.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/server/platform";
import { billingSettings } from "../../../drizzle/schema";
import type { BillingSettings } from "./types";

/** The settings a database without its row reads (the migration's defaults). */
const DEFAULTS: BillingSettings = {
  gctRegistered: false,
  trn: null,
  gctNumber: null,
  paymentTermsDays: 0,
  deposit: { rule: "none", percent: 25, fixedCents: 0 },
  depositHoldHours: 48,
  reminderDays: 7,
  paymentInstructions: null,
};

/** The billing settings (row 1; the defaults if it is missing). One read. Throws what D1 threw. */
export async function readBillingSettings(db: Database): Promise<BillingSettings> {
  const row = await db.select().from(billingSettings).where(eq(billingSettings.id, 1)).get();
  if (!row) return DEFAULTS;
  return {
    gctRegistered: row.gctRegistered,
    trn: row.trn,
    gctNumber: row.gctNumber,
    paymentTermsDays: row.paymentTermsDays,
    deposit: { rule: row.depositRule, percent: row.depositPercent, fixedCents: row.depositFixedCents },
    depositHoldHours: row.depositHoldHours,
    reminderDays: row.reminderDays,
    paymentInstructions: row.paymentInstructions,
  };
}

/**
 * Saves the billing settings (row 1, written whole). The page validates first; the table's CHECKs
 * are the backstop (GCT on needs `trn` and `gctNumber`; terms 0-90 days; hold 1-720 hours;
 * reminder 0-90 days; percent 1-100). Invoices already issued keep the rate and numbers they were
 * issued with; drafts take the new rate when issued. Out: `{status: "saved"}`. Throws RangeError
 * when GCT is on without both numbers, else what D1 threw (a CHECK).
 */
export async function saveBillingSettings(db: Database, settings: BillingSettings, now: Date): Promise<{ status: "saved" }> {
  if (settings.gctRegistered && (!settings.trn || !settings.gctNumber)) {
    throw new RangeError("GCT registration needs the TRN and the GCT registration number");
  }
  const row = {
    gctRegistered: settings.gctRegistered,
    trn: settings.trn,
    gctNumber: settings.gctNumber,
    paymentTermsDays: settings.paymentTermsDays,
    depositRule: settings.deposit.rule,
    depositPercent: settings.deposit.percent,
    depositFixedCents: settings.deposit.fixedCents,
    depositHoldHours: settings.depositHoldHours,
    reminderDays: settings.reminderDays,
    paymentInstructions: settings.paymentInstructions,
    updatedAt: now,
  };
  await db
    .insert(billingSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: billingSettings.id, set: row });
  return { status: "saved" };
}
