/**
 * POST /auth/sign-out: ends this session ('Signed out successfully', then /auth), or with
 * `scope=everywhere` every session of the account.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOutAction, signOutLoader } from "./sign-out.server";

export const action = (args: ActionFunctionArgs) => signOutAction(args);
export const loader = () => signOutLoader();
