/**
 * The e-mails of two-step sign-in (docs/decisions/015-two-step-sign-in.md, "Every change is
 * visible"): to an account after a change to its second steps, and after its limit of wrong
 * codes. Built here, sent by the page after its response (app/server/mail queueMail).
 */
import { formatAdminDateTime } from "~/domain/dates";
import { SIGN_IN_THROTTLE } from "~/domain/limits";
import type { User } from "../../../drizzle/schema";
import type { Mail } from "~/server/mail";
import { readSiteUrl } from "~/server/platform";
import { SECOND_STEP_MAIL_SUBJECTS, type SecondStepChange } from "./factors.server";

/**
 * The e-mail to an account after a change to its second steps: what happened and when (Jamaica
 * time), where to see them, and what to do if it was not them.
 */
export function secondStepMail(env: Pick<CloudflareBindings, "SITE_URL">, account: Pick<User, "email">, action: SecondStepChange): Mail {
  const site = readSiteUrl(env);
  const security = `${site}/admin/security`;
  const reset = `${site}/auth/forgot`;
  const subject = SECOND_STEP_MAIL_SUBJECTS[action];
  return {
    to: account.email,
    subject,
    text: `${subject} on ${formatAdminDateTime(Date.now())} (Jamaica time).\n\nIf this was you, there is nothing to do. Your passkeys, authenticator app and recovery codes are on the Security page: ${security}\n\nIf it was not you, change your password now (${reset}) and tell another admin of the team.`,
    links: [security, reset],
  };
}

/**
 * The e-mail to an account whose second step has had its limit of wrong codes: someone has its
 * password. `locked`: codes are refused until the password is reset.
 */
export function wrongCodesMail(env: Pick<CloudflareBindings, "SITE_URL">, account: Pick<User, "email">, locked: boolean): Mail {
  const reset = `${readSiteUrl(env)}/auth/forgot`;
  const what = locked
    ? `Codes for your account are now refused until its password is reset.`
    : `Further codes are refused for ${SIGN_IN_THROTTLE.windowMinutes} minutes.`;
  return {
    to: account.email,
    subject: "Wrong sign-in codes for your account",
    text: `Someone signed in to your account with its password, then typed wrong codes for the second step (${formatAdminDateTime(Date.now())}, Jamaica time). ${what}\n\nIf it was not you, your password is known to someone else: change it now (${reset}) and tell another admin of the team.`,
    links: [reset],
  };
}
