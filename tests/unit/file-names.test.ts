import { expect, test } from "vitest";
import { cleanFileName } from "~/http/photo-form-body.server";

test("file names lose paths and control characters, keep Unicode, and are capped", () => {
  expect(cleanFileName("C:\\Users\\ana\\kitchen.jpg", 0)).toBe("kitchen.jpg");
  expect(cleanFileName("../../etc/passwd", 0)).toBe("passwd");
  expect(cleanFileName("line\nbreak\u0000.png", 0)).toBe("linebreak.png");
  expect(cleanFileName("  cuisine été 🧽.png ", 0)).toBe("cuisine été 🧽.png");
  expect(cleanFileName("", 2)).toBe("photo-3");
  expect(Array.from(cleanFileName("🧽".repeat(300), 0))).toHaveLength(255);
});
