/**
 * Turns a visitor's multipart post into the FormData the form schemas parse, with every
 * uploaded file's `type` replaced by the type sniffed from its bytes (or
 * "application/octet-stream" when it is not an accepted image).
 *
 * In: the request. Out: `{ formData, tooManyPhotos, fieldsOverLimit }`.
 * Errors: throws `MultipartError` (re-exported) when the body is not readable multipart.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/domain/limits";
import { sniffImageType } from "./images.server";
import { MultipartError, readMultipartForm } from "./multipart.server";

export { MultipartError };

export interface SubmissionForm {
  formData: FormData;
  /** More than MAX_PHOTOS files were sent; the surplus was never held. */
  tooManyPhotos: boolean;
  /** A text field was cut at the byte cap, or too many fields were sent. */
  fieldsOverLimit: boolean;
}

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
  for (const upload of form.files) {
    const sniffed = await sniffImageType(upload.bytes);
    const file = new File([upload.bytes], upload.fileName, {
      type: sniffed ?? "application/octet-stream",
    });
    formData.append(upload.field, file);
  }
  return { formData, tooManyPhotos: form.tooManyFiles, fieldsOverLimit: form.fieldsOverLimit };
}
