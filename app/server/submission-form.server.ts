/**
 * Turns a visitor's multipart post into the FormData the form schemas parse:
 * - every file's name is cleaned (no path, no control characters, at most 255 characters;
 *   an empty name becomes "photo-N");
 * - every file's `type` is replaced by the type sniffed from its bytes, or
 *   "application/octet-stream" when it is not an accepted image;
 * - files over the size limit are not passed on (their bytes were never kept); their names
 *   are returned so the action can answer with the spec's 'too large' message.
 *
 * In: the request. Out: a `SubmissionForm`.
 * Errors: throws `MultipartError` (re-exported) when the body is not readable multipart.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTOS, TEXT_LIMITS } from "~/domain/limits";
import { sniffImageType } from "./images.server";
import { MultipartError, readMultipartForm } from "./multipart.server";

export { MultipartError };

export interface SubmissionForm {
  formData: FormData;
  /** Cleaned names of files larger than MAX_PHOTO_BYTES, in the order sent. */
  tooLargePhotos: string[];
  /** More than MAX_PHOTOS files were sent; the surplus was never held. */
  tooManyPhotos: boolean;
  /** A text field was cut at the byte cap, or too many fields were sent. */
  fieldsOverLimit: boolean;
}

/** Bytes enough for every accepted format's signature (file-type reads at most 4,100). */
const SNIFF_BYTES = 4100;

export async function readSubmissionForm(request: Request): Promise<SubmissionForm> {
  const form = await readMultipartForm(request, {
    maxFiles: MAX_PHOTOS,
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFields: 30,
    // Far above any text limit (5,000 characters of up to 4 bytes each), so a value cut
    // here still fails its length rule with a clear message.
    maxFieldBytes: 64 * 1024,
  });
  const formData = new FormData();
  for (const [name, value] of form.fields) formData.append(name, value);
  const tooLargePhotos: string[] = [];
  for (const [index, upload] of form.files.entries()) {
    const name = cleanFileName(upload.fileName, index);
    if (!upload.data) {
      tooLargePhotos.push(name);
      continue;
    }
    const head = new Uint8Array(await upload.data.slice(0, SNIFF_BYTES).arrayBuffer());
    const type = (await sniffImageType(head)) ?? "application/octet-stream";
    formData.append(upload.field, new File([upload.data], name, { type }));
  }
  return { formData, tooLargePhotos, tooManyPhotos: form.tooManyFiles, fieldsOverLimit: form.fieldsOverLimit };
}

/**
 * A file name safe to store and show: the last path segment, control and format characters
 * removed, whitespace collapsed, at most TEXT_LIMITS.fileName characters; "photo-N" if empty.
 */
export function cleanFileName(raw: string, index: number): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, "").replace(/\s+/g, " ").trim();
  const characters = Array.from(cleaned);
  return characters.length === 0 ? `photo-${index + 1}` : characters.slice(0, TEXT_LIMITS.fileName).join("");
}
