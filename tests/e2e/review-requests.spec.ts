/**
 * A review from a real customer, in Chromium against the Worker in Miniflare, with JavaScript on
 * and off, at 390 px and 1280 px: staff mark a visit done (which makes its review request), the
 * customer opens the review link, sends the form wrong and then right, and sees the thanks; the
 * staff then see the review, hidden, as 'Verified customer'.
 *
 * The e2e server has no way to run the daily cron, so the link is made here as the cron makes it
 * (review-requests.server.ts `sendReviewRequests`): a new token, its SHA-256 and `sent_at`
 * written to the request 'Mark done' created, through the test's D1 access (tests/e2e/d1.ts).
 * The cron's e-mail itself is tested in tests/integration/review-requests.test.ts.
 */
import { randomBytes } from "node:crypto";
import { todayInJamaica } from "../../app/domain/dates";
import { REFERENCE_ALPHABET } from "../../app/domain/reference";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, test } from "./fixtures";
import { reviewLink } from "./steps";

/** A quote request with a visit scheduled today (Jamaica); out: their ids and the reference. */
async function scheduledVisit(tag: string) {
  const id = crypto.randomUUID();
  const visitId = crypto.randomUUID();
  const reference = `MB-${Array.from(randomBytes(5), (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("")}`;
  const now = Date.now();
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES ('${id}', ${now}, ${now}, 'Andre Thompson', 'review-${tag}@example.com', '876 555 0142', '14 Queens Drive, Ironshore', 'residential', 'quoted', '${reference}', '${randomBytes(16).toString("hex")}')`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES ('${visitId}', '${id}', 'q', '${todayInJamaica()}', '09:00', '11:00', 'scheduled', '14 Queens Drive, Ironshore', 'residential', 14500, ${now}, ${now})`,
  );
  return { id, visitId, reference };
}

for (const width of [390, 1280]) {
  test(`at ${width} px: a visit marked done, the customer's review through the link (wrong, then right), the staff see 'Verified customer'`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const shot = (name: string) => page.screenshot({ path: `/tmp/reviews-${name}-${width}-${project}.png`, fullPage: true });
    const { id, visitId, reference } = await scheduledVisit(`${project}-${width}-${Date.now()}`);

    // Staff mark the visit done: its review request is made.
    const admin = `review-staff-${project}-${width}-${Date.now()}@example.com`;
    await createAdmin(admin);
    await signIn(page, admin);
    await page.goto(`/admin/quotes/${id}`);
    await page.getByRole("button", { name: "Mark done" }).click();
    await expect(page.getByText("The visit is marked done.")).toBeVisible();
    await page.context().clearCookies();

    // The customer opens the link.
    const link = await reviewLink(visitId);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "How did we do?" })).toBeVisible();
    await expect(page.getByText(/^Your Residential Cleaning visit on \w+day, \w+ \d+, \d{4}\./)).toBeVisible();
    await expect(page.getByText("Andre")).toHaveCount(0);
    await expect(page.getByText("Queens Drive")).toHaveCount(0);
    await expectSoundPage(page);
    await shot("form");

    // Sent wrong: each field says what is missing, nothing is stored.
    await page.getByLabel("Your name as shown").fill("x".repeat(61));
    // Leaving the field first: with JavaScript its message appears then, and would move the button under a click.
    await page.getByLabel("Your name as shown").blur();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByText("Please choose a rating from 1 to 5 stars.")).toBeVisible();
    await expect(page.getByText("Your review is required.")).toBeVisible();
    await expect(page.getByText("Your name must be at most 60 characters.")).toBeVisible();
    expect(await queryD1(`SELECT count(*) AS n FROM reviews WHERE visit_id = '${visitId}'`)).toEqual([{ n: 0 }]);
    await shot("form-refused");

    // Sent right: the stars by keyboard (1 star, then the arrow keys to 4), a few words, a name.
    const words = `The crew was on time and thorough (${project}, ${width} px).`;
    await page.getByRole("radio", { name: "1 star", exact: true }).focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await page.getByLabel("A few words").fill(words);
    await page.getByLabel("Your name as shown").fill("A. T.");
    await shot("form-filled");
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();
    await expectSoundPage(page);
    await shot("thanks");
    expect(await queryD1(`SELECT rating, author, area, published, verified FROM reviews WHERE visit_id = '${visitId}'`)).toEqual([
      { rating: 4, author: "A. T.", area: "Ironshore", published: 0, verified: 1 },
    ]);

    // The link is used now.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "This link is no longer valid" })).toBeVisible();

    // The staff see it, hidden, from a verified customer, with its request.
    await signIn(page, admin);
    await page.goto("/admin/reviews");
    const card = page.locator("[data-review-id]").filter({ hasText: words });
    await expect(card.getByText("Verified customer")).toBeVisible();
    await expect(card.getByText("Hidden", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: `Quote request ${reference}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${id}$`));
  });
}
