/**
 * A customer's page's Billing card (/admin/customers/<id>, docs/product.md §15): what they owe
 * across their issued invoices (app/server/billing `customerBalance`), their invoices and credit
 * notes (`invoicesOfCustomer`) with state, total and balance, and the last 12 months (Jamaica)
 * that 'Invoice a month of visits' offers.
 */
import { formatCents } from "~/domain/billing";
import { todayInJamaica } from "~/domain/dates";
import { customerBalance, invoicesOfCustomer } from "~/server/billing";
import type { Database } from "~/server/platform";
import { invoiceRow } from "../+shared/invoice-rows.server";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The `count` months up to `today`'s (ISO day), newest first, as [YYYY-MM, "November 2026"] pairs. */
export function recentMonths(today: string, count = 12): Array<readonly [string, string]> {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const months: Array<readonly [string, string]> = [];
  for (let i = 0; i < count; i++) {
    months.push([`${year}-${String(month).padStart(2, "0")}`, `${MONTH_NAMES[month - 1]} ${year}`] as const);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/**
 * In: the client, the customer's id, the time. Out: `balance` (owed as text, whether anything
 * is owed, open and overdue counts, invoiced and paid as text), `invoices` (id, kind, number or
 * "Draft", state label, overdue, issue date, total and balance as text), `months` (recentMonths).
 */
export async function customerBilling(db: Database, customerId: string, now = new Date()) {
  const today = todayInJamaica(now);
  const [balance, invoices] = await Promise.all([customerBalance(db, customerId, today), invoicesOfCustomer(db, customerId, today)]);
  return {
    balance: {
      owed: formatCents(balance.balanceCents),
      owing: balance.balanceCents > 0,
      invoiced: formatCents(balance.invoicedCents),
      paid: formatCents(balance.paidCents),
      open: balance.openInvoices,
      overdue: balance.overdueInvoices,
    },
    invoices: invoices.map(invoiceRow),
    months: recentMonths(today),
  };
}
