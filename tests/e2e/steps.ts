/**
 * Steps more than one end-to-end spec takes: a weekly customer's quoted request, and a done
 * visit's review link made as the daily cron makes it (the e2e server cannot run the cron:
 * review-requests.server.ts `sendReviewRequests` writes a new token's SHA-256 and `sent_at`; its
 * e-mail is tested in tests/integration/review-requests.test.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { MESSAGES } from "../../app/domain/texts/messages";
import { queryD1 } from "./d1";
import { expect, mailTo, successWithReference, type SentMail } from "./fixtures";

/** A weekly quote request sent from /quote, quoted straight in D1; out: the status link and the request's id. */
export async function weeklyRequest(page: Page, mails: () => SentMail[], email: string) {
  await page.goto("/quote");
  await page.getByLabel("Full Name").fill("Simone Campbell");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 876 555 0177");
  await page.getByLabel("Service Type").selectOption("residential");
  await page.getByLabel("Property Address").fill("22 Hillview Drive, Montego Bay");
  await page.getByLabel("Frequency").selectOption("weekly");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  const statusLink = (await mailTo(mails, email, "Your quote request MB-")).links.find((link) => link.includes("/status/"))!;
  const [{ id }] = (await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${email}'`)) as [{ id: string }];
  const now = Date.now();
  await queryD1(`UPDATE quote_requests SET status = 'quoted', first_reply_at = ${now} WHERE id = '${id}'`);
  await queryD1(
    `INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, included, message, created_at) VALUES ('${crypto.randomUUID()}', 'quote', 'quote_request', '${id}', 9500, 14, 'Two bedrooms, one bathroom, kitchen, floors', 'Here is your quote for a weekly clean.', ${now})`,
  );
  return { statusLink, id };
}

/** The review link of the visit's request, as the cron makes it when it sends the e-mail: a new token, only its hash stored. */
export async function reviewLink(visitId: string): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(randomBytes(20));
  const hash = createHash("sha256").update(token).digest("hex");
  await queryD1(
    `UPDATE review_requests SET token_hash = '${hash}', sent_at = ${Date.now()} WHERE visit_id = '${visitId}' AND sent_at IS NULL`,
  );
  expect(await queryD1(`SELECT count(*) AS n FROM review_requests WHERE token_hash = '${hash}'`)).toEqual([{ n: 1 }]);
  return `/review/${token}`;
}

/** On /admin/crews (signed in): adds 'Crew A' (Keisha and Andre) and 'Crew B' (Marlon and Tanya), waiting for each to be listed. */
export async function addTwoCrews(page: Page) {
  const add = page.getByRole("region", { name: "Add a crew" });
  for (const [name, members, count] of [
    ["Crew A", "Keisha and Andre", 1],
    ["Crew B", "Marlon and Tanya", 2],
  ] as const) {
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Who is in it").fill(members);
    await add.getByRole("button", { name: "Add crew" }).click();
    await expect(page.locator("[data-crew]")).toHaveCount(count);
    await expect(add.getByLabel("Name")).toHaveValue("");
  }
  return add;
}
