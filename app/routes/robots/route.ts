/** /robots.txt: everything public may be crawled; sign-in, admin and customers' status and review pages may not. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { robotsLoader } from "./robots.server";

export const loader = (args: LoaderFunctionArgs) => robotsLoader(args);
