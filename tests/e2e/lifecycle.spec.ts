/**
 * One job from request to review, with JavaScript on and off (docs/product.md §4 "Stage"): a quote
 * request goes through the brief's one-tap 'Mark Quoted', the price given by phone, the
 * customer's own booking, 'Mark done' and the customer's review; at each step the admin list,
 * the record, the customer's page and the customer's status page show the same stage, and the
 * status page never says "ready" without a price. The visit's day is brought to today through
 * the test's D1 access (tests/e2e/d1.ts), as a visit can be marked done from its day on.
 * Screenshots of the four pages at each stage, 390 and 1280 px wide, go to the test's output.
 */
import type { Page, TestInfo } from "@playwright/test";
import { MESSAGES } from "../../app/domain/texts/messages";
import { todayInJamaica } from "../../app/domain/dates";
import type { JobStage } from "../../app/domain/lifecycle";
import { STATUS_HEADLINES } from "../../app/routes/public/status/stage-texts";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, mailTo, successWithReference, test } from "./fixtures";
import { reviewLink } from "./steps";

/** The four pages that show a request's stage, for one request. */
interface JobPages {
  reference: string;
  email: string;
  id: string;
  statusLink: string;
  customerHref: string;
}

/**
 * Checks that the list, the record, the customer's page and the status page all show `stage`
 * (the status page by its headline), and with `shots` takes each at 390 and 1280 px.
 */
async function expectStageEverywhere(page: Page, job: JobPages, stage: JobStage, headline: string, testInfo: TestInfo, shots: boolean) {
  const shoot = async (name: string) => {
    if (!shots) return;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.screenshot({ path: testInfo.outputPath(`${stage}-${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  await page.goto(`/admin/quotes?q=${job.reference}`);
  const row = page.locator("tr").filter({ hasText: job.email });
  await expect(row.locator("[data-stage]")).toHaveAttribute("data-stage", stage);
  await shoot("list");

  await page.goto(`/admin/quotes/${job.id}`);
  await expect(page.locator("main [data-stage]").first()).toHaveAttribute("data-stage", stage);
  await shoot("record");

  await page.goto(job.customerHref);
  const request = page.locator("[data-stage]").first();
  await expect(request).toHaveAttribute("data-stage", stage);
  await shoot("customer");

  await page.goto(job.statusLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
  if (stage !== "quoted" || headline !== STATUS_HEADLINES["quoted-priced"]) {
    await expect(page.getByText(STATUS_HEADLINES["quoted-priced"])).toHaveCount(0);
  }
  await shoot("status");
}

test("a request through 'Mark Quoted', the price by phone, the booking, the visit done and the review: one stage everywhere", async ({
  page,
  mails,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const shots = project === "js";
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `lifecycle-${project}-${Date.now()}@example.com`;

  // The customer asks for a quote.
  await page.goto("/quote");
  await page.getByLabel("Full Name").fill("Tamika Reid");
  await page.getByLabel("Email").fill(email);
  // A phone of its own: a customer is matched by e-mail, then by phone (docs/product.md §14).
  await page.getByLabel("Phone").fill(`876-${String(Date.now()).slice(-7, -4)}-${String(Date.now()).slice(-4)}`);
  await page.getByLabel("Service Type").selectOption("residential");
  await page.getByLabel("Property Address").fill("5 Seaview Close, Montego Bay");
  await page.getByLabel("Additional Information").fill("Two dogs, gate code 1234");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  const statusLink = (await mailTo(mails, email, "Your quote request MB-")).links.find((link) => link.includes("/status/"))!;
  const [{ id, reference, customerId }] = (await queryD1<{ id: string; reference: string; customerId: string }>(
    `SELECT id, reference, customer_id AS customerId FROM quote_requests WHERE email = '${email}'`,
  )) as [{ id: string; reference: string; customerId: string }];
  expect(customerId).toBeTruthy();
  const job: JobPages = { reference, email, id, statusLink, customerHref: `/admin/customers/${customerId}` };

  const admin = `lifecycle-staff-${project}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await expectStageEverywhere(page, job, "new", STATUS_HEADLINES.new, testInfo, shots);

  // 'Mark Quoted', one tap in the list, as the brief has it: quoted, but without a price nothing is "ready".
  await page.goto(`/admin/quotes?q=${reference}`);
  await page.locator("tr").filter({ hasText: email }).getByRole("button", { name: "Mark Quoted" }).click();
  await expect(page.getByText("Quote status updated successfully").first()).toBeVisible();
  await expectStageEverywhere(page, job, "quoted", STATUS_HEADLINES["quoted-unpriced"], testInfo, false);
  await page.goto(statusLink);
  await expect(page.getByRole("link", { name: "Accept and book" })).toHaveCount(0);
  await page.goto(`${statusLink}/book`);
  await expect(page.getByRole("heading", { level: 1, name: "Your price is not here yet" })).toBeVisible();
  await page.goto(`/admin/quotes/${id}`);
  await expect(page.getByTestId("unpriced")).toBeVisible();
  if (shots) await page.screenshot({ path: testInfo.outputPath("quoted-unpriced-record-1280.png"), fullPage: true });

  // The price given by phone, added on the record: now the customer can book online at it.
  const price = page.getByRole("region", { name: "Add the price you gave by phone" });
  await price.getByLabel("Amount (JMD)").fill("12,000");
  await price.getByRole("button", { name: "Save the price" }).click();
  await expect(page.getByTestId("unpriced")).toHaveCount(0);
  await expectStageEverywhere(page, job, "quoted", STATUS_HEADLINES["quoted-priced"], testInfo, shots);
  await expect(page.getByTestId("quote-price")).toHaveText("J$12,000");

  // The customer books from the status page.
  await page.getByRole("link", { name: "Accept and book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accept and book" })).toBeVisible();
  const day = page.getByRole("region", { name: "Day" }).getByRole("link").first();
  await day.click();
  await page.getByRole("radio", { disabled: false }).first().check();
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: STATUS_HEADLINES.booked })).toBeVisible();
  await expect(page.locator('[data-step="Booked"]')).toHaveAttribute("data-done", "true");
  await expectStageEverywhere(page, job, "booked", STATUS_HEADLINES.booked, testInfo, shots);
  await expectSoundPage(page);

  // 'Complete' is refused while the visit is booked: the record asks first and names what is scheduled.
  await page.goto(`/admin/quotes/${id}?confirm=complete`);
  await expect(page.getByRole("list", { name: "Visits still scheduled" }).getByRole("listitem")).toHaveCount(1);

  // The visit's day comes; staff mark it done.
  const [{ visitId }] = (await queryD1<{ visitId: string }>(`SELECT id AS visitId FROM visits WHERE quote_request_id = '${id}'`)) as [
    { visitId: string },
  ];
  await queryD1(`UPDATE visits SET day = '${todayInJamaica()}' WHERE id = '${visitId}'`);
  await page.goto(`/admin/quotes/${id}`);
  await page.getByRole("button", { name: "Mark done" }).click();
  await expect(page.getByText("The visit is marked done.")).toBeVisible();
  await expectStageEverywhere(page, job, "visit_done", STATUS_HEADLINES.visit_done, testInfo, shots);
  await expect(page.locator('[data-step="Visit done"]')).toHaveAttribute("data-done", "true");

  // The customer reviews it through the link the daily job sends.
  await page.goto(await reviewLink(visitId));
  await page.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.getByLabel("A few words").fill(`Spotless, and the dogs were happy (${project}).`);
  await page.getByLabel("Your name as shown").fill("T. R.");
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review!" })).toBeVisible();
  await expectStageEverywhere(page, job, "reviewed", STATUS_HEADLINES.reviewed, testInfo, shots);
});
