/**
 * The button that starts an invoice from another admin page (the record page, the customer's page,
 * the schedule): a one-button POST to /admin/invoices/new (./route.tsx) with what to invoice.
 * Works without JavaScript; the draft (or the invoice that already exists) opens at its page.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass, useBusy } from "~/components/admin/kit";

/** What to invoice: the fields of app/routes/admin/invoice-new/schema.ts. */
export type InvoiceSource =
  { from: "visit"; visitId: string } | { from: "quote"; quoteRequestId: string } | { from: "month"; customerId: string; month: string };

/**
 * In: `source` (hidden fields), the button's text, its look and the item it names for screen
 * readers (`subject`); `children` go before the button (a month select).
 */
export function StartInvoice({
  source,
  label,
  variant = "secondary",
  size = "sm",
  subject,
  children,
}: {
  source: InvoiceSource;
  label: string;
  variant?: "primary" | "secondary";
  size?: "xs" | "sm";
  subject?: string;
  children?: ReactNode;
}) {
  const busy = useBusy();
  return (
    <Form method="post" action="/admin/invoices/new" className="flex flex-wrap items-end gap-2">
      {Object.entries(source).map(([name, value]) =>
        name === "month" && children ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children}
      <button type="submit" disabled={busy} className={buttonClass(variant, size)}>
        {label}
        {subject ? <span className="sr-only">{`: ${subject}`}</span> : null}
      </button>
    </Form>
  );
}
