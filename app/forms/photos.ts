/**
 * The photo rules shared by the quote and contact forms (docs/product.md §5 "Photos", §9).
 *
 * In the browser a File's `type` is what the browser guessed from the name; on the server the
 * multipart reader replaces it with the type sniffed from the bytes (app/server/uploads/images.server.ts),
 * so the same schema is the authority there.
 */
import { z } from "./zod";
import { isAcceptedImageType, MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/domain/limits";
import { fileNotImageMessage, fileTooLargeMessage, tooManyPhotosMessage } from "~/domain/texts/messages";

const photoSchema = z.instanceof(File).superRefine((file, ctx) => {
  if (file.size > MAX_PHOTO_BYTES) {
    ctx.addIssue({ code: "custom", message: fileTooLargeMessage(file.name) });
  } else if (!isAcceptedImageType(file.type)) {
    ctx.addIssue({ code: "custom", message: fileNotImageMessage(file.name) });
  }
});

/** Zero to five photos; an empty file input yields an empty list. */
export const photosSchema = z
  .array(photoSchema)
  .max(MAX_PHOTOS, { message: tooManyPhotosMessage(MAX_PHOTOS) })
  .default([]);
