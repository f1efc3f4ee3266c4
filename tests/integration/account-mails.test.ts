/**
 * The account pages cannot be used to flood an inbox: at most ACCOUNT_MAILS_PER_HOUR e-mails
 * to one address in an hour, whatever arrives at once and from however many clients; past it
 * the pages answer exactly as before and send nothing (queueAccountPageMail,
 * app/server/mail/queue.server.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ACCOUNT_MAILS_PER_HOUR } from "~/domain/limits";
import { newClientIp, postFields, startWorker, waitFor, type TestWorker } from "./worker";

const PASSWORD = "sea breeze at Doctor's Cave";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** How many times the Worker logged `event` about a mail of `subject`. */
const logged = (event: string, subject: string) =>
  worker.output().filter((line) => line.includes(`"event":"${event}"`) && line.includes(`"subject":"${subject}"`)).length;

const mailsTo = (address: string) => worker.mails().filter((mail) => mail.to === address);

describe("e-mails of the account pages", () => {
  test("fifteen sign-ups at once for a taken address, from fifteen clients, send at most the hour's cap; every answer is the same", async () => {
    const address = `taken-${Date.now()}@example.com`;
    const first = await postFields(
      worker,
      "/auth",
      { mode: "signup", email: address, password: PASSWORD },
      { "CF-Connecting-IP": newClientIp() },
    );
    expect(first.status).toBe(302);
    await waitFor(() => mailsTo(address).find((mail) => mail.subject === "Verify your email address"), "the verification mail");

    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        postFields(worker, "/auth", { mode: "signup", email: address, password: PASSWORD }, { "CF-Connecting-IP": newClientIp() }),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.headers.get("Location")}`))).toEqual(
      new Set([`302 ${first.headers.get("Location")}`]),
    );

    const told = ACCOUNT_MAILS_PER_HOUR - 1;
    // Every one of the fifteen either reached the queue or was held back, and each says so.
    await waitFor(
      () =>
        mailsTo(address).length === ACCOUNT_MAILS_PER_HOUR && logged("mail_held_back", "You already have an account") === 15 - told
          ? true
          : undefined,
      "fifteen outcomes",
    );
    expect(mailsTo(address).filter((mail) => mail.subject === "You already have an account")).toHaveLength(told);

    // A reset request for the same address within the hour: answered as always, no mail.
    const reset = await postFields(worker, "/auth/forgot", { email: address }, { "CF-Connecting-IP": newClientIp() });
    expect(reset.status).toBeLessThan(400);
    await waitFor(() => (logged("mail_held_back", "Reset your password") === 1 ? true : undefined), "the held-back reset mail");
    expect(mailsTo(address)).toHaveLength(ACCOUNT_MAILS_PER_HOUR);
  });
});
