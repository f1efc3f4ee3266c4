/**
 * /admin/invoices.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: 'Export for the accountant', every invoice,
 * credit note, payment and refund of the period as a CSV file (admins only; docs/product.md §15).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invoicesCsvLoader } from "./invoices-csv.server";

export const loader = (args: LoaderFunctionArgs) => invoicesCsvLoader(args);
