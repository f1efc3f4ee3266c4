/**
 * Two-step sign-in in Chromium (docs/decisions/015-two-step-sign-in.md), on a phone (390 px)
 * and a desktop (1280 px):
 * - (passkeys, through Chromium's virtual authenticator, are tests/e2e/passkeys.spec.ts's);
 * - the authenticator app, with JavaScript on and off: set up from the key the page shows,
 *   recovery codes shown once, then the second step after the password, a wrong code refused;
 * - the team's rule: once required, an admin without a second step lands on the security page.
 * Screenshots of each page go to the test's output folder.
 */
import type { Page } from "@playwright/test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { TWO_STEP } from "../../app/domain/limits";
import { TWO_STEP_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, signIn, submitSignIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test } from "./fixtures";

const WIDTHS = [390, 1280] as const;
const javaScript = () => test.info().project.name === "js";
const unique = (prefix: string, width: number) => `${prefix}-${test.info().project.name}-${width}-${Date.now()}@example.com`;

/** A screenshot of the whole page in the test's output folder, named `name`. */
async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Signs out through the account menu and waits for /auth. */
async function signOut(page: Page) {
  await page.getByTestId("admin-email").click();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/auth/);
}

/** The authenticator code for `offset` steps from now (the app on the admin's phone). */
function code(key: Uint8Array, offset = 0) {
  const step = Math.floor(Date.now() / 1000 / TWO_STEP.totpPeriodSeconds) + offset;
  return generateHOTP(key, BigInt(step), TWO_STEP.totpDigits);
}

/** Sets up the authenticator app on /admin/security as the admin would, typing the key the page shows. */
async function setUpAuthenticator(page: Page) {
  await page.goto("/admin/security");
  const shown = await page.getByTestId("authenticator-key").innerText();
  const key = decodeBase32IgnorePadding(shown.replaceAll(" ", ""));
  await page.getByLabel("Code from the app").fill(code(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  return key;
}

for (const width of WIDTHS) {
  test(`an authenticator app is set up from the key shown, then asked for after the password (${width} px)`, async ({ page, mails }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = unique("totp", width);
    await createAdmin(admin);
    await signIn(page, admin);

    await page.goto("/admin/security");
    if (!javaScript()) await expect(page.getByText(TWO_STEP_MESSAGES.passkeyUnavailable)).toBeVisible();
    await expect(page.getByTestId("authenticator-qr")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await snap(page, `security-enrol-${width}`);
    if (javaScript()) expect(await axeViolations(page)).toEqual([]);
    const key = await setUpAuthenticator(page);
    const codes = await page.getByTestId("recovery-codes").locator("li").allInnerTexts();
    expect(codes).toHaveLength(TWO_STEP.recoveryCodes);
    await expect(page.getByTestId("authenticator-on")).toBeVisible();
    await snap(page, `security-recovery-codes-${width}`);
    await expect.poll(() => mails().some((mail) => mail.to === admin && mail.subject.includes("authenticator app was added"))).toBe(true);

    await signOut(page);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL(/\/auth\/two-step$/);
    // No session yet: the admin is still shut.
    await page.goto("/admin/quotes");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await page.goto("/auth/two-step");
    await expectNoHorizontalScroll(page);
    await snap(page, `second-step-code-${width}`);
    if (javaScript()) expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Code from your authenticator app").fill("000000" === code(key, 1) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(TWO_STEP_MESSAGES.wrongCode)).toBeVisible();
    await page.getByLabel("Code from your authenticator app").fill(code(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin(\/quotes)?$/);
    await expect(page.getByTestId("admin-email")).toHaveText(admin);

    // A recovery code is the way in when the phone is lost; the switch is a link.
    await signOut(page);
    await submitSignIn(page, admin);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Use recovery code" }).click();
    await expect(page.getByText(TWO_STEP_MESSAGES.recoveryCodeUsed)).toBeVisible();
    await expect(page.getByTestId("admin-email")).toHaveText(admin);
  });
}

test.afterEach(async () => {
  // The team's rule is the whole site's: never leave it on for the other tests' admins.
  await queryD1("DELETE FROM security_policy");
});

test("once the team requires two-step sign-in, an admin without it lands on the security page", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = unique("rule-owner", 1280);
  const colleague = unique("rule-colleague", 1280);
  await createAdmin(owner);
  await createAdmin(colleague);
  await signIn(page, owner);
  const ownerKey = await setUpAuthenticator(page);

  await page.goto("/admin/team");
  await page.getByRole("button", { name: "Require for every admin" }).click();
  await expect(page.getByText(TWO_STEP_MESSAGES.required)).toBeVisible();
  await expect(page.getByTestId("two-step-policy")).toContainText("Required");
  await expect(page.getByTestId("team-account").filter({ hasText: owner })).toContainText("On");
  await expect(page.getByTestId("team-changes")).toContainText(`${owner} made two-step sign-in required for every admin`);
  await snap(page, "team-two-step-required-1280");

  const other = await browser.newPage({ javaScriptEnabled: javaScript(), baseURL: test.info().project.use.baseURL });
  await other.setExtraHTTPHeaders({ "CF-Connecting-IP": `10.99.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` });
  await other.setViewportSize({ width: 390, height: 900 });
  await other.goto("/auth");
  await other.getByLabel("Email").fill(colleague);
  await other.getByLabel("Password").fill("sea breeze at Doctor's Cave");
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL(/\/admin\/security$/);
  await expect(other.getByText(TWO_STEP_MESSAGES.enrolRequired).first()).toBeVisible();
  await other.goto("/admin/messages");
  await expect(other).toHaveURL(/\/admin\/security$/);
  await snap(other, "security-enrol-required-390");
  await other.close();

  await page.reload();
  await page.getByText("Make optional").click();
  // It first asks for a current code (the one that set the app up is spent: the next step's).
  await page.getByTestId("step-up-two-step-policy").getByLabel("Code from your authenticator app").fill(code(ownerKey, 1));
  await page.getByRole("button", { name: "Yes, make it optional" }).click();
  await expect(page.getByText(TWO_STEP_MESSAGES.optional)).toBeVisible();
});
