/**
 * The availability page in Chromium, with JavaScript on and off (the two projects): on a phone
 * (390 px) an admin opens it from 'More', changes the settings (Saturday off, three crews, a
 * fourth arrival window), is refused a window that ends before it starts, adds a day off and
 * removes it; at 390 and 1280 px the page with Jamaica's public holidays filled in does not
 * scroll sideways and axe finds no WCAG 2.2 AA violation. Each test puts the defaults back, so
 * the other specs book against the settings they expect.
 */
import type { Page } from "@playwright/test";
import { dayLabel, plusDays } from "../../app/domain/booking";
import { todayInJamaica } from "../../app/domain/dates";
import { AVAILABILITY_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test } from "./fixtures";

const unique = (prefix: string) => `${prefix}-${test.info().project.name}-${Date.now()}@example.com`;

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.afterEach(async () => {
  await queryD1("DELETE FROM availability_settings");
  await queryD1("DELETE FROM days_off");
});

test("on a phone, an admin changes the booking settings and adds and removes a day off (390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const admin = unique("availability");
  await createAdmin(admin);
  await signIn(page, admin);

  // Availability is under 'More', with the settings.
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await sections.getByText("More", { exact: true }).click();
  await sections.getByRole("link", { name: "Availability", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/availability$/);
  await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();
  await expect(page.getByTestId("settings-saved")).toHaveText("Not saved yet: these are the starting settings.");
  await expect(page.getByLabel("Saturday")).toBeChecked();
  await expectNoHorizontalScroll(page);

  // A window that ends before it starts is refused, next to the field, and nothing is stored.
  await page.locator("#start4").fill("16:00");
  await page.locator("#end4").fill("15:00");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("A window ends after it starts.")).toBeVisible();
  await expect(page.locator("#end4")).toHaveAttribute("aria-invalid", "true");
  expect(await queryD1("SELECT id FROM availability_settings")).toEqual([]);

  // Saturday off, three crews, a fourth window from 3 to 5 PM.
  await page.locator("#start4").fill("15:00");
  await page.locator("#end4").fill("17:00");
  await page.getByLabel("Saturday").uncheck();
  await page.getByLabel("Visits per window").fill("3");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText(AVAILABILITY_MESSAGES.saved)).toBeVisible();
  await expect(page.getByTestId("settings-saved")).toContainText("Last saved");
  await expect(page.getByLabel("Saturday")).not.toBeChecked();
  await expect(page.getByLabel("Visits per window")).toHaveValue("3");
  await expect(page.locator("#end4")).toHaveValue("17:00");
  // A new empty row to add the next one.
  await expect(page.locator("#start5")).toHaveValue("");
  expect(await queryD1("SELECT working_days, windows, capacity FROM availability_settings")).toEqual([
    {
      working_days: "[1,2,3,4,5]",
      windows: JSON.stringify([
        { start: "09:00", end: "11:00" },
        { start: "11:00", end: "13:00" },
        { start: "13:00", end: "15:00" },
        { start: "15:00", end: "17:00" },
      ]),
      capacity: 3,
    },
  ]);
  await expectNoHorizontalScroll(page);

  // A day off: added, listed, then removed.
  const day = plusDays(todayInJamaica(), 10);
  await page.getByLabel("Date").fill(day);
  await page.getByLabel("Name", { exact: true }).fill("Staff training day");
  await page.getByRole("button", { name: "Add day off" }).click();
  await expect(page.getByText(AVAILABILITY_MESSAGES.dayOffAdded)).toBeVisible();
  const row = page.locator(`[data-day-off="${day}"]`);
  await expect(row).toContainText(dayLabel(day));
  await expect(row).toContainText("Staff training day");
  expect(await queryD1("SELECT day, name FROM days_off")).toEqual([{ day, name: "Staff training day" }]);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("availability-390-saved.png"), fullPage: true });

  await row.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(AVAILABILITY_MESSAGES.dayOffRemoved)).toBeVisible();
  await expect(page.locator(`[data-day-off="${day}"]`)).toHaveCount(0);
  expect(await queryD1("SELECT day FROM days_off")).toEqual([]);
});

for (const width of [390, 1280]) {
  test(`with Jamaica's public holidays filled in, nothing scrolls sideways and axe finds no violation (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = unique(`availability-${width}`);
    await createAdmin(admin);
    await signIn(page, admin);
    await page.goto("/admin/availability");
    await page.getByRole("button", { name: "Fill in public holidays" }).click();
    await expect(page.getByText(AVAILABILITY_MESSAGES.holidaysAdded)).toBeVisible();
    await expect(page.getByTestId("days-off")).toContainText("Christmas Day");
    // A second time adds nothing.
    const count = (await queryD1<{ n: number }>("SELECT count(*) AS n FROM days_off"))[0]!.n;
    await page.getByRole("button", { name: "Fill in public holidays" }).click();
    await expect(page.getByText(AVAILABILITY_MESSAGES.holidaysThere)).toBeVisible();
    expect((await queryD1<{ n: number }>("SELECT count(*) AS n FROM days_off"))[0]!.n).toBe(count);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`availability-${width}.png`), fullPage: true });
    if (test.info().project.use.javaScriptEnabled) {
      // With a rename open, as staff would have it.
      await page.getByTestId("days-off").getByText("Rename").first().click();
      expect(await axeViolations(page)).toEqual([]);
    }
  });
}
