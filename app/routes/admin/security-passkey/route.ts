/**
 * POST /admin/security/passkey: adding a passkey to the signed-in admin's account
 * (security-passkey.server.ts, passkeyRegistrationAction). JSON only; GET goes to the
 * security page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { passkeyRegistrationAction } from "./security-passkey.server";

export const action = (args: ActionFunctionArgs) => passkeyRegistrationAction(args);
export const loader = () => redirect("/admin/security");
