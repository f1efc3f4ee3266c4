/**
 * Turns a multipart post with photos (the visitor forms, the admin gallery) into the FormData
 * the form schemas parse:
 * - every file's name is cleaned (no path, no control characters, at most 255 characters;
 *   an empty name becomes "photo-N");
 * - every file's `type` is replaced by the type sniffed from its bytes, or
 *   "application/octet-stream" when it is not an accepted image;
 * - files over the size limit are not passed on (their bytes were never kept); their names
 *   are returned so the action can answer with the product's 'too large' message;
 * - every field and file then passes the input gate (input-gate.server.ts) against the form's
 *   contract: unknown, repeated or reserved fields and too many fields refuse the body.
 *
 * In: the request and the form's contract. Out: a `PhotoFormBody`.
 * Errors: throws `MultipartError` (re-exported) when the body is not readable multipart.
 */
import { GATE_MESSAGES } from "~/domain/texts/messages";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, TEXT_LIMITS } from "~/domain/limits";
import { sniffImageType } from "~/server/uploads";
import { FORM_LIMITS, gateForm, type FormContract } from "~/http/input-gate.server";
import { MultipartError, readMultipartForm } from "~/http/multipart.server";

export { MultipartError };

export type PhotoFormBody =
  | {
      ok: true;
      formData: FormData;
      /** Cleaned names of files larger than MAX_PHOTO_BYTES, in the order sent. */
      tooLargePhotos: string[];
      /** More than MAX_PHOTOS files were sent; the surplus was never held. */
      tooManyPhotos: boolean;
    }
  | { ok: false; message: string };

/** Bytes enough for every accepted format's signature (file-type reads at most 4,100). */
const SNIFF_BYTES = 4100;

/**
 * Reads a multipart post with photos for the form of `contract` (see above). Out: the gated
 * FormData with the photos' too-large and too-many facts, or `ok: false` with the gate's
 * message (an unknown, repeated or reserved field, too many fields). Throws `MultipartError`.
 */
export async function readPhotoFormBody(request: Request, contract: FormContract): Promise<PhotoFormBody> {
  const form = await readMultipartForm(request, {
    maxFiles: MAX_PHOTOS,
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFields: FORM_LIMITS.fields,
    // Far above any text limit (5,000 characters of up to 4 bytes each); the gate cuts a
    // longer value so its schema refuses it with a clear message.
    maxFieldBytes: 64 * 1024,
  });
  if (form.tooManyFields) return { ok: false, message: GATE_MESSAGES.tooManyFields };
  const unknownFile = form.files.find((upload) => !contract.files.has(upload.field));
  if (unknownFile) return { ok: false, message: GATE_MESSAGES.unknownField(unknownFile.field) };
  const entries: Array<[string, string | File]> = [...form.fields];
  const tooLargePhotos: string[] = [];
  for (const [index, upload] of form.files.entries()) {
    const name = cleanFileName(upload.fileName, index);
    if (!upload.data) {
      tooLargePhotos.push(name);
      continue;
    }
    const head = new Uint8Array(await upload.data.slice(0, SNIFF_BYTES).arrayBuffer());
    const type = (await sniffImageType(head)) ?? "application/octet-stream";
    entries.push([upload.field, new File([upload.data], name, { type })]);
  }
  const gated = gateForm(entries, contract);
  if (!gated.ok) return gated;
  return { ok: true, formData: gated.formData, tooLargePhotos, tooManyPhotos: form.tooManyFiles };
}

/**
 * A file name safe to store and show: the last path segment, control and format characters
 * removed, whitespace collapsed, at most TEXT_LIMITS.fileName characters; "photo-N" if empty.
 */
export function cleanFileName(raw: string, index: number): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(cleaned);
  return characters.length === 0 ? `photo-${index + 1}` : characters.slice(0, TEXT_LIMITS.fileName).join("");
}
