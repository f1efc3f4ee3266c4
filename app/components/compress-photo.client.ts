/**
 * The browser-side photo compressor (browser-image-compression), in a `.client` module so the
 * server build, and with it the Worker bundle, leaves it out: only a browser ever runs it
 * (app/routes/admin/gallery/resizing-photo-input.tsx).
 */
export { default as compressPhoto } from "browser-image-compression";
