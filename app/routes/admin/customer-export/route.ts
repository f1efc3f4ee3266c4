/**
 * /admin/customers/:id/export: a customer's data as a ZIP (customer.json, one CSV per kind of record,
 * their photos, a README), admins only (docs/product.md §14 "Their data, exported").
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { customerExportLoader } from "./customer-export.server";

export const loader = (args: LoaderFunctionArgs) => customerExportLoader(args);
