/**
 * Decides what an uploaded file really is from its first bytes (magic numbers), using the
 * `file-type` library; the name and the browser's claimed type are never trusted.
 */
import { fileTypeFromBuffer } from "file-type";
import { type AcceptedImageType, isAcceptedImageType } from "~/domain/limits";

/**
 * In: the file's bytes (any length). Out: its image MIME type when it is one of the accepted
 * formats (JPEG, PNG, WebP, GIF, AVIF, HEIC), else null. Never throws for garbage input.
 */
export async function sniffImageType(bytes: Uint8Array): Promise<AcceptedImageType | null> {
  if (bytes.byteLength === 0) return null;
  try {
    const detected = await fileTypeFromBuffer(bytes);
    return detected && isAcceptedImageType(detected.mime) ? (detected.mime as AcceptedImageType) : null;
  } catch {
    return null;
  }
}
