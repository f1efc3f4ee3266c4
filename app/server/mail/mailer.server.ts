/**
 * The mail folder's common ground: the `Mail` every e-mail is, `oneLine` for its header-safe
 * lines, and the transport, `sendMail`. The e-mails the site sends, each composed in one place:
 * - to the company, for each new quote request or contact message: `notificationMail`
 *   (notifications.server.ts);
 * - to the visitor about their request: the confirmation (`confirmationMail`), the quote
 *   (`quoteMail`) and the reply (`replyMail`) staff send from a record page
 *   (customer-mails.server.ts);
 * - account mails: verification, 'You already have an account' and password reset
 *   (app/server/auth/accounts.server.ts), the team invitation (app/server/team/team.server.ts).
 * Every one goes through the mail queue (queue.server.ts), whose consumer alone calls
 * `sendMail`, with retries.
 *
 * Transports (wrangler.toml `MAIL_TRANSPORT`):
 * - "console" (local dev and tests): prints the message as one JSON line starting with
 *   `MAIL ` to the server console: recipient, subject, every link, the text and the HTML.
 *   Tests read these lines from the server's output; a developer follows links from the
 *   terminal. Never for production: `npm run deploy` refuses it (scripts/deploy-checks.mjs).
 * - "cloudflare" (production): Cloudflare Email Service through the Workers `send_email`
 *   binding `EMAIL`, from `MAIL_FROM` on a domain onboarded to Email Sending (README, Deploy).
 *
 * Every message goes out with a plain-text part and an HTML part made from it (html.server.tsx).
 *
 * Errors: throws when the transport is misconfigured or the binding refuses the message; the
 * queue's consumer then tries again later.
 */
import { encodeBase64 } from "@oslojs/encoding";
import { mailHtml } from "./html.server";

export interface Mail {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** Every link in the message, in order (printed separately by the console transport). */
  links: string[];
  replyTo?: string;
  /** Files sent with it (a visit's calendar event): the name, the MIME type and the text. */
  attachments?: Array<{ filename: string; type: string; content: string }>;
}

export type MailEnv = Pick<CloudflareBindings, "MAIL_TRANSPORT" | "MAIL_FROM" | "EMAIL">;

/**
 * A header-safe single line for a subject or a one-line field of a mail: control and format
 * characters (CR, LF, …) become spaces, so nothing a visitor typed can add a header.
 */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim();
}

/** The prefix of a console-transport line; tests search the server log for it. */
export const CONSOLE_MAIL_PREFIX = "MAIL ";

/** Sends `mail` with the configured transport (see above). Throws what the transport throws. */
export async function sendMail(env: MailEnv, mail: Mail): Promise<void> {
  const html = mailHtml(mail);
  if (env.MAIL_TRANSPORT === "cloudflare") {
    if (!env.EMAIL || !env.MAIL_FROM) {
      throw new Error("MAIL_TRANSPORT is cloudflare but the EMAIL binding or MAIL_FROM is missing");
    }
    await env.EMAIL.send({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.attachments
        ? {
            attachments: mail.attachments.map(({ filename, type, content }) => ({
              filename,
              type,
              // The binding takes a string attachment as base64 (Email Service's Workers API).
              content: encodeBase64(new TextEncoder().encode(content)),
              disposition: "attachment" as const,
            })),
          }
        : {}),
    });
    return;
  }
  console.log(
    CONSOLE_MAIL_PREFIX +
      JSON.stringify({
        to: mail.to,
        subject: mail.subject,
        links: mail.links,
        replyTo: mail.replyTo,
        text: mail.text,
        html,
        attachments: mail.attachments,
      }),
  );
}
