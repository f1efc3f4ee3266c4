/** /admin: the quote requests tab. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminIndexLoader } from "~/server/inbox/routes.server";

export const loader = (args: LoaderFunctionArgs) => adminIndexLoader(args);
