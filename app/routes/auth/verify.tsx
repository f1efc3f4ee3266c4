/** /auth/verify?token=…: the link of the verification e-mail. Verifies, then back to sign-in. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { verifyEmail } from "~/server/auth/accounts.server";
import { commitNotice } from "~/server/platform/flash.server";
import { allowAuthAttempt } from "~/server/platform/rate-limit.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await allowAuthAttempt(context.cloudflare.env.AUTH_RATE_LIMITER, request))) {
    return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, "tooManyAttempts") } });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(context.db, context.cloudflare.env, token);
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, verified ? "verified" : "linkInvalid") } });
}
