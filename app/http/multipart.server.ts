/**
 * Reads a `multipart/form-data` request with hard limits, using busboy's streaming parser.
 *
 * Each file is held in memory only up to `maxFileBytes + 1` bytes: past that, busboy stops
 * handing over data, what was held is dropped, the rest of that file is read and discarded,
 * and parsing goes on, so the other fields still arrive and the visitor's typed values can be
 * sent back. Files beyond
 * `maxFiles` are skipped without being held. Memory is therefore bounded by
 * `maxFiles × (maxFileBytes + 1)` plus the text fields.
 *
 * Errors: throws `MultipartError` when the request is not multipart/form-data, has no body,
 * or its body is malformed or truncated. Never throws for oversized or surplus files: those are
 * reported in the result so the caller can answer with the product's messages.
 */
import Busboy from "busboy";

interface UploadedFile {
  /** The form field the file came in (e.g. "photos"). */
  field: string;
  /** The file name the browser sent, without any path. Untrusted; may be empty. */
  fileName: string;
  /** The MIME type the browser claimed. Untrusted: sniff the bytes instead. */
  claimedType: string;
  /** The file's bytes, or null when it was larger than `maxFileBytes` (its bytes were dropped). */
  data: Blob | null;
}

export interface MultipartForm {
  /** Text fields in the order they arrived. */
  fields: Array<[name: string, value: string]>;
  /** Files with a name or content (an empty file input sends neither, and is skipped). */
  files: UploadedFile[];
  /** More files were sent than `maxFiles`; the surplus was skipped. */
  tooManyFiles: boolean;
  /** More text fields (or parts) came than `maxFields` allows; the surplus was skipped. */
  tooManyFields: boolean;
}

export interface MultipartLimits {
  maxFiles: number;
  /** Largest acceptable file in bytes; one byte more is kept to tell "too large". */
  maxFileBytes: number;
  maxFields: number;
  maxFieldBytes: number;
}

/** A body that is not readable multipart/form-data (see above). */
export class MultipartError extends Error {
  override name = "MultipartError";
}

/**
 * Reads `request`'s multipart body within `limits`. Out: its fields in order, its files (those
 * over `maxFileBytes` without their bytes), and whether files or fields were over the counts.
 * Throws `MultipartError` (see above).
 */
export async function readMultipartForm(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new MultipartError(`Expected multipart/form-data, got "${contentType || "nothing"}"`);
  }
  if (!request.body) throw new MultipartError("The request has no body");

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes + 1,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields + 1,
      },
    });
  } catch (error) {
    throw new MultipartError(`Unreadable multipart header: ${String(error)}`);
  }

  const form: MultipartForm = { fields: [], files: [], tooManyFiles: false, tooManyFields: false };
  const pendingFiles: Promise<void>[] = [];
  let failed = false;

  const finished = new Promise<void>((resolve, reject) => {
    // A value over `maxFieldBytes` arrives cut there; its field's length rule refuses it.
    // A part without a name belongs to no field: it is skipped, as a browser never sends one.
    parser.on("field", (name, value) => {
      if (typeof name === "string" && name !== "") form.fields.push([name, value]);
    });
    parser.on("file", (field, stream, info) => {
      let chunks: Uint8Array<ArrayBuffer>[] | null = [];
      let size = 0;
      stream.on("data", (chunk: Uint8Array<ArrayBuffer>) => {
        chunks?.push(chunk);
        size += chunk.byteLength;
      });
      // Past the cap: drop what was held; busboy discards the rest of this file.
      stream.on("limit", () => {
        chunks = null;
      });
      const file = new Promise<void>((done, fail) => {
        stream.on("error", fail);
        stream.on("close", () => {
          if (size > 0 || info.filename) {
            form.files.push({
              field,
              fileName: info.filename ?? "",
              claimedType: info.mimeType,
              data: chunks ? new Blob(chunks) : null,
            });
          }
          chunks = null;
          done();
        });
      });
      file.catch(() => {}); // a failed file also fails the parser; that error is reported
      pendingFiles.push(file);
    });
    parser.on("filesLimit", () => {
      form.tooManyFiles = true;
    });
    const overLimit = () => {
      form.tooManyFields = true;
    };
    parser.on("fieldsLimit", overLimit);
    parser.on("partsLimit", overLimit);
    parser.on("error", (error) => {
      failed = true;
      reject(new MultipartError(String(error)));
    });
    parser.on("close", resolve);
  });
  finished.catch(() => {}); // handled below; this only keeps a rejection from going unobserved

  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (failed) break; // malformed: stop reading the rest of the body
      if (!parser.write(value)) {
        // Wait for busboy to catch up, unless it fails or finishes first.
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
      }
    }
    parser.end();
    await finished;
    await Promise.all(pendingFiles);
  } catch (error) {
    parser.destroy();
    reader.cancel().catch(() => {});
    if (error instanceof MultipartError) throw error;
    throw new MultipartError(`Could not read the request body: ${String(error)}`);
  }
  return form;
}
