/**
 * A week as the owner runs it, in Chromium against the Worker in Miniflare, with JavaScript on
 * and off, at 390 px and 1280 px: two crews; a weekly customer books a regular cleaning from the
 * status link and skips one visit; the owner reads the week, moves a visit, prints the day sheet
 * to PDF, opens the crew's calendar feed in a calendar parser (ical.js), marks a visit done, and
 * the customer's review arrives as 'Verified customer'. Screenshots: /tmp/owner-week-*.png.
 *
 * The e2e server's clock cannot move: the visit marked done is brought to today in D1 (as the
 * days passing would), and its review link is made as the daily cron makes it (tests/e2e/steps.ts).
 */
import ICAL from "ical.js";
import { dayLabel, isoWeekday, plusDays } from "../../app/domain/booking";
import { todayInJamaica } from "../../app/domain/dates";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, test } from "./fixtures";
import { addTwoCrews, reviewLink, weeklyRequest } from "./steps";

const requests: string[] = [];
test.beforeEach(async () => {
  await queryD1("DELETE FROM crews");
});
test.afterEach(async () => {
  for (const id of requests.splice(0)) await queryD1(`DELETE FROM quote_requests WHERE id = '${id}'`);
  await queryD1("DELETE FROM crews");
});

for (const width of [390, 1280]) {
  test(`at ${width} px: the owner's week: two crews, a weekly series, a move, a skip, the day sheet, the feed, a visit done and its verified review`, async ({
    page,
    mails,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const shot = (name: string) => page.screenshot({ path: `/tmp/owner-week-${name}-${project}-${width}.png`, fullPage: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const admin = `owner-${project}-${width}-${Date.now()}@example.com`;
    await createAdmin(admin);

    // Two crews.
    await signIn(page, admin);
    await page.goto("/admin/crews");
    await addTwoCrews(page);
    const crewA = (await queryD1<{ id: string }>("SELECT id FROM crews WHERE name = 'Crew A'"))[0]!.id;
    await page.context().clearCookies();

    // A weekly customer books a regular cleaning, then skips the third visit.
    const email = `owner-week-${project}-${width}-${Date.now()}@example.com`;
    const { statusLink, id } = await weeklyRequest(page, mails, email);
    requests.push(id);
    await page.goto(statusLink);
    await page.getByRole("link", { name: "Accept and book" }).click();
    await page.getByRole("region", { name: "Day" }).getByRole("link").nth(1).click();
    await expect(page.getByRole("group", { name: /^Arrival on / })).toBeVisible();
    await page.getByRole("radio", { disabled: false }).first().check();
    await expect(page.getByRole("group", { name: "How often" }).getByRole("radio", { name: /Every week from this day/ })).toBeChecked();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your regular cleaning is booked." })).toBeVisible();
    const visits = () =>
      queryD1<{ id: string; day: string; crew: string | null; status: string }>(
        `SELECT id, day, crew_id AS crew, status FROM visits WHERE quote_request_id = '${id}' ORDER BY occurrence_day`,
      );
    const [first, second, third] = await visits();
    if (!first || !second || !third) throw new Error("the series made fewer than three visits");
    expect(first.crew).toBe(crewA);
    const regular = page.getByRole("region", { name: "Your regular cleaning" });
    const thirdItem = regular.getByRole("listitem").filter({ hasText: dayLabel(third.day).split(", ").slice(0, 2).join(", ") });
    await thirdItem.locator("summary", { hasText: "Skip this visit" }).click();
    await thirdItem.getByRole("button", { name: "Yes, skip it" }).click();
    await expect(page.getByText("The visit is skipped. The e-mails are on their way.")).toBeVisible();
    await shot("status-skipped");

    // The owner's week: the series' first visit on Crew A, marked as regular.
    await signIn(page, admin);
    await page.goto(`/admin/schedule?view=week&day=${first.day}`);
    const entry = page.locator(`a[href$="#visit-${first.id}"]`);
    await expect(entry).toContainText("Simone Campbell");
    if (width >= 1024) await expect(page.locator("[data-crew-row]")).toHaveText([/^Crew A/, /^Crew B/, /^No crew yet/]);
    await expectSoundPage(page);
    await shot("week");

    // The second visit moves a day later (the next working day).
    let target = plusDays(second.day, 1);
    if (isoWeekday(target) === 7) target = plusDays(target, 1);
    await page.goto(`/admin/schedule?day=${second.day}`);
    const card = page.locator(`[data-visit="${second.id}"]`);
    await expect(card.getByText("Regular")).toBeVisible();
    await card.locator("summary", { hasText: "Move" }).click();
    await card.getByLabel("New day").fill(target);
    await card.getByRole("button", { name: "Move the visit" }).click();
    await expect(page.getByText("The visit is moved. The e-mails with the new day are on their way.")).toBeVisible();
    expect((await visits()).find((visit) => visit.id === second.id)?.day).toBe(target);

    // The day sheet of the first visit's day, printed.
    await page.goto(`/admin/schedule/sheet?day=${first.day}&crew=${crewA}`);
    const sheet = page.locator('[data-sheet="Crew A"]');
    await expect(sheet).toContainText("Simone Campbell");
    await expect(sheet).toContainText("22 Hillview Drive, Montego Bay");
    await shot("day-sheet");
    const pdf = await page.pdf({ format: width < 600 ? "Letter" : "A4" });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    await testInfo.attach(`day-sheet-${width}.pdf`, { body: pdf, contentType: "application/pdf" });

    // Crew A's calendar feed, read as a calendar reads it.
    await page.goto("/admin/calendar-feeds");
    await page.locator(`[data-feed-target="${crewA}"]`).getByRole("button", { name: "Create feed link" }).click();
    const url = await page.getByLabel("Feed link", { exact: true }).inputValue();
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    const uid = (visitId: string) => events.find((event) => event.uid.startsWith(`${visitId}@`));
    expect(uid(first.id)?.summary).toContain("Simone Campbell");
    expect(uid(first.id)?.location).toBe("22 Hillview Drive, Montego Bay");
    expect(uid(second.id)?.startDate.toJSDate().toISOString().slice(0, 10)).toBe(target);
    expect(uid(third.id)).toBeUndefined();
    await shot("feeds");

    // The first visit's day comes; the owner marks it done from the schedule.
    const today = todayInJamaica();
    await queryD1(`UPDATE visits SET day = '${today}' WHERE id = '${first.id}'`);
    await page.goto("/admin/schedule");
    await page
      .locator(`[data-visit="${first.id}"]`)
      .getByRole("button", { name: /^Mark done/ })
      .click();
    await expect(page.getByText("The visit is marked done.")).toBeVisible();
    await expect(page.locator(`[data-visit="${first.id}"] [data-status]`)).toHaveText("Done");

    // The customer's review, through the link the next morning's e-mail carries.
    await page.context().clearCookies();
    await page.goto(await reviewLink(first.id));
    const words = `Spotless, and right on time (${project}, ${width} px).`;
    // The stars by keyboard, as the review spec does: the radios themselves are drawn as stars.
    await page.getByRole("radio", { name: "1 star", exact: true }).focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await page.getByLabel("A few words").fill(words);
    await page.getByLabel("Your name as shown").fill("Simone C.");
    await page.getByLabel("Your name as shown").blur();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();

    // It arrives hidden, as 'Verified customer'.
    await signIn(page, admin);
    await page.goto("/admin/reviews");
    const review = page.locator("[data-review-id]").filter({ hasText: words });
    await expect(review.getByText("Verified customer")).toBeVisible();
    await expectSoundPage(page);
    await shot("review");
  });
}
