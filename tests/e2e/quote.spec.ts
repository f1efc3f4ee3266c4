import type { Page } from "@playwright/test";
import { expect, successWithReference, test } from "./fixtures";
import { todayInJamaica } from "../../app/domain/dates";
import { MESSAGES } from "../../app/domain/texts/messages";
import { makePng } from "../fixtures";
import { queryD1, readR2Object } from "./d1";

test("a visitor requests a quote with a photo and it lands in D1 and R2", async ({ page }, testInfo) => {
  const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("link", { name: "Get a Free Quote" }).first().click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole("heading", { level: 1, name: "Get Your Free Quote" })).toBeVisible();

  await page.getByLabel("Full Name").fill("Marcia Campbell");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 876 555 0199");
  await page.getByLabel("Service Type").selectOption("airbnb");
  await page.getByLabel("Property Address").fill("Unit 4, Rose Hall Villas");
  await page.getByLabel("Property Size").selectOption("small");
  await page.getByLabel("Frequency").selectOption("weekly");
  await page.getByLabel("Preferred Date").fill("2099-03-01");
  await page.getByLabel("Additional Information").fill("Turnover between guests every Saturday.");
  const photo = makePng(32, 24);
  await page.getByLabel("Photos of the job").setInputFiles({ name: "bedroom.png", mimeType: "image/png", buffer: Buffer.from(photo) });
  await page.getByRole("button", { name: "Get My Free Quote" }).click();

  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  await expect(page.getByLabel("Full Name")).toHaveValue("");

  const rows = await queryD1<{ id: string; service_type: string; frequency: string; status: string }>(
    `SELECT id, service_type, frequency, status FROM quote_requests WHERE email = '${email}'`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ service_type: "airbnb", frequency: "weekly", status: "pending" });
  const attachments = await queryD1<{ file_name: string; content_type: string; r2_key: string }>(
    `SELECT file_name, content_type, r2_key FROM attachments WHERE owner_id = '${rows[0]!.id}'`,
  );
  expect(attachments).toMatchObject([{ file_name: "bedroom.png", content_type: "image/png" }]);
  expect((await readR2Object(attachments[0]!.r2_key)).equals(Buffer.from(photo))).toBe(true);
});

test("a mistake is shown next to its field and the typed values stay", async ({ page }) => {
  await page.goto("/quote?service=strata");
  await expect(page.getByLabel("Service Type")).toHaveValue("strata");
  await page.getByLabel("Full Name").fill("Devon Reid");
  await page.getByLabel("Email").fill("devon@example.com");
  await page.getByLabel("Phone").fill("876 555 0142");
  await page.getByLabel("Property Address").fill("22 Queens Drive");
  await page.getByLabel("Photos of the job").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is text, not a picture"),
  });
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  // The browser believes the file is a PNG; the server reads its bytes and refuses it.
  await expect(page.getByText("File notes.png is not an image.")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Devon Reid");
  await expect(page.getByLabel("Property Address")).toHaveValue("22 Queens Drive");
  await expect(page.getByLabel("Service Type")).toHaveValue("strata");
  expect(await queryD1(`SELECT id FROM quote_requests WHERE email = 'devon@example.com'`)).toHaveLength(0);
});

/**
 * Opens /quote?service=`service` with the page's modules held back (so it cannot hydrate) and
 * fills the required fields for `email`. Out: a function that lets the modules load.
 */
async function quoteFormBeforeHydration(page: Page, service: string, email: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/quote?service=${service}`);
  await page.getByLabel("Full Name").fill("Andre Clarke");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("876 555 0177");
  await page.getByLabel("Property Address").fill("5 Gloucester Avenue");
  return release;
}

/** Sends the form and expects one stored quote request for `email`, with exactly `files` attached. */
async function expectSentWithPhotos(page: Page, email: string, files: string[]) {
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expectStoredWithPhotos(page, email, files);
}

/** Expects the success message, and one stored quote request for `email` with exactly `files` attached. */
async function expectStoredWithPhotos(page: Page, email: string, files: string[]) {
  await expect(page.getByRole("status")).toHaveText(successWithReference(MESSAGES.quoteSuccess));
  const rows = await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${email}'`);
  expect(rows).toHaveLength(1);
  const stored = await queryD1<{ file_name: string }>(
    `SELECT file_name FROM attachments WHERE owner_id = '${rows[0]!.id}' ORDER BY file_name`,
  );
  expect(stored.map((row) => row.file_name)).toEqual(files);
}

test("a past preferred date is refused with its message; the picker greys out past days once the code runs", async ({ page }, testInfo) => {
  await page.goto("/quote");
  const date = page.getByLabel("Preferred Date");
  if (testInfo.project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(date).toHaveAttribute("min", todayInJamaica());
  } else {
    // Not in the HTML: it would cost every load the parser's time (app/routes/public/quote/route.tsx).
    await expect(date).not.toHaveAttribute("min");
  }
  await page.getByLabel("Full Name").fill("Kemar Lewis");
  await page.getByLabel("Email").fill("kemar.past-date@example.com");
  await page.getByLabel("Phone").fill("876 555 0177");
  await page.getByLabel("Service Type").selectOption("residential");
  await page.getByLabel("Property Address").fill("5 Fairview Close");
  await date.fill("2020-01-01");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByText("The preferred date cannot be in the past.")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Kemar Lewis");
  expect(await queryD1(`SELECT id FROM quote_requests WHERE email = 'kemar.past-date@example.com'`)).toHaveLength(0);
});

test("a photo chosen before the page has hydrated is kept when the interactive picker arrives, and sent", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "hydration only happens with JavaScript on");
  const email = `e2e-early-photo-${Date.now()}@example.com`;
  // The modules wait until the photo has been chosen in the plain file input.
  const release = await quoteFormBeforeHydration(page, "strata", email);
  await page
    .getByLabel("Photos of the job")
    .setInputFiles({ name: "lobby.png", mimeType: "image/png", buffer: Buffer.from(makePng(20, 20)) });
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The interactive picker shows the photo chosen before it arrived.
  await expect(page.getByRole("list", { name: "Chosen photos" }).getByRole("img", { name: "lobby.png" })).toBeVisible();
  await expectSentWithPhotos(page, email, ["lobby.png"]);
});

test("photos taken over as the page hydrates are sent by a submit in that same moment", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "hydration only happens with JavaScript on");
  const email = `e2e-same-moment-${Date.now()}@example.com`;
  const release = await quoteFormBeforeHydration(page, "commercial", email);
  await page
    .getByLabel("Photos of the job")
    .setInputFiles({ name: "office.png", mimeType: "image/png", buffer: Buffer.from(makePng(20, 20)) });
  // The visitor's tap on 'Get My Free Quote' lands the moment the picker shows the photo it
  // took over: as the thumbnails appear, before anything else of React's runs.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[aria-label="Chosen photos"]')) return;
      observer.disconnect();
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Get My Free Quote"));
      button?.form?.requestSubmit(button);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  release();
  await expectStoredWithPhotos(page, email, ["office.png"]);
});

test("photos chosen in a file chooser that opened before the page hydrated are kept, and sent", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "hydration only happens with JavaScript on");
  const email = `e2e-open-chooser-${Date.now()}@example.com`;
  // Tapping the plain file input is the interaction that starts hydration; on a phone the
  // chooser stays open while the page hydrates behind it, and answers afterwards.
  const release = await quoteFormBeforeHydration(page, "airbnb", email);
  const opened = page.waitForEvent("filechooser");
  await page.getByLabel("Photos of the job").click();
  const chooser = await opened;
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.locator("[data-photo-picker=ready]")).toBeVisible();
  await chooser.setFiles([
    { name: "bedroom.png", mimeType: "image/png", buffer: Buffer.from(makePng(20, 20)) },
    { name: "patio.png", mimeType: "image/png", buffer: Buffer.from(makePng(24, 20)) },
  ]);
  const thumbnails = page.getByRole("list", { name: "Chosen photos" });
  await expect(thumbnails.getByRole("img", { name: "bedroom.png" })).toBeVisible();
  await expect(thumbnails.getByRole("img", { name: "patio.png" })).toBeVisible();
  await expectSentWithPhotos(page, email, ["bedroom.png", "patio.png"]);
});
