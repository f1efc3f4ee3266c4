/**
 * The forms of /admin/gallery (docs/product.md §10 "Gallery"): add a photo (the file, a title,
 * a category, alt text), add a before/after pair (two files, a title, a service type, a short
 * description), edit either, publish, hide, move up or down, delete. Each names what it does in
 * `intent`. Files are checked here by what the server sniffed from their bytes
 * (app/http/photo-form-body.server.ts); their pixels by the server (gallery.server.ts).
 */
import { z } from "./zod";
import { choice, requiredText } from "./fields";
import { GALLERY_CATEGORIES, GALLERY_SOURCE_TYPES, SERVICE_TYPES } from "~/domain/enumerations";
import { MAX_PHOTO_BYTES, TEXT_LIMITS } from "~/domain/limits";
import { fileTooLargeMessage } from "~/domain/texts/messages";
import { GALLERY_MESSAGES } from "~/domain/texts/staff-messages";

/** One photo file, required: an empty file input yields an empty list. */
function photoFile(label: string) {
  const file = z.instanceof(File).superRefine((photo, ctx) => {
    if (photo.size > MAX_PHOTO_BYTES) ctx.addIssue({ code: "custom", message: fileTooLargeMessage(photo.name) });
    else if (!(GALLERY_SOURCE_TYPES as readonly string[]).includes(photo.type)) {
      ctx.addIssue({ code: "custom", message: GALLERY_MESSAGES.notPhoto(photo.name) });
    }
  });
  return z
    .array(file)
    .max(1, { error: GALLERY_MESSAGES.onePhoto(label) })
    .default([])
    .refine((files) => files.length === 1, { error: GALLERY_MESSAGES.choosePhoto(label) })
    .transform((files) => files[0]!);
}

/** "on" from a checked checkbox; anything else (or nothing) is false. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

const photoFields = {
  title: requiredText("Title", TEXT_LIMITS.galleryTitle),
  category: choice(GALLERY_CATEGORIES, "Category"),
  altText: requiredText("Alt text", TEXT_LIMITS.galleryAlt),
};
const pairFields = {
  title: requiredText("Title", TEXT_LIMITS.galleryTitle),
  serviceType: choice(SERVICE_TYPES, "Service"),
  description: requiredText("Description", TEXT_LIMITS.galleryDescription, { multiline: true }),
};

const addPhotoSchema = z.object({ intent: z.literal("add-photo"), photo: photoFile("Photo"), publish: checkbox, ...photoFields });
const addPairSchema = z.object({
  intent: z.literal("add-pair"),
  before: photoFile("Before photo"),
  after: photoFile("After photo"),
  publish: checkbox,
  ...pairFields,
});
const editPhotoSchema = z.object({ intent: z.literal("edit-photo"), id: z.uuid(), ...photoFields });
const editPairSchema = z.object({ intent: z.literal("edit-pair"), id: z.uuid(), ...pairFields });
const itemStepSchema = z.object({ intent: z.enum(["publish", "hide", "up", "down", "delete"]), id: z.uuid() });

export type AddPhotoInput = z.output<typeof addPhotoSchema>;
export type AddPairInput = z.output<typeof addPairSchema>;
export type EditPhotoInput = z.output<typeof editPhotoSchema>;
export type EditPairInput = z.output<typeof editPairSchema>;
export type GalleryStep = z.output<typeof itemStepSchema>["intent"];

/** Every form of /admin/gallery (also the input gate's contract). */
export const galleryFormSchema = z.discriminatedUnion("intent", [
  addPhotoSchema,
  addPairSchema,
  editPhotoSchema,
  editPairSchema,
  itemStepSchema,
]);
