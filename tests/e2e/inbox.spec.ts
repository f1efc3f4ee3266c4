/**
 * The admin inbox in Chromium at 390 px and 1280 px, JavaScript on and off (docs/product.md
 * §10): cards with one-tap call, WhatsApp and e-mail on a phone and no horizontal scrolling;
 * from 1024 px tables whose every column fits, long contact details wrapped;
 * overdue marks; search and filters kept in the URL (bookmark, back and forward); 'Add note'
 * in the history; 'Export CSV' of the filtered list.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, test } from "./fixtures";

const HOUR = 3_600_000;

/** A word no other test's records contain, so each test finds only its own. */
const marker = () => `zq${test.info().project.name.replace("-", "")}${Date.now().toString(36)}`;

/** Stores quote requests straight in the e2e database (the forms are tested elsewhere). */
async function insertQuotes(
  rows: Array<{ name: string; service: string; hoursAgo: number; info: string; status?: string; email?: string; address?: string }>,
): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  const values = rows
    .map((row, i) => {
      const at = Date.now() - row.hoursAgo * HOUR;
      return `('${ids[i]}', ${at}, ${at}, '${row.name}', '${row.email ?? "client@example.com"}', '876-555-0142', '${row.address ?? "7 Bay Road, Montego Bay"}', '${row.service}', '${row.status ?? "pending"}', '${row.info}')`;
    })
    .join(", ");
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, additional_info) VALUES ${values}`,
  );
  return ids;
}

/** Stores unread contact messages straight in the e2e database, as insertQuotes does quote requests. */
async function insertMessages(rows: Array<{ name: string; email: string; message: string }>) {
  const at = Date.now();
  const values = rows
    .map((row) => `('${crypto.randomUUID()}', ${at}, ${at}, '${row.name}', '${row.email}', '876-555-0142', '${row.message}', 'unread')`)
    .join(", ");
  await queryD1(`INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES ${values}`);
}

/** True when the page is no wider than its viewport (nothing to scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * Contacts far longer than most. A browser may break the first e-mail address after its
 * hyphens; the second has no hyphen or space, nowhere to break but where the list allows it.
 */
const LONG = {
  name: "Maximiliana Wilhelmina Fitzgerald-Montgomery-Beauchamp",
  email: "a.very.long.address.for.testing.wrapping@an-extremely-long-domain-name-example.com",
  unbroken: "reservations.and.guest.services.department@montegobayluxuryvillarentals.com",
  address: "Apartment 12B, Lot 345 Ironshore Estates, Queens Drive, near the Half Moon roundabout, Montego Bay, St James",
};

/**
 * The list's table at the page's width: its box (the table's parent) has nothing to scroll
 * sideways, no cell's content is wider than its cell, and each row's `action` button lies wholly
 * inside the box and the viewport.
 */
async function expectTableFits(page: Page, action: string) {
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  const box = table.locator("xpath=..");
  const { scroll, client } = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(scroll, "the table box's scrollWidth (its clientWidth is the limit)").toBeLessThanOrEqual(client);
  const overflowing = await table.evaluate((element) =>
    [...element.querySelectorAll("td")].filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
  );
  expect(overflowing, "cells whose content is wider than the cell").toEqual([]);
  const frame = (await box.boundingBox())!;
  const [left, right] = [frame.x, Math.min(frame.x + frame.width, page.viewportSize()!.width)];
  const buttons = table.getByRole("button", { name: action });
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    const { x, width } = (await button.boundingBox())!;
    expect(x, `'${action}' left edge`).toBeGreaterThanOrEqual(left);
    expect(x + width, `'${action}' right edge, within the table box and the viewport`).toBeLessThanOrEqual(right);
  }
  await expectNoSidewaysScroll(page);
}

test("at 1024 px and wider both lists' tables fit their box: a long e-mail address wraps, every column and the next step stay in view", async ({
  page,
}) => {
  const admin = `wide-${test.info().project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  const word = marker();
  await insertQuotes([
    { name: LONG.name, service: "post-construction", hoursAgo: 2, info: word, email: LONG.email, address: LONG.address },
    { name: "Villa Desk", service: "airbnb", hoursAgo: 3, info: word, email: LONG.unbroken, address: LONG.address },
    { name: "Short Sam", service: "residential", hoursAgo: 1, info: word },
  ]);
  await insertMessages([
    { name: LONG.name, email: LONG.email, message: `${word} Could you clean the villa before our guests arrive on Friday?` },
    { name: "Villa Desk", email: LONG.unbroken, message: `${word} Weekly turnover for three villas?` },
    { name: "Short Sam", email: "sam@example.com", message: `${word} Do you bring your own supplies?` },
  ]);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  for (const [path, action] of [
    ["/admin/quotes", "Mark Quoted"],
    ["/admin/messages", "Mark Read"],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${path}?q=${word}`);
    await expect(page.getByRole("row")).toHaveCount(4);
    // The whole addresses stay on the page, readable and linked.
    for (const email of [LONG.email, LONG.unbroken]) {
      await expect(page.getByRole("link", { name: email, exact: true })).toHaveAttribute("href", `mailto:${email}`);
    }
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 720 });
      await expectTableFits(page, action);
    }
  }
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the lists are cards with the next step and one-tap call, WhatsApp and e-mail; overdue ones marked; nothing scrolls sideways", async ({
    page,
  }) => {
    const admin = `phone-${test.info().project.name}-${Date.now()}@example.com`;
    await createAdmin(admin);
    const word = marker();
    const [late] = await insertQuotes([
      { name: "Late Lorraine", service: "airbnb", hoursAgo: 30, info: word },
      { name: "Fresh Fiona", service: "residential", hoursAgo: 1, info: word },
    ]);
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/quotes");
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole("table")).toBeHidden();

    await page.getByLabel("Search").fill(word);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes\\?q=${word}$`));
    const cards = page.getByTestId("record-card");
    await expect(cards).toHaveCount(2);
    const card = cards.filter({ hasText: "Late Lorraine" });
    await expect(card.getByText("Airbnb Turnover Cleaning")).toBeVisible();
    await expect(card.getByText("Overdue")).toBeVisible();
    await expect(cards.filter({ hasText: "Fresh Fiona" }).getByText("Overdue")).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Call Late Lorraine" })).toHaveAttribute("href", "tel:+18765550142");
    await expect(card.getByRole("link", { name: "WhatsApp Late Lorraine" })).toHaveAttribute("href", "https://wa.me/18765550142");
    await expect(card.getByRole("link", { name: "Email Late Lorraine" })).toHaveAttribute("href", "mailto:client@example.com");
    await card.getByRole("button", { name: "Mark Quoted" }).click();
    await expect(page.getByText("Quote status updated successfully")).toBeVisible();
    await expect(cards.filter({ hasText: "Late Lorraine" }).getByText("quoted", { exact: true })).toBeVisible();
    await expect(cards.filter({ hasText: "Late Lorraine" }).getByText("Overdue")).toHaveCount(0);
    expect(await queryD1(`SELECT status FROM quote_requests WHERE id = '${late}'`)).toEqual([{ status: "quoted" }]);

    for (const path of ["/admin/messages", `/admin/quotes/${late}`]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
  });
});

test("search and filters live in the URL: bookmarkable, and back and forward restore them", async ({ page }) => {
  const admin = `filters-${test.info().project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  const word = marker();
  await insertQuotes([
    { name: "Overdue Airbnb", service: "airbnb", hoursAgo: 26, info: word },
    { name: "New Airbnb", service: "airbnb", hoursAgo: 2, info: word },
    { name: "Old Office", service: "commercial", hoursAgo: 48, info: word },
  ]);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/quotes");
  const rows = page
    .getByRole("row")
    .filter({ hasText: "Airbnb" })
    .or(page.getByRole("row").filter({ hasText: "Office" }));

  await page.getByLabel("Search").fill(word);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Service type").selectOption("airbnb");
  await page.getByLabel("Overdue only").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&service=airbnb&overdue=1$`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Overdue Airbnb");

  const bookmark = page.url();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(rows).toHaveCount(3);
  await page.goForward();
  await expect(rows).toHaveCount(1);

  // The bookmark, opened fresh, shows the same view with the form filled in.
  await page.goto("/admin/quotes");
  await page.goto(bookmark);
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel("Search")).toHaveValue(word);
  await expect(page.getByLabel("Service type")).toHaveValue("airbnb");
  await expect(page.getByLabel("Overdue only")).toBeChecked();

  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "pending", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?status=pending&q=${word}&service=airbnb&overdue=1$`));
  await expect(rows).toHaveCount(1);

  // 'Export CSV' downloads the same filtered list.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^quote-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), "utf8");
  expect(csv).toContain("Overdue Airbnb");
  expect(csv).not.toContain("New Airbnb");
  expect(csv).not.toContain("Old Office");

  await page.getByRole("link", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\?status=pending$/);
});

for (const width of [390, 1280]) {
  test(`'Add note' at ${width} px: the note shows in the history with its author and stays after a reload`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = `notes-${width}-${test.info().project.name}-${Date.now()}@example.com`;
    await createAdmin(admin);
    const [id] = await insertQuotes([{ name: "Noted Nadine", service: "deep-clean", hoursAgo: 3, info: marker() }]);
    await signIn(page, admin);
    // Signed in before the next page opens (a goto during the sign-in's post would cancel it).
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/quotes/${id}`);
    await page.getByLabel("Note").fill("Gate code 4411; come after 10am.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added")).toBeVisible();
    const history = page.getByTestId("history");
    await expect(history.getByText("Gate code 4411; come after 10am.")).toBeVisible();
    await expect(history.getByText(`by ${admin}`)).toBeVisible();
    await expect(page.getByLabel("Note")).toHaveValue("");
    await page.getByRole("button", { name: "Mark Quoted" }).click();
    await expect(history.getByText(`pending → quoted by ${admin}`)).toBeVisible();
    await page.reload();
    await expect(history.getByText("Gate code 4411; come after 10am.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await queryD1(`SELECT body FROM record_notes WHERE entity_id = '${id}'`)).toEqual([
      { body: "Gate code 4411; come after 10am." },
    ]);
  });
}
