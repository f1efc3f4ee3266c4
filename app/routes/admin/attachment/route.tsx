/**
 * /admin/attachments/:id: a photo from R2, to admins only, never cached, never sniffed as
 * anything but the image type recorded when it was checked. `?download=1` sends it as a
 * download (`Content-Disposition: attachment`) instead of for showing in the page; any other
 * value of `download` is ignored, as the admin lists ignore values they cannot use.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { attachmentLoader } from "./attachment.server";

export const loader = (args: LoaderFunctionArgs) => attachmentLoader(args);
