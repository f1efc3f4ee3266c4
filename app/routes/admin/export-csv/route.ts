/**
 * /admin/quotes.csv and /admin/messages.csv: 'Export CSV' of the records the list's search and
 * filters select (admins only; docs/product.md §10 "Export CSV"). One module, two routes
 * (app/routes.ts); the path says which list.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvExportLoader } from "./export-csv.server";

export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args);
