/**
 * A HEIC file for tests of the photo viewer and its download: the site judges photos by their
 * bytes (app/server/uploads/images.server.ts), so it starts with a real ISO-BMFF `ftyp` box whose major
 * brand is `heic`. Nothing after the box is image data, so no browser can show it: the same
 * outcome as a real HEIC photo in a browser without HEIC support, on every browser.
 */
export function makeHeic(size = 256): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(size, 24));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 24); // box size: 24 bytes
  bytes.set(new TextEncoder().encode("ftypheic"), 4); // box type, major brand
  view.setUint32(12, 0); // minor version
  bytes.set(new TextEncoder().encode("mif1heic"), 16); // compatible brands
  return bytes;
}
