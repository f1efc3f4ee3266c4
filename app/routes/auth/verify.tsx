/** /auth/verify?token=…: the link of the verification e-mail. Verifies, then back to sign-in. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { verifyEmail } from "~/server/auth.server";
import { commitNotice } from "~/server/flash.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(context.cloudflare.env, token);
  return redirect("/auth", { headers: { "Set-Cookie": await commitNotice(request, verified ? "verified" : "linkInvalid") } });
}
