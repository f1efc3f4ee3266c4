/**
 * The server side of /admin/gallery (docs/product.md §10 "Gallery", docs/architecture.md §4.19):
 * admins only. The loader lists every item; the action reads the form (an upload as multipart,
 * anything else as a small urlencoded post), calls app/server/gallery and answers a redirect
 * with a notice or the form's result.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fileTooLargeMessage } from "~/domain/texts/messages";
import { GALLERY_MESSAGES } from "~/domain/texts/staff-messages";
import { galleryFormSchema, type GalleryStep } from "~/forms/gallery";
import { refusal } from "~/forms/result";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { MultipartError, readPhotoFormBody } from "~/http/photo-form-body.server";
import { readSmallForm } from "~/http/small-form.server";
import { addGalleryItem, adminGallery, editGalleryItem, listGalleryItems, stepGalleryItem } from "~/server/gallery";
import { logFailure } from "~/server/platform";

/** The loader of /admin/gallery: admins only; every item of each kind in its order (`adminGallery`). */
export async function galleryPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  return adminGallery(await listGalleryItems(context.db, { publishedOnly: false }));
}

const STEP_NOTICES: Record<GalleryStep, NoticeKey> = {
  publish: "galleryPublished",
  hide: "galleryHidden",
  up: "galleryMoved",
  down: "galleryMoved",
  delete: "galleryDeleted",
};

/**
 * POST on /admin/gallery. Uploads come as multipart (read with the photo limits of the visitor
 * forms: 5 MB a file, types sniffed from the bytes), every other form as a small urlencoded
 * post. Answers a redirect with a notice, or the form's result (app/forms/result.ts): 400 with
 * the field errors and the values as sent (files are never sent back); 404 for an item that is
 * gone; 409 when the kind is full; 503 when R2 or D1 fails.
 */
export async function galleryPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const contract = formContract(galleryFormSchema);
  let formData: FormData;
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    let body;
    try {
      body = await readPhotoFormBody(request, contract);
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      return data(refusal(null, GALLERY_MESSAGES.failed), { status: 400 });
    }
    if (!body.ok) return data(refusal(null, body.message), { status: 400 });
    if (body.tooLargePhotos.length > 0) return data(refusal(body.formData, fileTooLargeMessage(body.tooLargePhotos[0]!)), { status: 400 });
    formData = body.formData;
  } else {
    const form = await readSmallForm(request, contract);
    if (!form.ok) return data(refusal(null, form.message), { status: 400 });
    formData = form.formData;
  }
  const submission = parseWithZod(formData, { schema: galleryFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  const back = async (notice: NoticeKey) => redirect("/admin/gallery", { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  const value = submission.value;
  try {
    if (value.intent === "add-photo" || value.intent === "add-pair") {
      const outcome = await addGalleryItem(context.db, context.cloudflare, value, user.id);
      if (outcome === "full") return refuse(409, GALLERY_MESSAGES.full);
      if (outcome !== "added") return refuse(400, outcome.message);
      return back(!value.publish ? "galleryHiddenAdded" : value.intent === "add-photo" ? "galleryPhotoAdded" : "galleryPairAdded");
    }
    if (value.intent === "edit-photo" || value.intent === "edit-pair") {
      if (!(await editGalleryItem(context.db, value, user.id))) return refuse(404, GALLERY_MESSAGES.gone);
      return back("gallerySaved");
    }
    if (!(await stepGalleryItem(context.db, context.cloudflare, value.id, value.intent, user.id))) {
      return refuse(404, GALLERY_MESSAGES.gone);
    }
    return back(STEP_NOTICES[value.intent]);
  } catch (error) {
    logFailure("gallery_change_failed", error, { intent: value.intent });
    return refuse(503, GALLERY_MESSAGES.failed);
  }
}
