/**
 * The server side of /auth/verify (docs/product.md §4 "Accounts"; decision 003): the link of the
 * verification e-mail. The check of the signed link is app/server/auth's.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { commitNotice } from "~/http/flash.server";
import { allowAuthAttempt } from "~/http/rate-limit.server";
import { verifyEmail } from "~/server/auth";

/**
 * /auth/verify?token=…: the verification e-mail's link. Verifies the address and returns to
 * sign-in with 'verified', or 'linkInvalid'; past the per-client limit, 'tooManyAttempts'.
 */
export async function verifyLinkLoader({ request, context }: LoaderFunctionArgs) {
  if (!(await allowAuthAttempt(context.cloudflare.env.AUTH_RATE_LIMITER, request))) {
    return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "tooManyAttempts") } });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(context.db, context.cloudflare.env, token);
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, verified ? "verified" : "linkInvalid") } });
}
