/**
 * Regular cleaning, as a weekly customer and the staff meet it, in Chromium against the Worker in
 * Miniflare, with JavaScript on and off, at 390 px and 1280 px: a quote request asking for a weekly
 * cleaning, booked from the status link as a series, its upcoming visits on the status page, one
 * skipped; the e-mails; the record page's Visit card with the series. Screenshots go to
 * /tmp/series-*.png.
 */
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, mailTo, test } from "./fixtures";
import { weeklyRequest } from "./steps";

for (const width of [390, 1280]) {
  test(`at ${width} px: a weekly customer books a regular cleaning from the status link, sees the upcoming visits and skips one; the staff see the series`, async ({
    page,
    mails,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const shot = (name: string) => page.screenshot({ path: `/tmp/series-${name}-${project}-${width}.png`, fullPage: true });
    const email = `series-${project}-${width}-${Date.now()}@example.com`;
    const { statusLink, id } = await weeklyRequest(page, mails, email);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });

    // 'Accept and book': a day, a window, and 'How often' with the weekly cleaning chosen.
    await page.goto(statusLink);
    await page.getByRole("link", { name: "Accept and book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Accept and book" })).toBeVisible();
    const day = page.getByRole("region", { name: "Day" }).getByRole("link").nth(1);
    await day.click();
    await expect(page.getByRole("group", { name: /^Arrival on / })).toBeVisible();
    await page.getByRole("radio", { disabled: false }).first().check();
    const often = page.getByRole("group", { name: "How often" });
    await expect(often.getByRole("radio", { name: /Every week from this day/ })).toBeChecked();
    await expect(often.getByRole("radio", { name: "Just this visit" })).not.toBeChecked();
    await expect(often).toContainText(/Every week on \w+day, at the arrival time you pick/);
    await expectSoundPage(page);
    await shot("book");
    await page.getByRole("button", { name: "Confirm booking" }).click();

    // The status page: the series, its visits of the next 60 days.
    await expect(page.getByText("Booked. Your regular cleaning and its next visits are below.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your regular cleaning is booked." })).toBeVisible();
    const regular = page.getByRole("region", { name: "Your regular cleaning" });
    await expect(regular.getByTestId("series")).toHaveText(/^Every week on \w+day, arrival \d+:\d\d [AP]M-\d+:\d\d [AP]M$/);
    const visits = regular.getByRole("list", { name: "Your visits in the next 60 days" }).getByRole("listitem");
    expect(await visits.count()).toBeGreaterThanOrEqual(8);
    await expectSoundPage(page);
    await shot("status");
    const confirmation = await mailTo(mails, email, "Your regular cleaning is booked");
    expect(confirmation.text).toContain("Your visits booked now:");
    expect(confirmation.text).toContain("Price of each visit: J$9,500");
    expect(confirmation.attachments?.[0]?.filename).toBe("visit.ics");
    await testInfo.attach("confirmation.txt", { body: `${confirmation.subject}\n\n${confirmation.text}` });

    // Skip the second visit.
    const second = visits.nth(1);
    const label = (await second.locator("span").first().innerText()).trim();
    await second.locator("summary", { hasText: "Skip this visit" }).click();
    await second.getByRole("button", { name: "Yes, skip it" }).click();
    await expect(page.getByText("The visit is skipped. The e-mails are on their way.")).toBeVisible();
    const skipped = page.getByRole("region", { name: "Your regular cleaning" }).getByRole("listitem").filter({ hasText: label });
    await expect(skipped).toContainText("Skipped");
    await expect(skipped.locator("summary")).toHaveCount(0);
    await expectSoundPage(page);
    await shot("skipped");
    const skipMail = await mailTo(mails, email, "Your visit is skipped");
    expect(skipMail.text).toContain(`Your visit of ${label}, arrival `);
    expect(
      await queryD1<{ status: string; n: number }>(
        `SELECT status, count(*) AS n FROM visits WHERE quote_request_id = '${id}' GROUP BY status ORDER BY status`,
      ),
    ).toEqual([
      { status: "scheduled", n: (await visits.count()) - 1 },
      { status: "skipped", n: 1 },
    ]);

    // The staff see the series on the record page, each visit with its own Move and Cancel.
    const admin = `series-admin-${project}-${width}-${Date.now()}@example.com`;
    await createAdmin(admin);
    await signIn(page, admin);
    await page.goto(`/admin/quotes/${id}`);
    const card = page.getByRole("region", { name: "Visit" });
    await expect(card.getByTestId("series")).toContainText(/Regular cleaning: Every week on \w+day/);
    const rows = card.getByRole("list", { name: "Regular visits, next 60 days" }).getByRole("listitem");
    await expect(rows.filter({ hasText: "(skipped)" })).toHaveCount(1);
    await rows.first().locator("summary", { hasText: /^Move/ }).click();
    await expect(rows.first().getByRole("radio", { name: "This and all later ones" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot("record");
  });
}
