/**
 * The calendar feeds page in Chromium, with JavaScript on and off (the two projects): at 390
 * and 1280 px an admin makes a crew's feed link, sees it once, a calendar client fetches it
 * (Playwright's request, read with ical.js) and finds the crew's visit, then the admin revokes
 * it and the link answers 404. Nothing scrolls sideways, and axe finds no WCAG 2.2 AA violation.
 * Screenshots: /tmp/feeds-<width>-<project>-*.png.
 */
import ICAL from "ical.js";
import { plusDays } from "../../app/domain/booking";
import { todayInJamaica } from "../../app/domain/dates";
import { CALENDAR_FEED_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, test } from "./fixtures";

/** The crews and requests this spec made: removed after each test, so the other specs book against the settings' capacity. */
const made: Array<{ crew: string; request: string }> = [];
test.afterEach(async () => {
  for (const { crew, request } of made.splice(0)) {
    await queryD1(`DELETE FROM quote_requests WHERE id = '${request}'`);
    await queryD1(`DELETE FROM crews WHERE id = '${crew}'`);
  }
});

/** A crew of this test, with one visit three days ahead (9:00-11:00 in Jamaica); out: their ids and the day. */
async function seedCrew(name: string) {
  const crew = crypto.randomUUID();
  const request = crypto.randomUUID();
  const visit = crypto.randomUUID();
  const day = plusDays(todayInJamaica(), 3);
  const now = Date.now();
  made.push({ crew, request });
  await queryD1(
    `INSERT INTO crews (id, name, members, position, created_at, updated_at) VALUES ('${crew}', '${name}', 'Keisha and Andre', (SELECT coalesce(max(position), 0) + 1 FROM crews), ${now}, ${now})`,
  );
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference) VALUES ('${request}', ${now}, ${now}, 'Andre Thompson', 'andre@example.com', '876 555 0101', '12 Gloucester Avenue, Montego Bay', 'residential', 'quoted', NULL)`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, sequence, created_at, updated_at) VALUES ('${visit}', '${request}', 'q', '${day}', '09:00', '11:00', 'scheduled', '12 Gloucester Avenue, Montego Bay', 'residential', 14500, '${crew}', 2, ${now}, ${now})`,
  );
  return { crew, visit, day };
}

for (const width of [390, 1280]) {
  test(`an admin makes a crew's feed link, sees it once, a calendar reads it, and after 'Revoke' it answers 404 (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const project = test.info().project.name;
    const admin = `feeds-${width}-${project}-${Date.now()}@example.com`;
    await createAdmin(admin);
    const name = `Crew ${width} ${project} ${Date.now() % 100_000}`;
    const { crew, visit, day } = await seedCrew(name);
    await signIn(page, admin);

    await page.goto("/admin/calendar-feeds");
    await expect(page.getByRole("heading", { name: "Calendar feeds", level: 1 })).toBeVisible();
    const row = page.locator(`[data-feed-target="${crew}"]`);
    await expect(row).toContainText(name);
    await expect(row.getByTestId("feed-state")).toHaveText("No link");
    await row.getByRole("button", { name: "Create feed link" }).click();

    // The link, once.
    const made = page.getByTestId("new-feed-link");
    await expect(made).toContainText(`New feed link: ${name}`);
    await expect(made).toContainText(CALENDAR_FEED_MESSAGES.created(name));
    const url = await page.getByLabel("Feed link", { exact: true }).inputValue();
    expect(url).toMatch(/^http:\/\/localhost:\d+\/calendar\/[a-z2-7]{52}\.ics$/);
    await expect(made.getByRole("link", { name: "Subscribe on this phone or computer" })).toHaveAttribute(
      "href",
      url.replace("http:", "webcal:"),
    );
    await expect(row.getByTestId("feed-state")).toContainText("Link live");
    await expectSoundPage(page);
    await page.screenshot({ path: `/tmp/feeds-${width}-${project}-created.png`, fullPage: true });

    // A calendar client fetches it: the crew's visit, 9:00-11:00 Jamaica time as 14:00-16:00 UTC.
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Montego Bay Cleaning Co. – ${name}`);
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]!);
    expect(event.uid).toBe(`${visit}@${new URL(url).host}`);
    expect(event.sequence).toBe(2);
    expect(event.summary).toBe("Residential Cleaning: Andre Thompson");
    expect(event.location).toBe("12 Gloucester Avenue, Montego Bay");
    expect(events[0]!.getFirstPropertyValue("dtstart")?.toString()).toBe(`${day}T14:00:00Z`);
    expect(events[0]!.getFirstPropertyValue("dtend")?.toString()).toBe(`${day}T16:00:00Z`);

    // Shown once: after a reload only the fact that a link is live.
    await page.reload();
    await expect(row.getByTestId("feed-state")).toContainText("Link live");
    await expect(page.getByTestId("new-feed-link")).toHaveCount(0);
    expect(await page.content()).not.toContain(new URL(url).pathname);

    // Revoke, behind its confirmation.
    await row.locator("summary", { hasText: "Revoke" }).click();
    await page.screenshot({ path: `/tmp/feeds-${width}-${project}-revoke.png`, fullPage: true });
    await row.getByRole("button", { name: "Yes, revoke the link" }).click();
    await expect(page.getByText(CALENDAR_FEED_MESSAGES.revoked)).toBeVisible();
    await expect(row.getByTestId("feed-state")).toHaveText("No link");
    expect(
      await queryD1<{ live: number }>(`SELECT count(*) AS live FROM calendar_feeds WHERE crew_id = '${crew}' AND revoked_at IS NULL`),
    ).toEqual([{ live: 0 }]);
    const gone = await request.get(url);
    expect(gone.status()).toBe(404);
    expect(await gone.text()).toBe(CALENDAR_FEED_MESSAGES.notFound);
    await expectSoundPage(page);
    await page.screenshot({ path: `/tmp/feeds-${width}-${project}-revoked.png`, fullPage: true });
  });
}
