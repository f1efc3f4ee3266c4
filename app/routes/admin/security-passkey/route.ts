/**
 * POST /admin/security/passkey: adding a passkey to the signed-in admin's account
 * (app/server/two-step/routes.server.ts, passkeyRegistrationAction). JSON only; GET goes to
 * the security page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { passkeyRegistrationAction } from "~/server/two-step/routes.server";

export const action = (args: ActionFunctionArgs) => passkeyRegistrationAction(args);
export const loader = () => redirect("/admin/security");
