/**
 * The admin in Chromium, with JavaScript on and off: sign-up and the verification link from
 * the server log, the redirects for anonymous and non-admin visitors, a non-admin's way to
 * sign out, sign-in, both tabs,
 * every status button through to completed/responded (surviving reload), a photo in the
 * detail view, and sign-out; the frame on a phone (at most 120 px tall, its menus by keyboard).
 */
import { AUTH_MESSAGES } from "../../app/domain/texts/staff-messages";
import { makePng } from "../fixtures";
import { createAdmin, PASSWORD, signIn, signInSeeingNotice, submitSignIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test } from "./fixtures";

const unique = (prefix: string) => `${prefix}-${test.info().project.name}-${Date.now()}@example.com`;

test("sign-up, verification link, sign-in as a non-admin, and the redirects", async ({ page, mails }) => {
  const email = unique("staff");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth(\?redirectTo=[^&]*)?$/);

  await page.getByRole("link", { name: "Create Admin Account" }).click();
  await expect(page.getByRole("heading", { name: "Create Admin Account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(page.getByText(AUTH_MESSAGES.signUpSuccess)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await submitSignIn(page, email);
  await expect(page.getByText(AUTH_MESSAGES.notVerified)).toBeVisible();

  await expect.poll(() => mails().find((mail) => mail.to === email)?.links[0]).toBeTruthy();
  const link = mails().find((mail) => mail.to === email)!.links[0]!;
  await page.goto(link);
  await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();

  await submitSignIn(page, email);
  // Signed in, but sign-up never makes an admin.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(AUTH_MESSAGES.accessDenied)).toBeVisible();

  // Not stuck: /auth says who is signed in, and signs out.
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Signed in" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.noAdminAccess)).toBeVisible();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth(\?redirectTo=[^&]*)?$/);
});

test("an admin works through both tabs to completed and responded, sees a photo, and signs out", async ({ page }) => {
  const admin = unique("owner");
  await createAdmin(admin);
  const client = unique("client");

  // A visitor's quote with a photo, and a contact message.
  await page.goto("/quote?service=residential");
  await page.getByLabel("Full Name").fill("Photo Client");
  await page.getByLabel("Email").fill(client);
  await page.getByLabel("Phone").fill("876 555 0123");
  await page.getByLabel("Property Address").fill("8 Hip Strip");
  await page
    .getByLabel("Photos of the job")
    .setInputFiles({ name: "kitchen.png", mimeType: "image/png", buffer: Buffer.from(makePng(40, 30)) });
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.goto("/contact");
  const form = page.locator("#message form");
  await form.getByLabel("Full Name").fill("Message Client");
  await form.getByLabel("Email Address").fill(client);
  await form.getByRole("textbox", { name: "Message" }).fill("Please call me back.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toBeVisible();

  if (test.info().project.name === "js") await signInSeeingNotice(page, admin, AUTH_MESSAGES.signInSuccess);
  else await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("admin-email")).toHaveText(admin);
  await expect(page.getByRole("link", { name: /^Quote Requests \(\d+\)/ })).toBeVisible();
  // Sign-in lands on the overview; the list is one tap away.
  await page.getByRole("link", { name: /^Quote Requests \(\d+\)/ }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);

  // Rows are found by the client's unique address (other runs leave their own rows).
  const byClient = new RegExp(client.replace(/[.+]/g, "\\$&"));
  const quoteRow = page.getByRole("row", { name: byClient });
  await expect(quoteRow.getByText("pending")).toBeVisible();
  await quoteRow.getByRole("button", { name: "Mark Quoted" }).click();
  await expect(page.getByText("Quote status updated successfully")).toBeVisible();
  await expect(quoteRow.getByText("quoted", { exact: true })).toBeVisible();
  // Quoted by phone without a price: the row says so and offers to add it.
  await expect(quoteRow.getByText("Quoted, no price")).toBeVisible();
  await expect(quoteRow.getByRole("link", { name: "Add price" })).toBeVisible();
  // 'Complete' asks first, on the record, and says nothing is scheduled.
  await quoteRow.getByRole("link", { name: "Complete" }).click();
  await expect(page).toHaveURL(/\/admin\/quotes\/[0-9a-f-]{36}\?confirm=complete$/);
  await expect(page.getByText("No visit is scheduled: completing closes the request.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, complete" }).click();
  await expect(page.getByText("Quote status updated successfully")).toBeVisible();
  await page.goto("/admin/quotes");
  await expect(quoteRow.getByText("completed")).toBeVisible();
  await expect(quoteRow.getByText("Closed")).toBeVisible();
  await expect(quoteRow.getByRole("button")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("row", { name: byClient }).getByText("completed")).toBeVisible();

  await quoteRow.getByRole("link", { name: "Photo Client" }).click();
  const photo = page.getByRole("img", { name: "kitchen.png" });
  await expect(photo).toBeVisible();
  // Visible comes before decoded: poll until the photo's bytes have arrived from R2.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await expect(page.getByText(`pending → quoted by ${admin}`)).toBeVisible();

  await page.getByRole("link", { name: /^Contact Messages \(\d+\)/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  const messageRow = page.getByRole("row", { name: byClient });
  await messageRow.getByRole("button", { name: "Mark Read" }).click();
  await expect(page.getByText("Contact status updated successfully")).toBeVisible();
  await messageRow.getByRole("button", { name: "Mark Responded" }).click();
  await expect(messageRow.getByText("responded")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row", { name: byClient }).getByText("responded")).toBeVisible();
  expect(await queryD1(`SELECT status FROM contact_messages WHERE email = '${client}'`)).toEqual([{ status: "responded" }]);

  // 'Sign Out' is in the account menu, under the signed-in e-mail.
  await page.getByTestId("admin-email").click();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/auth(\?redirectTo=[^&]*)?$/);
  await expect(page.getByText(AUTH_MESSAGES.signedOut)).toBeVisible();
  await page.goto("/admin/quotes");
  await expect(page).toHaveURL(/\/auth(\?redirectTo=[^&]*)?$/);
});

test("a record's link opened while signed out leads to that record after signing in", async ({ page }) => {
  const admin = unique("linked");
  await createAdmin(admin);
  const client = unique("waiting");
  await page.goto("/quote?service=commercial");
  await page.getByLabel("Full Name").fill("Linked Client");
  await page.getByLabel("Email").fill(client);
  await page.getByLabel("Phone").fill("876 555 0199");
  await page.getByLabel("Property Address").fill("3 Church Street");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  const id = (await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${client}'`))[0]!.id;

  // As from the notification e-mail: the record's own address.
  await page.goto(`/admin/quotes/${id}`);
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(`/admin/quotes/${id}`)}$`));
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/quotes/${id}$`));
  await expect(page.getByRole("heading", { name: "Linked Client" })).toBeVisible();
});

test("on a phone the frame above every admin page is at most 120 px tall, and its menus work by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const js = test.info().project.name === "js";
  const admin = unique("frame");
  await createAdmin(admin);
  const id = crypto.randomUUID();
  const at = Date.now();
  await queryD1(
    `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, additional_info) VALUES ('${id}', ${at}, ${at}, 'Frame Client', 'frame@example.com', '876-555-0142', '1 Bay Road', 'residential', 'pending', 'frame')`,
  );
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  const frame = page.getByTestId("admin-frame");
  for (const path of ["/admin/quotes", `/admin/quotes/${id}`, "/admin/gallery", "/admin/team"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await frame.boundingBox())!.height, path).toBeLessThanOrEqual(120);
    // The inbox tabs and their counts stay where staff look first.
    await expect(frame.getByRole("link", { name: /^Quote Requests \(\d+\)/ })).toBeVisible();
  }

  // 'More' holds the other pages by group: opened with Enter, walked with Tab.
  await page.goto("/admin/quotes");
  if (js) expect(await axeViolations(page)).toEqual([]);
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  const team = nav.getByRole("link", { name: "Team", exact: true });
  await expect(team).toBeHidden();
  await nav.getByRole("link", { name: "Schedule", exact: true }).focus();
  await page.keyboard.press("Tab");
  const more = nav.locator("summary");
  await expect(more).toBeFocused();
  // A visible focus mark.
  expect(await more.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  for (const name of [
    "Customers",
    "Invoices",
    "Unpaid",
    "Billing settings",
    "Site content",
    "Price guide",
    "Gallery",
    "Reviews",
    "Templates",
    "Crews",
    "Calendar feeds",
    "Availability",
    "Team",
  ]) {
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  // Closed again on the page it opened; the current page is marked in it.
  await expect(team).toBeHidden();
  await more.click();
  await expect(team).toHaveAttribute("aria-current", "page");
  if (js) {
    // Escape closes it; open again for what follows.
    await page.keyboard.press("Escape");
    await expect(team).toBeHidden();
    await more.click();
    await expect(team).toBeVisible();
  }

  // The account menu: the e-mail, then 'Sign Out' and 'Sign out everywhere'; opening it closes 'More'.
  await page.getByTestId("admin-email").click();
  await expect(page.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
  await expect(team).toBeHidden();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut)).toBeVisible();
});
