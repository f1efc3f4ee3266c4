/**
 * Passkeys in Chromium (docs/decisions/015-two-step-sign-in.md), through the DevTools protocol's
 * virtual authenticator (WebAuthn domain: CTAP2, internal, resident keys, user verified), on a
 * phone (390 px) and a desktop (1280 px): a passkey added on the security page, then signing in
 * without a password and as the second step after one, then confirming changes of factors with
 * it (app/server/two-step/step-up.server.ts): new recovery codes, and removing the passkey.
 * Passkeys need JavaScript: the no-JS project skips these (two-step.spec.ts checks the page
 * says so). Screenshots go to the test's output folder.
 */
import type { Page } from "@playwright/test";
import { TWO_STEP } from "../../app/domain/limits";
import { TWO_STEP_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, signIn, submitSignIn } from "./accounts";
import { queryD1 } from "./d1";
import { expect, test } from "./fixtures";

const WIDTHS = [390, 1280] as const;

/** The whole page as `name`.png in the test's output folder. */
const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** 'Sign Out' from the account menu; waits for the sign-in page. */
async function signOut(page: Page) {
  await page.getByTestId("admin-email").click();
  await Promise.all([page.waitForURL(/\/auth/), page.getByRole("button", { name: "Sign Out", exact: true }).click()]);
}

/** A virtual platform authenticator for `page` that verifies the user (a fingerprint, say) at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const actionsOf = (admin: string) => queryD1(`SELECT action FROM team_changes WHERE subject_email = '${admin}' ORDER BY created_at, rowid`);

test.beforeEach(() => {
  test.skip(
    test.info().project.name !== "js",
    "Passkeys need JavaScript; the no-JS project checks the security page says so (two-step.spec.ts).",
  );
});

for (const width of WIDTHS) {
  test(`a passkey is added on the security page, signs in without a password, and confirms changes of factors (${width} px)`, async ({
    page,
    mails,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await addVirtualAuthenticator(page);
    const admin = `passkey-${width}-${Date.now()}@example.com`;
    await createAdmin(admin);
    await signIn(page, admin);

    await page.goto("/admin/security");
    await expect(page.getByTestId("two-step-state")).toContainText("Two-step sign-in is off");
    await page.getByLabel("Name (optional)").fill("Office laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText(TWO_STEP_MESSAGES.passkeyAdded)).toBeVisible();
    await expect(page.getByTestId("passkeys")).toContainText("Office laptop");
    await expect(page.getByTestId("two-step-state")).toContainText("Two-step sign-in is on");
    // The first second step comes with the recovery codes, shown once.
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(TWO_STEP.recoveryCodes);
    await expect(page.getByTestId("recovery-codes-left")).toContainText(`${TWO_STEP.recoveryCodes} of ${TWO_STEP.recoveryCodes}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, `security-passkey-added-${width}`);
    await expect.poll(() => mails().some((mail) => mail.to === admin && mail.subject === "A passkey was added to your account")).toBe(true);
    expect(await actionsOf(admin)).toEqual([{ action: "passkey_added" }]);

    // Signed out, the passkey alone signs in.
    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("admin-email")).toHaveText(admin);

    // The password now asks for the second step, which the passkey also is.
    await signOut(page);
    await submitSignIn(page, admin);
    await expect(page).toHaveURL(/\/auth\/two-step$/);
    await snap(page, `second-step-passkey-${width}`);
    await page.getByRole("button", { name: "Use your passkey" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("admin-email")).toHaveText(admin);

    // The sign-ins above spent most of this client's minute of auth attempts (10, wrangler.toml).
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `10.98.${Date.now() % 250}.${width % 250}` });
    // New recovery codes: confirmed with the passkey in the same form, then shown once.
    await page.goto("/admin/security");
    await page.getByText("Make new codes", { exact: true }).click();
    await expect(page.getByTestId("step-up-renew-codes")).toContainText("First confirm it is you.");
    await snap(page, `security-step-up-${width}`);
    await page.getByTestId("step-up-renew-codes").getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(page.getByText(TWO_STEP_MESSAGES.codesRenewed)).toBeVisible();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(TWO_STEP.recoveryCodes);

    // Removing the passkey: confirmed with it too.
    await page.goto("/admin/security");
    await page.getByTestId("passkeys").getByText("Remove", { exact: true }).click();
    await page.getByTestId("step-up-remove-passkey").getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
    await expect(page.getByTestId("two-step-state")).toContainText("Two-step sign-in is off");
    expect(await actionsOf(admin)).toEqual([
      { action: "passkey_added" },
      { action: "recovery_codes_renewed" },
      { action: "passkey_removed" },
    ]);
  });
}
