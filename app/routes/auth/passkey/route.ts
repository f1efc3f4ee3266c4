/**
 * POST /auth/passkey: signing in with a passkey, from /auth or the second step
 * (app/server/two-step/routes.server.ts, passkeySignInAction). JSON only; GET goes back to /auth.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOutLoader } from "~/server/auth/routes.server";
import { passkeySignInAction } from "~/server/two-step/routes.server";

export const action = (args: ActionFunctionArgs) => passkeySignInAction(args);
export const loader = () => signOutLoader();
