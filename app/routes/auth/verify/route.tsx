/** /auth/verify?token=…: the link of the verification e-mail. Verifies, then back to sign-in. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { verifyLinkLoader } from "./verify.server";

export const loader = (args: LoaderFunctionArgs) => verifyLinkLoader(args);
