/**
 * POST /auth/passkey: signing in with a passkey, from /auth or the second step
 * (passkey.server.ts, passkeySignInAction). JSON only; GET goes back to /auth.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { passkeySignInAction } from "./passkey.server";

export const action = (args: ActionFunctionArgs) => passkeySignInAction(args);
export const loader = () => redirect("/auth");
