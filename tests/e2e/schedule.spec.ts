/**
 * The staff's schedule in Chromium, with JavaScript on and off (the two projects), at 390 and
 * 1280 px: an admin adds two crews (a name taken twice is refused), opens the day's agenda,
 * puts a visit on a crew, marks one done and one no-show, moves one, reads the week (crews as
 * rows on a wide screen, the days one under another on a phone) and prints the day sheets to
 * PDF, one page per crew. Each test removes its crews and visits, so the other specs book
 * against the settings' capacity.
 */
import { dayLabel, plusDays } from "../../app/domain/booking";
import { todayInJamaica } from "../../app/domain/dates";
import { CREW_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, expectSoundPage, test } from "./fixtures";
import { addTwoCrews } from "./steps";

const seeded: string[] = [];

// Other specs' crews would change the page's first words and every window's capacity.
test.beforeEach(async () => {
  await queryD1("DELETE FROM crews");
});
test.afterEach(async () => {
  if (seeded.length > 0) await queryD1(`DELETE FROM quote_requests WHERE id IN (${seeded.map((id) => `'${id}'`).join(", ")})`);
  seeded.length = 0;
  await queryD1("DELETE FROM crews");
});

/** The first day a staff move may take (two days' notice, not a Sunday), as the default settings say. */
function firstBookableDay(): string {
  let day = plusDays(todayInJamaica(), 2);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = plusDays(day, 1);
  return day;
}

/** A quoted request and its scheduled visit on `day` in `start`-`end`, on crew `crew` (a name) or none; out: the visit's id. */
async function seedVisit(
  name: string,
  day: string,
  start: string,
  end: string,
  crew: string | null,
  notes: string | null = null,
): Promise<string> {
  const request = crypto.randomUUID();
  const visit = crypto.randomUUID();
  seeded.push(request);
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference) VALUES ('${request}', 1, 1, '${name}', '${request.slice(0, 8)}@example.com', '876 555 01${seeded.length}0', '${seeded.length} Gloucester Avenue, Montego Bay', 'residential', 'quoted', 'MB-${request.slice(0, 5).toUpperCase()}')`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, included, notes, crew_id, created_at, updated_at) VALUES ('${visit}', '${request}', 'q-${visit}', '${day}', '${start}', '${end}', 'scheduled', '${seeded.length} Gloucester Avenue, Montego Bay', 'residential', 16000, 'Kitchen, two bathrooms', ${notes ? `'${notes}'` : "NULL"}, ${crew ? `(SELECT id FROM crews WHERE name = '${crew}')` : "NULL"}, 1, 1)`,
  );
  return visit;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: two crews, the day's agenda, a crew assigned, done, no-show, a move, the week and the day sheets`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const admin = `schedule-${testInfo.project.name}-${width}-${Date.now()}@example.com`;
    await createAdmin(admin);
    await signIn(page, admin);

    // The tab, before any crew.
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Schedule" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
    await expect(page.getByText("No crews yet: every visit is on no crew.")).toBeVisible();

    // Two crews; a name taken twice is refused and stores nothing.
    await page.getByRole("link", { name: "Crews", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Crews" })).toBeVisible();
    const add = await addTwoCrews(page);
    await add.getByLabel("Name").fill("Crew A");
    await add.getByRole("button", { name: "Add crew" }).click();
    await expect(page.getByText(CREW_MESSAGES.nameTaken)).toBeVisible();
    expect(await queryD1<{ name: string }>("SELECT name FROM crews ORDER BY position")).toEqual([{ name: "Crew A" }, { name: "Crew B" }]);
    await expect(page.locator("[data-crew]")).toHaveCount(2);
    await expectSoundPage(page);
    await shot("crews");

    // Today's visits: one on Crew A with the gate code, one on no crew; and one later to move.
    const today = todayInJamaica();
    const first = await seedVisit("Andre Thompson", today, "09:00", "11:00", "Crew A", "Gate code 4412");
    const second = await seedVisit("Simone Clarke", today, "11:00", "13:00", null);
    const later = await seedVisit("Paul Brown", plusDays(today, 1), "13:00", "15:00", "Crew B");
    await page.goto("/admin/schedule");
    const visits = page.getByRole("list", { name: "Visits" });
    await expect(visits.locator(`[data-visit="${second}"]`)).toBeVisible();
    await expect(visits.locator(`[data-visit="${first}"]`)).toContainText("Gate code 4412");
    await expect(visits.locator(`[data-visit="${first}"]`)).toContainText("Crew A");
    await expect(visits.locator(`[data-visit="${first}"] a[href^="tel:"]`)).toBeVisible();
    await expect(visits.locator(`[data-visit="${first}"] a[href^="https://www.google.com/maps/search/"]`)).toBeVisible();

    // Simone's visit goes on Crew B; Andre's is done; Simone's, a no-show.
    const secondCard = visits.locator(`[data-visit="${second}"]`);
    await secondCard.getByLabel("Crew", { exact: true }).selectOption({ label: "Crew B" });
    await secondCard.getByRole("button", { name: /^Save crew/ }).click();
    await expect(page.getByText("The visit's crew is saved.")).toBeVisible();
    await expect(visits.locator(`[data-visit="${second}"]`)).toContainText("Crew B");
    await visits
      .locator(`[data-visit="${first}"]`)
      .getByRole("button", { name: /^Mark done/ })
      .click();
    await expect(page.getByText("The visit is marked done.")).toBeVisible();
    await visits
      .locator(`[data-visit="${second}"]`)
      .getByRole("button", { name: /^No-show/ })
      .click();
    await expect(page.getByText("The visit is marked no-show.")).toBeVisible();
    await expect(visits.locator(`[data-visit="${first}"] [data-status]`)).toHaveText("Done");
    await expect(visits.locator(`[data-visit="${second}"] [data-status]`)).toHaveText("No-show");
    expect(await queryD1(`SELECT status FROM visits WHERE id IN ('${first}', '${second}') ORDER BY window_start`)).toEqual([
      { status: "done" },
      { status: "no_show" },
    ]);
    await expectSoundPage(page);
    await shot("schedule-day");

    // Tomorrow: Paul's visit moves to the first bookable day, keeping Crew B.
    const target = firstBookableDay();
    await page.getByRole("link", { name: "Next day →" }).click();
    const laterCard = page.locator(`[data-visit="${later}"]`);
    await laterCard.locator("summary", { hasText: "Move" }).click();
    await laterCard.getByLabel("New day").fill(target);
    await laterCard.getByRole("button", { name: "Move the visit" }).click();
    await expect(page.getByText("The visit is moved. The e-mails with the new day are on their way.")).toBeVisible();
    expect(await queryD1(`SELECT day, crew_id IS NOT NULL AS crewed FROM visits WHERE id = '${later}'`)).toEqual([
      { day: target, crewed: 1 },
    ]);

    // The week of the move: crews as rows on a wide screen, the days one under another on a phone.
    await page.goto(`/admin/schedule?view=week&day=${target}`);
    await expect(page.getByTestId("schedule-title")).toContainText("Week of");
    const entry = page.locator(`a[href$="#visit-${later}"]`);
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("Paul Brown");
    // The crews as the grid's rows on a wide screen; on a phone each day names the crew of its visits.
    if (width >= 1024) await expect(page.locator("[data-crew-row]")).toHaveText([/^Crew A/, /^Crew B/, /^No crew yet/]);
    else await expect(page.getByRole("region", { name: dayLabel(target) })).toContainText("Crew B");
    await expectSoundPage(page);
    // axe runs its script in the page: with JavaScript only.
    if (testInfo.project.use.javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await shot("schedule-week");

    // The day sheets of the moved visit's day: one page per crew with visits.
    await seedVisit("Nadine Reid", target, "09:00", "11:00", "Crew A", "Key under the mat");
    await page.goto(`/admin/schedule/sheet?day=${target}`);
    await expect(page.locator("[data-sheet]")).toHaveCount(2);
    await expect(page.locator('[data-sheet="Crew A"]')).toContainText("Key under the mat");
    await expect(page.locator('[data-sheet="Crew B"]')).toContainText("Paul Brown");
    await shot("day-sheets");
    const pdf = await page.pdf({ format: width < 600 ? "Letter" : "A4" });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(2);
    await testInfo.attach(`day-sheets-${width}.pdf`, { body: pdf, contentType: "application/pdf" });
  });
}
