/**
 * The owner's overview at /admin (docs/product.md §16), with JavaScript on and off: sign-in lands
 * on it; Today lists a visit of today, Needs you a request to answer; every chart is an
 * `<svg role="img">` named by its title, with its numbers in a disclosure and as CSV; the period
 * picker's links and its custom range change the URL and the headline, and a range that cannot
 * be used says why. Passes axe and does not scroll sideways at 390 and 1280 px; screenshots of
 * both widths go to the test's output.
 */
import type { Page, TestInfo } from "@playwright/test";
import { todayInJamaica } from "../../app/domain/dates";
import { OVERVIEW_CHART_TITLES, OVERVIEW_CHARTS, resolvePeriod } from "../../app/domain/overview";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, test } from "./fixtures";

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await expectSoundPage(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A request that arrived an hour ago, priced and booked for today in the 08:00 window, and one still pending; out: the first's customer name. */
async function bookedToday(project: string): Promise<string> {
  const name = `Overview ${project} ${Date.now().toString(36)}`;
  const id = crypto.randomUUID();
  const quoteId = crypto.randomUUID();
  const now = Date.now();
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, first_reply_at) VALUES ('${id}', ${now - 3_600_000}, ${now}, '${name}', 'overview-${now}@example.com', '876-555-0177', '3 Gloucester Avenue', 'residential', 'quoted', ${now - 1_800_000})`,
  );
  await queryD1(
    `INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES ('${quoteId}', 'quote', 'quote_request', '${id}', 15000, 14, 'Your quote.', ${now - 1_800_000})`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, sequence, created_at, updated_at) VALUES ('${crypto.randomUUID()}', '${id}', '${quoteId}', '${todayInJamaica()}', '08:00', '10:00', 'scheduled', '3 Gloucester Avenue', 'residential', 15000, 0, ${now}, ${now})`,
  );
  // And one still waiting for an answer.
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES ('${crypto.randomUUID()}', ${now}, ${now}, 'Waiting ${name}', 'waiting-${now}@example.com', '876-555-0178', '4 Gloucester Avenue', 'residential', 'pending')`,
  );
  return name;
}

test("the overview: today, what needs the owner, and the numbers drawn as charts, for any period", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const customer = await bookedToday(project);
  const admin = `overview-${project}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Today: the visit booked for today, linked to its request (a busy day's list opens on a tap).
  const todayList = page.locator("[data-today] details");
  if ((await todayList.getAttribute("open")) === null) await todayList.locator("summary").click();
  await expect(page.getByRole("link", { name: customer })).toBeVisible();
  // Needs you: the requests waiting for an answer (other tests leave some too).
  await expect(page.getByText(/quote requests? to answer/)).toBeVisible();

  // The numbers: one chart per figure, each an image named by its title.
  const today = todayInJamaica();
  const thisMonth = resolvePeriod({}, today).period;
  await expect(page.getByRole("heading", { name: `The numbers: ${thisMonth.label}` })).toBeVisible();
  for (const id of OVERVIEW_CHARTS) {
    await expect(page.getByRole("img", { name: OVERVIEW_CHART_TITLES[id] })).toBeVisible();
  }
  const requests = page.getByRole("figure").filter({ has: page.getByRole("img", { name: OVERVIEW_CHART_TITLES.requests }) });
  await requests.locator("summary", { hasText: "Numbers" }).click();
  await expect(requests.getByRole("table")).toBeVisible();
  const csv = await page.request.get((await requests.getByRole("link", { name: /CSV/ }).getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\n").filter(Boolean).length).toBeGreaterThan(1);
  await shoot(page, testInfo, "overview");

  // The picker: links, then a custom range, then one that cannot be used.
  const picker = page.getByRole("navigation", { name: "Period" });
  await picker.getByRole("link", { name: "Last 12 months" }).click();
  await expect(page).toHaveURL(/\/admin\?period=last-12-months$/);
  const year = resolvePeriod({ period: "last-12-months" }, today).period;
  await expect(page.getByRole("heading", { name: `The numbers: ${year.label}` })).toBeVisible();
  await expect(picker.getByRole("link", { name: "Last 12 months" })).toHaveAttribute("aria-current", "page");

  await picker.getByLabel("From").fill(year.previous.from);
  await picker.getByLabel("To").fill(year.previous.to);
  await picker.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(new RegExp(`period=custom&from=${year.previous.from}&to=${year.previous.to}$`));
  const custom = resolvePeriod({ period: "custom", from: year.previous.from, to: year.previous.to }, today).period;
  await expect(page.getByRole("heading", { name: `The numbers: ${custom.label}` })).toBeVisible();

  await page.goto(`/admin?period=custom&from=${today}&to=${year.from}`);
  await expect(page.getByText("The range's first day must not be after its last.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `The numbers: ${thisMonth.label}` })).toBeVisible();

  // The lists stay one tap away.
  await page.getByRole("link", { name: /^Quote Requests \(\d+\)/ }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
});

test("an overview of a period with no records shows clear empty charts", async ({ page }, testInfo) => {
  const admin = `overview-empty-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await page.goto("/admin?period=custom&from=2001-01-01&to=2001-01-31");
  await expect(page.getByRole("heading", { name: "The numbers: January 2001" })).toBeVisible();
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body).not.toMatch(/NaN|Infinity|undefined/);
  const attributes = await page
    .locator("main svg *")
    .evaluateAll((nodes) => nodes.flatMap((node) => Array.from(node.attributes, (attribute) => attribute.value)));
  expect(attributes.filter((value) => /NaN|Infinity|undefined/.test(value))).toEqual([]);
  await shoot(page, testInfo, "overview-empty");
});
