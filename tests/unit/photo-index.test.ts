/**
 * readPhotoIndex (app/components/admin/photo-index.ts): which photo a record page's `?photo=` opens
 * in the viewer. The parameter counts from 1; the answer is the 0-based index, or null.
 * keepDataWhenOnlyThePhotoChanges: the record routes' loaders do not run again when only
 * `?photo=` changes.
 */
import { describe, expect, test } from "vitest";
import { keepDataWhenOnlyThePhotoChanges, readPhotoIndex } from "~/components/admin/photo-index";

const RECORD = "https://example.com/admin/quotes/0b8e2f4c-7d7a-4f0e-9a51-3c1b2e6d9f10";

describe("readPhotoIndex", () => {
  test("?photo=1 to ?photo=count open the first to the last photo", () => {
    expect(readPhotoIndex(`${RECORD}?photo=1`, 3)).toBe(0);
    expect(readPhotoIndex(`${RECORD}?photo=2`, 3)).toBe(1);
    expect(readPhotoIndex(`${RECORD}?photo=3`, 3)).toBe(2);
  });

  test("reads a URL object, a path with its query, and a bare query", () => {
    expect(readPhotoIndex(new URL(`${RECORD}?photo=2`), 2)).toBe(1);
    expect(readPhotoIndex("/admin/messages/0b8e2f4c-7d7a-4f0e-9a51-3c1b2e6d9f10?photo=2", 2)).toBe(1);
    expect(readPhotoIndex("?photo=1", 1)).toBe(0);
  });

  test("no ?photo=, or an empty one, opens nothing", () => {
    expect(readPhotoIndex(RECORD, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo=`, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo`, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?other=1`, 3)).toBeNull();
  });

  test("a number outside 1..count opens nothing", () => {
    expect(readPhotoIndex(`${RECORD}?photo=0`, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo=4`, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo=-1`, 3)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo=1`, 0)).toBeNull();
    expect(readPhotoIndex(`${RECORD}?photo=99999999999999999999`, 3)).toBeNull();
  });

  test("only a plainly written integer counts", () => {
    for (const value of ["1.0", "1.5", "01", "+1", " 1", "1 ", "1e0", "0x1", "one", "1,2", "Infinity", "NaN", "%31%00"]) {
      expect(readPhotoIndex(`${RECORD}?photo=${encodeURIComponent(value)}`, 3), value).toBeNull();
    }
    // Percent-encoding of the digits themselves is the same value.
    expect(readPhotoIndex(`${RECORD}?photo=%32`, 3)).toBe(1);
  });

  test("a repeated ?photo= is read by its first value", () => {
    expect(readPhotoIndex(`${RECORD}?photo=2&photo=1`, 3)).toBe(1);
    expect(readPhotoIndex(`${RECORD}?photo=9&photo=1`, 3)).toBeNull();
  });
});

describe("keepDataWhenOnlyThePhotoChanges", () => {
  const revalidates = (from: string, to: string, formMethod?: "GET" | "POST") =>
    keepDataWhenOnlyThePhotoChanges({
      currentUrl: new URL(from, RECORD),
      nextUrl: new URL(to, RECORD),
      formMethod,
      defaultShouldRevalidate: true,
      currentParams: {},
      nextParams: {},
    });

  test("opening, stepping and closing the viewer loads nothing again", () => {
    expect(revalidates(RECORD, `${RECORD}?photo=1`)).toBe(false);
    expect(revalidates(`${RECORD}?photo=1`, `${RECORD}?photo=2`)).toBe(false);
    expect(revalidates(`${RECORD}?photo=2`, RECORD)).toBe(false);
    // A step back to the photo shown, while the step away from it is still loading.
    expect(revalidates(`${RECORD}?photo=2`, `${RECORD}?photo=2`)).toBe(false);
    expect(revalidates(`${RECORD}?template=a&photo=1`, `${RECORD}?photo=2&template=a`)).toBe(false);
  });

  test("another page, another query, or a form submission revalidates as Remix would", () => {
    expect(revalidates(`${RECORD}?photo=1`, "/admin/quotes/7c1d2e3f-0000-4000-8000-000000000000?photo=1")).toBe(true);
    expect(revalidates(`${RECORD}?photo=1`, `${RECORD}?photo=1&template=a`)).toBe(true);
    expect(revalidates(`${RECORD}?template=a`, `${RECORD}?template=b`)).toBe(true);
    expect(revalidates(`${RECORD}?photo=1`, `${RECORD}?photo=1`, "POST")).toBe(true);
    expect(revalidates(RECORD, `${RECORD}?photo=1`, "GET")).toBe(true);
  });
});
