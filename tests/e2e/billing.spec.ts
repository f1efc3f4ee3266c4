/**
 * Getting paid, with JavaScript on and off (docs/product.md §15): a done visit is invoiced from
 * its request's page and issued; the customer opens the invoice from its e-mail and pays by card
 * through the WiPay stand-in (tests/support/wipay-stand-in.mjs, started by scripts/e2e-server.mjs)
 * or staff record the cash the crew collected; either way the invoice reads paid on both sides
 * and a receipt is e-mailed. The request, its quote and its done visit are put in D1 directly
 * (tests/e2e/lifecycle.spec.ts walks a job to 'visit done' through the pages). Screenshots of the
 * invoice (screen and print), the Unpaid view and the status page at 390 and 1280 px go to the
 * test's output.
 */
import type { Page, TestInfo } from "@playwright/test";
import { todayInJamaica } from "../../app/domain/dates";
import { MESSAGES } from "../../app/domain/texts/messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, mailTo, successWithReference, test, type SentMail } from "./fixtures";

/** A quote request sent from /quote, its quote of J$12,000 and a visit done today, put in D1; out: the request's id and status link. */
async function doneVisit(page: Page, mails: () => SentMail[], email: string) {
  await page.goto("/quote");
  await page.getByLabel("Full Name").fill("Marcia Bailey");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill(`876-${String(Date.now()).slice(-7, -4)}-${String(Date.now()).slice(-4)}`);
  await page.getByLabel("Service Type").selectOption("residential");
  await page.getByLabel("Property Address").fill("9 Coral Gardens, Montego Bay");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  const statusLink = (await mailTo(mails, email, "Your quote request MB-")).links.find((link) => link.includes("/status/"))!;
  const [{ id }] = (await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${email}'`)) as [{ id: string }];
  const now = Date.now();
  const quoteId = crypto.randomUUID();
  await queryD1(`UPDATE quote_requests SET status = 'quoted', first_reply_at = ${now} WHERE id = '${id}'`);
  await queryD1(
    `INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, included, message, created_at) VALUES ('${quoteId}', 'quote', 'quote_request', '${id}', 12000, 14, 'Three bedrooms, kitchen, floors', 'Here is your quote.', ${now})`,
  );
  await queryD1(
    `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, sequence, created_at, updated_at) VALUES ('${crypto.randomUUID()}', '${id}', '${quoteId}', '${todayInJamaica()}', '08:00', '10:00', 'done', '9 Coral Gardens, Montego Bay', 'residential', 12000, 0, ${now}, ${now})`,
  );
  return { id, statusLink };
}

/** Signs a new admin in, invoices the request's done visit from its page and issues it; out: the invoice's admin URL, number and the customer's link from the e-mail. */
async function issueVisitInvoice(page: Page, mails: () => SentMail[], requestId: string, email: string, testInfo: TestInfo) {
  const project = testInfo.project.name;
  const admin = `billing-staff-${project}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await page.goto(`/admin/quotes/${requestId}`);
  await page.getByRole("button", { name: "Invoice this visit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice Draft" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Marcia Bailey");
  if (project === "js") await shoot(page, testInfo, "admin-draft");
  await page.getByRole("button", { name: "Issue and e-mail" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace("Invoice ", "");
  const mail = await mailTo(mails, email, `Invoice ${number}`);
  expect(mail.text).toContain("J$12,000.00");
  const link = mail.links.find((candidate) => candidate.includes("/invoice/"))!;
  expect(link).toMatch(/\/invoice\/[0-9a-f]{32}$/);
  return { adminUrl: page.url().split("#")[0]!, number, link };
}

/** Screenshots of the current page at 390 and 1280 px wide (and printed, with `print`). */
async function shoot(page: Page, testInfo: TestInfo, name: string, print = false) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await expectSoundPage(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (print) {
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: testInfo.outputPath(`${name}-print.png`), fullPage: true });
    await page.emulateMedia({ media: "screen" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a done visit invoiced, opened from the e-mail and paid by card through the provider: paid on both sides, with a receipt", async ({
  page,
  mails,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const shots = project === "js";
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `billing-card-${project}-${Date.now()}@example.com`;
  const { id, statusLink } = await doneVisit(page, mails, email);
  const { adminUrl, number, link } = await issueVisitInvoice(page, mails, id, email, testInfo);

  // Owed: the Unpaid view lists it as current.
  await page.goto("/admin/invoices/unpaid");
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  if (shots) await shoot(page, testInfo, "unpaid");

  // The customer opens the invoice from the e-mail: a Tax Invoice or Invoice, with what is due.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Your invoice" })).toBeVisible();
  await expect(page.getByTestId("owed")).toContainText("J$12,000.00 is due");
  if (shots) await shoot(page, testInfo, "invoice-owed", true);

  // … pays by card on the provider's page, and comes back to a paid invoice.
  await page.getByRole("button", { name: "Pay J$12,000.00 by card" }).click();
  await expect(page.getByRole("heading", { name: "WiPay stand-in checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/invoice\/[0-9a-f]{32}\?paid=1$/);
  await expect(page.getByText("Paid in full").first()).toBeVisible();
  await expect(page.getByTestId("owed")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /by card$/ })).toHaveCount(0);
  if (shots) await shoot(page, testInfo, "invoice-paid", true);

  // The receipt: e-mailed, and its page reached from the invoice.
  const receipt = await mailTo(mails, email, "Receipt for J$12,000.00");
  expect(receipt.text).toContain(number);
  await page.getByRole("link", { name: "See the receipt" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your receipt" })).toBeVisible();
  await expect(page.getByText("J$12,000.00").first()).toBeVisible();
  await expect(page.getByText(/Card online/).first()).toBeVisible();

  // One payment, recorded once; staff see it paid.
  expect(await queryD1(`SELECT count(*) AS n FROM payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.number = '${number}'`)).toEqual(
    [{ n: 1 }],
  );
  await page.goto(adminUrl);
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "paid");

  // The status page lists the invoice, paid.
  await page.goto(statusLink);
  const invoices = page.getByRole("region", { name: "Invoices" });
  await expect(invoices.getByText(`Invoice ${number}`, { exact: true })).toBeVisible();
  await expect(invoices.getByText("Paid", { exact: true })).toBeVisible();
  if (shots) await shoot(page, testInfo, "status");
});

test("a done visit invoiced and paid in cash to the crew, recorded by staff: a refused amount first, then paid, with a receipt", async ({
  page,
  mails,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `billing-cash-${project}-${Date.now()}@example.com`;
  const { id } = await doneVisit(page, mails, email);
  const { adminUrl, number, link } = await issueVisitInvoice(page, mails, id, email, testInfo);

  // GCT cannot be switched on without the numbers a Tax Invoice must show: refused, nothing saved.
  await page.goto("/admin/billing");
  await page.getByLabel("Registered for GCT").check();
  await page.getByLabel("TRN").fill("12345");
  await page.getByRole("button", { name: "Save billing settings" }).click();
  await expect(page.getByText("A TRN is 9 digits, for example 123-456-789.")).toBeVisible();
  await expect(page.getByText(/Enter the GCT registration number/)).toBeVisible();
  if (project === "js") await shoot(page, testInfo, "billing-refused");
  expect(await queryD1("SELECT gct_registered AS gct, trn FROM billing_settings")).toEqual([{ gct: 0, trn: null }]);
  await page.goto(adminUrl);

  const form = page.getByRole("region", { name: "Record a payment" });
  await form.getByLabel("Method").selectOption("cash");
  // Refused, and nothing recorded: not a number, then more than is owed without saying what the extra is.
  await form.getByLabel("Amount (J$)").fill("twelve thousand");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(form.getByText("Enter an amount like 18000 or 18,000.50.")).toBeVisible();
  await form.getByLabel("Amount (J$)").fill("13,000");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(/more than the J\$12,000\.00 still owed/).first()).toBeVisible();
  expect(await queryD1(`SELECT count(*) AS n FROM payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.number = '${number}'`)).toEqual(
    [{ n: 0 }],
  );

  await form.getByLabel("Amount (J$)").fill("12,000");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(/The payment is recorded\./).first()).toBeVisible();
  await expect(page.locator("[data-state]").first()).toHaveAttribute("data-state", "paid");
  const receipt = await mailTo(mails, email, "Receipt for J$12,000.00");
  expect(receipt.text).toContain(number);
  if (project === "js") await shoot(page, testInfo, "admin-paid");

  // The customer's invoice now reads paid in full, and shows the cash.
  await page.goto(link);
  await expect(page.getByText("Paid in full").first()).toBeVisible();
  await expect(page.getByText("Cash").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /by card$/ })).toHaveCount(0);
});
