/**
 * /admin/overview.csv?chart=<id>&period=…: one chart of the owner's overview as a CSV file, its
 * numbers for the 12 weeks or months ending with the period (admins only; docs/product.md §16).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { overviewCsvLoader } from "./overview-csv.server";

export const loader = (args: LoaderFunctionArgs) => overviewCsvLoader(args);
