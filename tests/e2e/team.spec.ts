/**
 * The team page in Chromium, with JavaScript on and off (the two projects), on a phone (390
 * px) and a desktop (1280 px): an admin invites a colleague, the colleague follows the link
 * of the e-mail in the server log, chooses a password and lands in the admin; role changes
 * and 'Delete account' with its confirmation step; no horizontal scrolling on a phone; axe
 * finds no WCAG 2.2 AA violation on the team page or the invitation page.
 */
import type { Page } from "@playwright/test";
import { AUTH_MESSAGES, TEAM_MESSAGES } from "../../app/domain/texts/staff-messages";
import { createAdmin, PASSWORD, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test } from "./fixtures";

const WIDTHS = [390, 1280] as const;
const unique = (prefix: string, width: number) => `${prefix}-${test.info().project.name}-${width}-${Date.now()}@example.com`;

/** Signs in on /auth and waits for the admin. */
async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin$/);
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The account's card (phone) or row (desktop) on the team page. */
const accountOf = (page: Page, email: string) => page.getByTestId("team-account").filter({ hasText: email });

for (const width of WIDTHS) {
  test(`an admin invites a colleague, who follows the e-mailed link and lands in the admin (${width} px)`, async ({
    page,
    browser,
    mails,
    clientIp,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = unique("team-owner", width);
    const colleague = unique("new-colleague-with-a-rather-long-address", width);
    await createAdmin(admin);
    await signInAs(page, admin);

    // Team is under 'More' in the admin's sections.
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await sections.getByText("More", { exact: true }).click();
    await sections.getByRole("link", { name: "Team", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/team$/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(accountOf(page, admin)).toContainText("Admin");
    await expectNoHorizontalScroll(page);

    await page.getByLabel("Email").fill(colleague);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(page.getByText(TEAM_MESSAGES.invitationSent)).toBeVisible();
    const invitation = page.getByTestId("team-invitation").filter({ hasText: colleague });
    await expect(invitation).toContainText(`Invited by ${admin}`);
    await expect(page.getByTestId("team-changes")).toContainText(`${admin} invited ${colleague}`);
    // The field is empty again, ready for the next address.
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expectNoHorizontalScroll(page);

    // The colleague, in a browser of their own, opens the link from the e-mail.
    await expect.poll(() => mails().find((mail) => mail.to === colleague)?.links[0]).toBeTruthy();
    const link = mails().find((mail) => mail.to === colleague)!.links[0]!;
    const theirs = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "CF-Connecting-IP": clientIp },
    });
    const colleaguePage = await theirs.newPage();
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByRole("heading", { name: "Join the team" })).toBeVisible();
    await expect(colleaguePage.getByText(colleague)).toBeVisible();
    await expectNoHorizontalScroll(colleaguePage);
    await colleaguePage.getByLabel("New password").fill(PASSWORD);
    await colleaguePage.getByRole("button", { name: "Accept invitation" }).click();
    await expect(colleaguePage).toHaveURL(/\/admin$/);
    await expect(colleaguePage.getByText(TEAM_MESSAGES.joined)).toBeVisible();
    await expect(colleaguePage.getByTestId("admin-email")).toHaveText(colleague);

    // The link works once.
    await colleaguePage.goto(link);
    await expect(colleaguePage.getByText(TEAM_MESSAGES.invitationInvalid)).toBeVisible();
    await theirs.close();

    await page.reload();
    await expect(accountOf(page, colleague)).toContainText("Admin");
    await expect(page.getByTestId("team-invitation").filter({ hasText: colleague })).toHaveCount(0);
    await expect(page.getByTestId("team-changes")).toContainText(`${colleague} accepted the invitation and joined as an admin`);
    await expectNoHorizontalScroll(page);
    expect(await queryD1(`SELECT role, email_verified_at IS NOT NULL AS verified FROM users WHERE email = '${colleague}'`)).toEqual([
      { role: "admin", verified: 1 },
    ]);
  });

  test(`'Make admin', 'Remove admin' and 'Delete account' with its confirmation step (${width} px)`, async ({ page, mails }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = unique("team-lead", width);
    const staff = unique("staff", width);
    await createAdmin(admin);

    // An ordinary account, made through sign-up and its verification link.
    await page.goto("/auth?mode=signup");
    await expect(page.getByText(AUTH_MESSAGES.signUpAdminNote)).toBeVisible();
    await page.getByLabel("Email").fill(staff);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await expect(page.getByText(AUTH_MESSAGES.signUpSuccess)).toBeVisible();
    await expect.poll(() => mails().find((mail) => mail.to === staff)?.links[0]).toBeTruthy();
    await page.goto(mails().find((mail) => mail.to === staff)!.links[0]!);
    await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();

    await signInAs(page, admin);
    await page.goto("/admin/team");
    const row = accountOf(page, staff);
    await expect(row).toContainText("Account");
    await expect(row).toContainText("Verified");
    await expect(row).toContainText("Never");
    await row.getByRole("button", { name: "Make admin" }).click();
    await expect(page.getByText(TEAM_MESSAGES.promoted)).toBeVisible();
    await expect(row).toContainText("Admin");
    await expect(page.getByTestId("team-changes")).toContainText(`${admin} made ${staff} an admin`);

    await row.getByRole("button", { name: "Remove admin" }).click();
    await expect(page.getByText(TEAM_MESSAGES.demoted)).toBeVisible();
    await expect(row.getByRole("button", { name: "Make admin" })).toBeVisible();

    // Deleting takes a second, deliberate click (a <details>, so it works without JavaScript).
    await expect(row.getByRole("button", { name: "Yes, delete account" })).toBeHidden();
    await row.getByText("Delete account", { exact: true }).click();
    await expect(row.getByText(`Delete ${staff}?`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await row.getByRole("button", { name: "Yes, delete account" }).click();
    await expect(page.getByText(TEAM_MESSAGES.deleted)).toBeVisible();
    await expect(accountOf(page, staff)).toHaveCount(0);
    await expect(page.getByTestId("team-changes")).toContainText(`${admin} deleted the account ${staff}`);
    expect(await queryD1(`SELECT id FROM users WHERE email = '${staff}'`)).toEqual([]);
  });

  test(`axe finds no WCAG 2.2 AA violations on the team page and the invitation page (${width} px)`, async ({ page, browser, mails }) => {
    // axe runs as a script in the page; the markup it checks is what a browser without JavaScript gets too.
    test.skip(!test.info().project.use.javaScriptEnabled, "axe needs JavaScript in the page");
    await page.setViewportSize({ width, height: 900 });
    const admin = unique("axe-owner", width);
    const invited = unique("axe-invited", width);
    const colleague = unique("axe-colleague", width);
    await createAdmin(admin);
    await createAdmin(colleague);
    await signInAs(page, admin);
    await page.goto("/admin/team");
    await page.getByLabel("Email").fill(invited);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(page.getByText(TEAM_MESSAGES.invitationSent)).toBeVisible();
    await page.getByLabel("Email").fill("not an address");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    // With a confirmation step open.
    await accountOf(page, colleague).getByText("Delete account", { exact: true }).click();
    await expect(accountOf(page, colleague).getByRole("button", { name: "Yes, delete account" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await expect.poll(() => mails().find((mail) => mail.to === invited)?.links[0]).toBeTruthy();
    const theirs = await browser.newContext({ viewport: { width, height: 900 } });
    const invitePage = await theirs.newPage();
    await invitePage.goto(mails().find((mail) => mail.to === invited)!.links[0]!);
    await expect(invitePage.getByRole("heading", { name: "Join the team" })).toBeVisible();
    expect(await axeViolations(invitePage)).toEqual([]);
    await invitePage.goto("/auth/invite?token=forged");
    await expect(invitePage.getByText(TEAM_MESSAGES.invitationInvalid)).toBeVisible();
    expect(await axeViolations(invitePage)).toEqual([]);
    await theirs.close();
  });
}
