/**
 * The forms of the team page, /admin/team (docs/product.md §10 "Team"): 'Invite' (an e-mail
 * address), 'Revoke' an invitation, and the role changes of an account ('Make admin', 'Remove
 * admin', 'Delete account'), and whether every admin must use two-step sign-in. Every form posts to the same page and names what it does in
 * `intent`; ids are UUIDs. The invitation page (/auth/invite) uses the reset page's fields
 * and password rule (`resetSchema`, app/forms/auth.ts).
 */
import { z } from "~/forms/zod";
import { emailSchema } from "~/forms/fields";
import { stepUpFields } from "~/forms/two-step";

/** 'Invite': one e-mail address. */
export const inviteSchema = z.object({ intent: z.literal("invite"), email: emailSchema });

/** What the buttons of an account do: make it an admin, make it an ordinary account, delete it. */
export const MEMBER_INTENTS = ["promote", "demote", "delete"] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];

const memberSchema = z.object({ intent: z.enum(MEMBER_INTENTS), id: z.uuid() });
const revokeSchema = z.object({ intent: z.literal("revoke"), id: z.uuid() });

/**
 * 'Require two-step sign-in' / 'Make it optional': the team's rule for every admin. Making it
 * optional also carries the admin's current second step (a code from the authenticator app, or
 * a passkey's answer, base64url; ../security/step-up.server.ts); empty fields are absent.
 */
const twoStepPolicySchema = z.object({
  intent: z.literal("two-step-policy"),
  required: z.enum(["yes", "no"]),
  ...stepUpFields,
});

/** Every form of the team page, told apart by `intent` (also the input gate's contract). */
export const teamFormSchema = z.discriminatedUnion("intent", [inviteSchema, memberSchema, revokeSchema, twoStepPolicySchema]);
