/**
 * Test fixtures shared by unit, integration and end-to-end tests: real image bytes made
 * here (no binary files in the repository) and a valid quote request.
 */
import { deflateSync } from "node:zlib";

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real, decodable RGB PNG of `width` × `height` pixels. `padTo` appends a private ancillary
 * chunk so the file reaches at least that many bytes (for size-limit tests).
 */
export function makePng(width = 8, height = 8, padTo = 0): Uint8Array<ArrayBuffer> {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw))];
  const size = parts.reduce((sum, part) => sum + part.length, 0) + 12;
  if (padTo > size) parts.push(pngChunk("prVt", Buffer.alloc(padTo - size - 12, 7)));
  parts.push(pngChunk("IEND", Buffer.alloc(0)));
  return new Uint8Array(Buffer.concat(parts));
}

/** A contact message that passes every rule, as form fields (sent from /contact). */
export const VALID_CONTACT = {
  name: "Devon Reid",
  email: "devon.reid@example.com",
  phone: "876 555 0142",
  message: "Do you clean pool decks as well?",
  returnTo: "/contact",
} as const;

/** Form fields as a FormData, as a browser sends a form. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** A quote request that passes every rule, as form fields. */
export const VALID_QUOTE = {
  name: "Ana Brown",
  email: "ana.brown@example.com",
  phone: "+1 876 555 0100",
  address: "12 Gloucester Avenue, Montego Bay",
  serviceType: "residential",
  propertySize: "medium",
  frequency: "bi-weekly",
  preferredDate: "",
  additionalInfo: "Two dogs; please use the side gate.",
} as const;
