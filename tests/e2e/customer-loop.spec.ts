/**
 * Closing the loop with the customer, in Chromium against the Worker in Miniflare (whose local mail
 * queue delivers every e-mail to the console transport), with JavaScript on and off: the
 * confirmation's status link, 'Send quote' on a phone, the quote on the status page, a reply
 * template edited on /admin/templates, and 'Send reply'.
 */
import { MESSAGES } from "../../app/domain/texts/messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, expectSoundPage, mailTo, successWithReference, test } from "./fixtures";

test("a quote request's status link, 'Send quote' on a phone, and the quote on the customer's status page", async ({
  page,
  mails,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `loop-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/quote");
  await page.getByLabel("Full Name").fill("Shanice Campbell");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 876 555 0177");
  await page.getByLabel("Service Type").selectOption("airbnb");
  await page.getByLabel("Property Address").fill("Unit 4, Rose Hall Villas");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));

  const confirmation = await mailTo(mails, email, "Your quote request MB-");
  const statusLink = confirmation.links.find((link) => link.includes("/status/"))!;
  expect(statusLink).toMatch(/\/status\/[0-9a-f]{32}$/);
  await page.goto(statusLink);
  await expect(page.getByRole("heading", { level: 1, name: "We have your request and are preparing your quote." })).toBeVisible();
  await expect(page.locator('[data-step="Quoted"]')).toHaveAttribute("data-done", "false");
  await expectSoundPage(page);
  await page.screenshot({ path: testInfo.outputPath("status-received-390.png"), fullPage: true });

  const admin = `quoter-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  const [{ id, reference }] = (await queryD1<{ id: string; reference: string }>(
    `SELECT id, reference FROM quote_requests WHERE email = '${email}'`,
  )) as [{ id: string; reference: string }];
  await page.goto(`/admin/quotes/${id}`);
  await expect(page.getByTestId("first-reply")).toHaveText(/^No reply yet · waiting/);
  const form = page.getByRole("form", { name: "Send quote" });
  await expect(form.getByLabel("Message")).toHaveValue(/^Hello Shanice Campbell,/);
  // The default template (migrated where unedited) says to book online, as the site does.
  await expect(form.getByLabel("Message")).toHaveValue(/To book, choose a day and an arrival time online with the booking link/);
  // A bad amount is refused with its message and the rest kept.
  await form.getByLabel("Amount (JMD)").fill("fourteen");
  await form.getByLabel("What is included (optional)").fill("Linen change, two bathrooms, kitchen, floors");
  await form.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText("Amount (JMD) must be a whole number of dollars, such as 14500.")).toBeVisible();
  await expect(form.getByLabel("What is included (optional)")).toHaveValue("Linen change, two bathrooms, kitchen, floors");
  await form.getByLabel("Amount (JMD)").fill("14,500");
  await form.getByLabel("Amount (USD, optional)").fill("92");
  await expectSoundPage(page);
  await page.screenshot({ path: testInfo.outputPath("send-quote-390.png"), fullPage: true });
  await form.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText("Quote sent. The customer gets it by e-mail and on their status page.")).toBeVisible();
  await expect(page.getByTestId("history").getByText("J$14,500 (US$92), valid 14 days")).toBeVisible();
  await expect(page.getByTestId("first-reply")).toHaveText(/^First reply after .* \(within 24 hours\)$/);

  const quote = await mailTo(mails, email, `Your quote ${reference}`);
  expect(quote.text).toContain("Price: J$14,500 (US$92)");
  expect(quote.links).toContain(statusLink);
  await page.reload();
  await expect(
    page
      .getByTestId("mails")
      .locator('[data-mail-status="sent"]')
      .filter({ hasText: `Your quote ${reference}` }),
  ).toBeVisible();

  await page.goto(statusLink);
  await expect(page.getByRole("heading", { level: 1, name: "Your quote is ready." })).toBeVisible();
  await expect(page.getByTestId("quote-price")).toHaveText("J$14,500");
  await expect(page.getByText("Linen change, two bathrooms, kitchen, floors")).toBeVisible();
  await expectSoundPage(page);
  await page.screenshot({ path: testInfo.outputPath("status-quoted-390.png"), fullPage: true });
});

test("a reply template edited on /admin/templates starts the reply to a contact message; 'Send reply' answers it", async ({
  page,
  mails,
}, testInfo) => {
  const email = `reply-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/contact");
  await page.getByLabel("Full Name").fill("Devon Reid");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("textbox", { name: "Message" }).fill("Do you clean pool decks as well?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));

  const admin = `replier-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await page.goto("/admin/templates");
  const name = `Pool decks ${testInfo.project.name} ${Date.now()}`;
  const added = page.locator('[data-template="new"]');
  await added.getByLabel("Name").fill(name);
  await added.getByLabel("For").selectOption("reply");
  await added.getByLabel("Text").fill("Hi {name}, about {nmae}: yes.");
  await added.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText("Unknown placeholder {nmae}.", { exact: false })).toBeVisible();
  await page.locator('[data-template="new"]').getByLabel("Text").fill("Hi {name}, about {reference}: yes, we clean pool decks.");
  await page.locator('[data-template="new"]').getByRole("button", { name: "Add template" }).click();
  await expect(page.getByText("Template saved")).toBeVisible();
  await expectSoundPage(page);
  await page.screenshot({ path: testInfo.outputPath("templates-1280.png"), fullPage: true });

  const [{ id, reference }] = (await queryD1<{ id: string; reference: string }>(
    `SELECT id, reference FROM contact_messages WHERE email = '${email}'`,
  )) as [{ id: string; reference: string }];
  await page.goto(`/admin/messages/${id}`);
  await page.getByRole("navigation", { name: "Start from a template" }).getByRole("link", { name }).click();
  const form = page.getByRole("form", { name: "Send reply" });
  await expect(form.getByLabel("Message")).toHaveValue(`Hi Devon Reid, about ${reference}: yes, we clean pool decks.`);
  await form.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent", { exact: true })).toBeVisible();
  await expect(page.locator("[data-badge]").first()).toHaveText("responded");
  const reply = await mailTo(mails, email, `Re: your message ${reference}`);
  expect(reply.text).toContain("yes, we clean pool decks.");
});
