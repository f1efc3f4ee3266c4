import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { publicPaths } from "../../app/content/navigation";
import { STARTING_CONTENT } from "../../app/content/starting-content";

const PAGES = [
  ...publicPaths(
    STARTING_CONTENT.services.map((service) => service.slug),
    { pricing: true },
  ),
  "/no-such-page",
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot",
];

// axe runs as a script inside the page, so it needs JavaScript; the markup it checks is the
// same server-rendered HTML a visitor without JavaScript gets.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

for (const path of PAGES) {
  for (const width of [390, 1280]) {
    test(`axe finds no WCAG 2.2 AA violations on ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      const summary = results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
      }));
      expect(summary).toEqual([]);
    });
  }
}
