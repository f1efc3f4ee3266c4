import { describe, expect, test } from "vitest";
import { sniffImageType } from "~/server/uploads";
import { makePng } from "../fixtures";

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(64).fill(0)]);

describe("image sniffing", () => {
  test("recognises accepted formats by their bytes", async () => {
    expect(await sniffImageType(makePng())).toBe("image/png");
    expect(await sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(await sniffImageType(new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00"))).toBe("image/gif");
    const webp = new Uint8Array(32);
    webp.set(new TextEncoder().encode("RIFF\x18\x00\x00\x00WEBPVP8 "), 0);
    expect(await sniffImageType(webp)).toBe("image/webp");
  });

  test("refuses text, empty input and images of other formats", async () => {
    expect(await sniffImageType(new TextEncoder().encode("hello, I am a .png"))).toBeNull();
    expect(await sniffImageType(new Uint8Array())).toBeNull();
    // Recognised images of formats the site does not take:
    expect(await sniffImageType(bytes(0x42, 0x4d, 0x3a, 0, 0, 0))).toBeNull(); // BMP
    expect(await sniffImageType(bytes(0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0))).toBeNull(); // TIFF
  });
});
