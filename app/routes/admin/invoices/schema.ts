/**
 * The query of /admin/invoices (docs/product.md §15): `state` (one of the filters below; absent:
 * every invoice and credit note), `q` (a number, name or e-mail) and `page`. Shared by the page
 * and its loader.
 */

/** The list's filters, in the order of their links; "" is all. */
export const INVOICE_FILTERS = [
  { state: "", label: "All" },
  { state: "draft", label: "Drafts" },
  { state: "unpaid", label: "Unpaid" },
  { state: "overdue", label: "Overdue" },
  { state: "paid", label: "Paid" },
  { state: "void", label: "Void" },
  { state: "credit", label: "Credit notes" },
] as const;
export type InvoiceFilter = Exclude<(typeof INVOICE_FILTERS)[number]["state"], "">;

/** True for a filter of the list (not "", which is no filter). */
export const isInvoiceFilter = (value: string): value is InvoiceFilter =>
  INVOICE_FILTERS.some((filter) => filter.state !== "" && filter.state === value);
