/**
 * Booking, the whole path as a customer and a staff member take it, in Chromium against the
 * Worker in Miniflare, with JavaScript on and off, at 390 px and 1280 px: a quote sent from the
 * admin, accepted and booked from the status page, moved, cancelled; the e-mails (the
 * confirmation with its .ics, the change) as the console transport printed them; the record
 * page's Visit card and the list's next visit.
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/domain/texts/messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, mailTo, successWithReference, test, type SentMail } from "./fixtures";

/** A quote request sent from /quote, and its quote sent by a new admin from the record page; out: the status link and the ids. */
async function quotedRequest(page: Page, mails: () => SentMail[], email: string) {
  await page.goto("/quote");
  await page.getByLabel("Full Name").fill("Andre Thompson");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 876 555 0142");
  await page.getByLabel("Service Type").selectOption("residential");
  await page.getByLabel("Property Address").fill("14 Queens Drive, Montego Bay");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  const statusLink = (await mailTo(mails, email, "Your quote request MB-")).links.find((link) => link.includes("/status/"))!;
  const admin = `booker-${test.info().project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  const [{ id }] = (await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${email}'`)) as [{ id: string }];
  await page.goto(`/admin/quotes/${id}`);
  const form = page.getByRole("form", { name: "Send quote" });
  await form.getByLabel("Amount (JMD)").fill("16,000");
  await form.getByLabel("What is included (optional)").fill("Three bedrooms, two bathrooms, kitchen, floors");
  await form.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText("Quote sent. The customer gets it by e-mail and on their status page.")).toBeVisible();
  await page.context().clearCookies();
  return { statusLink, id, admin };
}

/** On the booking page: picks the `n`th day listed and the first window with a place; out: the day's and the window's labels. */
async function pickDayAndWindow(page: Page, n: number): Promise<{ day: string; window: string }> {
  const day = page.getByRole("region", { name: "Day" }).getByRole("link").nth(n);
  const dayText = (await day.innerText()).split("\n")[0]!;
  await day.click();
  await expect(page.getByRole("group", { name: new RegExp(`^Arrival on .*${dayText.split(", ")[1]}`) })).toBeVisible();
  const free = page.getByRole("radio", { disabled: false }).first();
  const window = (await free.locator("xpath=following-sibling::span[1]").innerText()).trim();
  await free.check();
  return { day: dayText, window };
}

for (const width of [390, 1280]) {
  test(`at ${width} px: a quote accepted and booked from the status page, moved, cancelled, with the e-mails and the staff's view`, async ({
    page,
    mails,
  }, testInfo) => {
    test.setTimeout(120_000);
    const js = testInfo.project.name === "js";
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const email = `book-${testInfo.project.name}-${width}-${Date.now()}@example.com`;
    const { statusLink, id, admin } = await quotedRequest(page, mails, email);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });

    // The quote: 'Accept and book'.
    await page.goto(statusLink);
    await page.getByRole("link", { name: "Accept and book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Accept and book" })).toBeVisible();
    await expect(page).toHaveURL(/\/book$/);
    // With JavaScript, once the page has hydrated, a day's windows come without a page load (this
    // mark would be gone with a new document). A click before that is a plain link, as without JavaScript.
    if (js) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    }
    const booked = await pickDayAndWindow(page, 1);
    if (js) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectSoundPage(page);
    await shot("booking-page");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByText("Booked. The day and arrival time are below.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your visit is booked." })).toBeVisible();
    await expect(page.getByTestId("booked")).toContainText(`arrival ${booked.window}`);
    await expect(page.getByRole("link", { name: "Accept and book" })).toHaveCount(0);
    // 'Add to calendar' downloads the visit's event; the page's text controls are at least 24 px tall to tap (WCAG 2.2, 2.5.8).
    await expect(page.getByRole("link", { name: /^Add to calendar/ })).toHaveAttribute("href", /\/status\/[0-9a-f]{32}\/visit\.ics$/);
    for (const control of [
      page.getByRole("link", { name: "Change day or time" }),
      page.getByRole("link", { name: /^Add to calendar/ }),
      page.getByText("Cancel this visit", { exact: true }),
    ]) {
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    }
    await expectSoundPage(page);
    await shot("status-booked");

    const confirmation = await mailTo(mails, email, "Your visit is booked");
    expect(confirmation.text).toContain("Price: J$16,000");
    expect(confirmation.text).toContain("Three bedrooms, two bathrooms, kitchen, floors");
    expect(confirmation.text).toContain("Before we come");
    const ics = confirmation.attachments![0]!;
    expect(ics.filename).toBe("visit.ics");
    expect(ics.content).toContain("BEGIN:VEVENT");
    expect(ics.content).toContain("LOCATION:14 Queens Drive\\, Montego Bay");
    await testInfo.attach("confirmation.txt", { body: `${confirmation.subject}\n\n${confirmation.text}\n\n${ics.content}` });

    // Change day or time: another day.
    await page.getByRole("link", { name: "Change day or time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change your visit" })).toBeVisible();
    await expect(page.getByText("Your visit now")).toBeVisible();
    const moved = await pickDayAndWindow(page, 3);
    await expectSoundPage(page);
    await shot("change-page");
    await page.getByRole("button", { name: "Move my visit" }).click();
    await expect(page.getByText("The visit is moved. The e-mails with the new day are on their way.")).toBeVisible();
    await expect(page.getByTestId("booked")).toContainText(`arrival ${moved.window}`);
    const change = await mailTo(mails, email, "Your visit is moved");
    expect(change.text).toContain("(it was ");
    await testInfo.attach("change.txt", { body: `${change.subject}\n\n${change.text}` });

    // The staff see it: the next visit in the stage, the record's Visit card with its history.
    await signIn(page, admin);
    await page.goto("/admin/quotes");
    // The stage 'Booked · <day>, <time>': in the row at 1280 px, in the request's card at 390 px.
    const next = new RegExp(`^Booked · ${moved.day}, \\d+:\\d\\d [AP]M$`);
    await expect(
      (width < 600
        ? page.getByTestId("record-card").filter({ hasText: "Queens Drive" }).first()
        : page.getByRole("row").filter({ hasText: email })
      ).locator('[data-stage="booked"]'),
    ).toHaveText(next);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto(`/admin/quotes/${id}`);
    const card = page.getByRole("region", { name: "Visit" });
    await expect(card.getByText(/, by the customer$/)).toHaveCount(2);
    await expect(card.getByText(/Moved from .* to .*, by the customer/)).toBeVisible();
    await expect(card.getByText("14 Queens Drive, Montego Bay")).toBeVisible();
    await card.getByLabel("Notes for the crew").fill("Gate code 4412. A friendly dog.");
    await card.getByRole("button", { name: "Save notes" }).click();
    await expect(page.getByText("The visit's notes are saved.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Visit" }).getByLabel("Notes for the crew")).toHaveValue(
      "Gate code 4412. A friendly dog.",
    );
    await expectSoundPage(page);
    await shot("record-visit");
    await page.context().clearCookies();

    // Cancel from the status page; the quote can be booked again.
    await page.goto(statusLink);
    await page.getByText("Cancel this visit").click();
    await page.getByRole("button", { name: "Yes, cancel the visit" }).click();
    await expect(page.getByText("The visit is cancelled. The e-mails are on their way.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Accept and book" })).toBeVisible();
    await mailTo(mails, email, "Your visit is cancelled");
    await shot("status-cancelled");
    expect(await queryD1<{ status: string }>(`SELECT status FROM visits WHERE quote_request_id = '${id}'`)).toEqual([
      { status: "cancelled" },
    ]);
  });
}

test("a refused booking says why and shows the windows again; a wrong link says so", async ({ page, mails }, testInfo) => {
  const email = `refused-${testInfo.project.name}-${Date.now()}@example.com`;
  const { statusLink } = await quotedRequest(page, mails, email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${statusLink}/book`);
  await pickDayAndWindow(page, 0);
  // Someone else takes the last places of that window meanwhile.
  const day = await page.locator('input[name="day"]').inputValue();
  const start = await page.getByRole("radio", { checked: true }).getAttribute("value");
  const other = crypto.randomUUID();
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES ('${other}', 1, 1, 'Other', 'other@example.com', '876 555 0100', 'x', 'residential', 'quoted')`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES ('${crypto.randomUUID()}', '${other}', 'q1', '${day}', '${start}', '23:00', 'scheduled', 'x', 'residential', 1, 1, 1), ('${crypto.randomUUID()}', '${other}', 'q2', '${day}', '${start}', '23:00', 'scheduled', 'x', 'residential', 1, 1, 1)`,
  );
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByText("Sorry, that arrival window was just taken. Please choose another one below.")).toBeVisible();
  await expect(page.getByRole("radio", { checked: false }).filter({ has: page.locator(`[value="${start}"]`) })).toHaveCount(0);
  await expect(page.locator(`input[value="${start}"]`)).toBeDisabled();
  await queryD1(`DELETE FROM quote_requests WHERE id = '${other}'`);

  await page.goto(`/status/${"0".repeat(32)}/book`);
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
});
