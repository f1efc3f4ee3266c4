/**
 * Both visitor forms in Chromium, with JavaScript on and off: success, errors with values
 * kept, photos, pending texts, analytics events, the notification e-mail, no resubmission.
 */
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/domain/texts/messages";
import { makePng } from "../fixtures";
import { queryD1 } from "./d1";
import { expect, successWithReference, test } from "./fixtures";

const javaScript = () => test.info().project.name === "js";
const png = (name: string, width = 16) => ({ name, mimeType: "image/png", buffer: Buffer.from(makePng(width, 12)) });

async function fillContact(page: Page, email: string) {
  const form = page.locator("#message form");
  await form.getByLabel("Full Name").fill("Keisha Williams");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone").fill("876 555 0177");
  await form.getByRole("textbox", { name: "Message" }).fill("Can you clean our office every Friday evening?");
  return form;
}

/**
 * Opens the home page, hydrated, with the interactive contact form's code held back until
 * `release()`: the server's form, without its code, is what the visitor has until then
 * (app/components/public/deferred-contact-section.tsx).
 */
async function homeWithInteractiveFormHeld(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/contact-form-(?!markup)[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return { section: page.locator("#contact"), release };
}

/** The dataLayer entries as arrays, e.g. ["event", "quote_request", {…}]. */
const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));

test("contact form: a message with a photo is sent, stored, e-mailed, and the form is cleared", async ({ page, mails }) => {
  const email = `contact-${test.info().project.name}-${Date.now()}@example.com`;
  const thirdParty: string[] = [];
  const site = new URL(test.info().project.use.baseURL!).origin;
  page.on("request", (request) => {
    if (/^https?:/.test(request.url()) && new URL(request.url()).origin !== site) thirdParty.push(request.url());
  });
  await page.goto("/contact");
  if (javaScript()) await expect(page.locator("#message [data-photo-picker=ready]")).toBeVisible(); // hydrated
  const form = await fillContact(page, email);
  await form.getByLabel("Photos", { exact: false }).first().setInputFiles(png("office.png"));
  if (javaScript()) await expect(form.getByRole("img", { name: "office.png" })).toBeVisible();
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
  await expect(page).toHaveURL(/\/contact#message$/);
  await expect(form.getByLabel("Full Name")).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");
  if (javaScript()) {
    await expect(form.getByRole("img", { name: "office.png" })).toHaveCount(0);
    await expect.poll(() => dataLayer(page)).toContainEqual(["event", "contact_form_submit", { event_category: "form" }]);
  }

  const rows = await queryD1<{ id: string; status: string }>(`SELECT id, status FROM contact_messages WHERE email = '${email}'`);
  expect(rows).toEqual([{ id: expect.any(String), status: "unread" }]);
  expect(await queryD1(`SELECT id FROM attachments WHERE owner_id = '${rows[0]!.id}'`)).toHaveLength(1);
  await expect
    .poll(() => mails().find((mail) => mail.text.includes(email))?.links)
    .toEqual([expect.stringMatching(new RegExp(`/admin/messages/${rows[0]!.id}$`))]);

  // A refresh does not send it again.
  await page.reload();
  await expect(page.getByRole("status")).toHaveCount(0);
  expect(await queryD1(`SELECT id FROM contact_messages WHERE email = '${email}'`)).toHaveLength(1);
  expect(thirdParty).toEqual([]);
});

test.describe("a message sent before the page ran its code", () => {
  // No pointer moves on the answer page: only the page itself can start its code.
  test.use({ pointerMovesOnLoad: false });

  test("the answer page runs its code at once, without an interaction, and records the analytics event", async ({ page }) => {
    test.skip(!javaScript(), "analytics events are pushed by the page's script");
    // The page's code is refused, so the form posts as it does without JavaScript.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto("/contact");
    const form = await fillContact(page, `contact-early-${Date.now()}@example.com`);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    await page.unroute(/\/assets\/.*\.js$/);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
    // The answer is this visitor's alone, not the shared page: the Worker marked it
    // (app/worker/hydration-after-paint.ts).
    await expect(page.locator("html")).toHaveAttribute("data-hydrate-at-once", "");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(() => dataLayer(page)).toContainEqual(["event", "contact_form_submit", { event_category: "form" }]);
  });
});

test("contact form on the home page returns to the home page's contact section", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("#contact");
  await section.getByLabel("Full Name").fill("Andre Brown");
  await section.getByLabel("Email Address").fill(`home-${test.info().project.name}-${Date.now()}@example.com`);
  await section.getByRole("textbox", { name: "Message" }).fill("Hello from the home page.");
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(section.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
  // A fresh form for the next message.
  await expect(section.getByLabel("Full Name")).toHaveValue("");
  await expect(section.getByRole("textbox", { name: "Message" })).toHaveValue("");
});

test("with JavaScript, the home page loads the carousel and the contact form as they come near, and validation on the first focus; fields are then checked on blur", async ({
  page,
}) => {
  test.skip(!javaScript(), "needs JavaScript");
  await page.setViewportSize({ width: 390, height: 800 });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/");
  const carousel = page.locator("[data-carousel-viewport]");
  const form = page.locator("#contact form");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.waitForLoadState("networkidle");
  // Both sit far below the fold: embla and the interactive form have not been downloaded.
  await expect(carousel).not.toHaveAttribute("data-ready", "true");
  await expect(form).toHaveAttribute("data-validation", "server");
  await expect(page.locator("#contact [data-photo-picker=ready]")).toHaveCount(0);
  // Its section renders only when near (content-visibility), which can move it: scroll until it stays in view.
  await expect
    .poll(async () => {
      await carousel.scrollIntoViewIfNeeded();
      return carousel.getAttribute("data-ready");
    })
    .toBe("true");
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator("#contact [data-photo-picker=ready]")).toBeAttached(); // the interactive form took the server's place
  await expect(form).toHaveAttribute("data-validation", "server"); // zod waits for a field's focus
  await form.getByLabel("Email Address").focus();
  await expect(form).toHaveAttribute("data-validation", "client");
  await form.getByLabel("Email Address").fill("not-an-address");
  await form.getByRole("textbox", { name: "Message" }).focus();
  await expect(form.getByText("Full name is required.")).toHaveCount(0); // never touched
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await form.getByLabel("Email Address").fill("andre@example.com");
  await expect(form.getByText("Please enter a valid email address.")).toHaveCount(0); // revalidated on input
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Full name is required.")).toBeVisible();
  await expect(form.getByText("Message is required.")).toBeVisible();
  expect(posts).toEqual([]); // checked in the browser, nothing sent
});

test("on the home page, what a visitor types before the interactive form arrives is never lost", async ({ page }) => {
  test.skip(!javaScript(), "needs JavaScript");
  // Hold back the interactive contact form's code until the visitor has started typing.
  const { section, release } = await homeWithInteractiveFormHeld(page);
  await section.getByLabel("Full Name").fill("Andre Brown");
  await section.getByLabel("Email Address").fill(`typed-first-${Date.now()}@example.com`);
  release();
  await page.waitForLoadState("networkidle");
  await section.getByRole("textbox", { name: "Message" }).fill("Typed while the page was still loading.");
  await expect(section.getByLabel("Full Name")).toHaveValue("Andre Brown");
  await expect(section.locator("form")).toHaveAttribute("data-validation", "server"); // the server's form stayed
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(section.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
});

test("on the home page, what a visitor types before the page's code has run stays when they leave the form", async ({ page }) => {
  test.skip(!javaScript(), "needs JavaScript");
  // Hold back the client entry, so the page does not hydrate while the visitor types.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  const section = page.locator("#contact");
  await section.getByLabel("Full Name").fill("Andre Brown");
  await section.getByRole("textbox", { name: "Message" }).fill("Typed before the page's code ran.");
  // The visitor leaves the form before the code runs, so no event its code listens to sees the edits.
  await section.getByRole("heading", { name: "Send us a message" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.waitForLoadState("networkidle"); // the section's module is in: the moment a swap would happen
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(section.getByLabel("Full Name")).toHaveValue("Andre Brown");
  await expect(section.getByRole("textbox", { name: "Message" })).toHaveValue("Typed before the page's code ran.");
  await section.getByLabel("Email Address").fill(`typed-before-code-${Date.now()}@example.com`);
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(section.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
});

test("after a client-side navigation to the home page, its contact section is drawn in the browser and sends", async ({ page }) => {
  test.skip(!javaScript(), "needs JavaScript");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // A mark on this document's window: still there after a client-side navigation, gone after a new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const section = page.locator("#contact");
  await expect(section.getByRole("heading", { name: "Talk to us" })).toBeVisible();
  await expect(section.getByRole("link", { name: /Call us/ })).toBeVisible();
  await section.getByLabel("Full Name").fill("Andre Brown");
  await section.getByLabel("Email Address").fill(`client-side-${Date.now()}@example.com`);
  await section.getByRole("textbox", { name: "Message" }).fill("Sent after a client-side navigation.");
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(section.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));
  // The navigation and the message both went without a new document.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("after a client-side navigation to the home page, a contact section whose code cannot load leaves a link to /contact", async ({
  page,
}) => {
  test.skip(!javaScript(), "needs JavaScript");
  await page.route(/\/assets\/home-contact-[^/]*\.js$/, (route) => route.abort());
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#contact").getByRole("link", { name: "Send us a message on the contact page" })).toHaveAttribute(
    "href",
    "/contact",
  );
});

test("on the home page, the interactive form never takes the place of a field the visitor is in", async ({ page }) => {
  test.skip(!javaScript(), "needs JavaScript");
  const { section, release } = await homeWithInteractiveFormHeld(page);
  await section.getByLabel("Full Name").focus();
  release();
  await page.waitForLoadState("networkidle");
  // Tabbing through the untouched form keeps focus where it goes.
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("Email Address")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(section.getByLabel("Phone")).toBeFocused();
  // Once focus leaves the untouched form, the interactive one takes over (its photo picker enhanced).
  await page.getByRole("link", { name: "Get a Free Quote" }).first().focus();
  await expect(section.locator("[data-photo-picker=ready]")).toBeAttached();
});

test("contact form: a server-side error is shown next to its field and everything typed stays", async ({ page }) => {
  await page.goto("/contact");
  const form = await fillContact(page, "keisha@example.com");
  await form.getByLabel("Phone").fill("ring me");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Please enter a valid phone number.")).toBeVisible();
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Full Name")).toHaveValue("Keisha Williams");
  await expect(form.getByLabel("Email Address")).toHaveValue("keisha@example.com");
  await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("Can you clean our office every Friday evening?");
  expect(await queryD1(`SELECT id FROM contact_messages WHERE email = 'keisha@example.com'`)).toHaveLength(0);
});

test("without JavaScript, an oversized photo gets the product's message from the server", async ({ page }) => {
  test.skip(javaScript(), "with JavaScript the browser refuses it before upload (next test)");
  await page.goto("/contact");
  const form = await fillContact(page, "big-photo@example.com");
  await form
    .getByLabel("Photos", { exact: false })
    .first()
    .setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.from(makePng(8, 8, 6 * 1024 * 1024)),
    });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(form.getByText("File huge.png is too large. Max size is 5MB.")).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue("Keisha Williams");
});

test("with JavaScript, photos show as removable thumbnails, at most five, checked before upload", async ({ page }) => {
  test.skip(!javaScript(), "needs JavaScript");
  await page.goto("/quote");
  const picker = page.locator("#quote-form-photos");
  await expect(page.locator("[data-photo-picker=ready]")).toBeVisible(); // hydrated
  await picker.setInputFiles(Array.from({ length: 6 }, (_, i) => png(`room-${i}.png`)));
  const thumbnails = page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
  await expect(thumbnails).toHaveCount(5);
  await expect(page.getByText(MESSAGES.maxFilesReached)).toBeVisible();
  await expect(picker).toBeDisabled();

  await page.getByRole("button", { name: "Remove room-2.png" }).click();
  await expect(thumbnails).toHaveCount(4);
  await expect(picker).toBeEnabled();
  await expect(page.getByText(MESSAGES.maxFilesReached)).toHaveCount(0);

  await picker.setInputFiles([
    { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    { name: "notes.png", mimeType: "text/plain", buffer: Buffer.from("just text") },
  ]);
  await expect(page.getByText("File huge.png is too large. Max size is 5MB.")).toBeVisible();
  await expect(page.getByText("File notes.png is not an image.")).toBeVisible();
  await expect(thumbnails).toHaveCount(4);
});

test("while sending, inputs are disabled and the buttons read 'Sending...' and 'Submitting...'", async ({ page }) => {
  test.skip(!javaScript(), "the pending state is drawn by the page's script");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });

  await page.goto("/contact");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = await fillContact(page, `pending-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  await expect(form.getByLabel("Full Name")).toBeDisabled();
  release();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.contactSuccess));

  let releaseQuote!: () => void;
  const heldQuote = new Promise<void>((resolve) => (releaseQuote = resolve));
  await page.unroute("**/*");
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST") await heldQuote;
    await route.continue();
  });
  await page.goto("/quote?service=commercial");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Full Name").fill("Pending Person");
  await page.getByLabel("Email").fill(`pending-quote-${Date.now()}@example.com`);
  await page.getByLabel("Phone").fill("876 555 0101");
  await page.getByLabel("Property Address").fill("5 Union Street");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page.getByLabel("Property Address")).toBeDisabled();
  releaseQuote();
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  await expect
    .poll(() => dataLayer(page))
    .toContainEqual(["event", "quote_request", { event_category: "form", event_label: "commercial" }]);
});
