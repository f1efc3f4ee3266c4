/**
 * /admin/gallery (docs/product.md §10 "Gallery"): add a photo (file, title, category, alt text)
 * or a before/after pair (two files, title, service, description); publish or hide, move up or
 * down, edit or delete each. Published items replace the gallery's stock default at once.
 * Photos are made smaller in the browser before upload (ResizingPhotoInput); every form is a
 * plain POST to this page, so it all works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  AdminCheckbox,
  AdminField,
  ADMIN_FILE_INPUT,
  AdminInput,
  AdminSelect,
  AdminTextarea,
  Badge,
  Button,
  Card,
  CardList,
  Disclosure,
  fieldAria,
  PageHeader,
  PostButton,
  useBusy,
  ResultForm,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { Picture } from "~/components/picture";
import { ResizingPhotoInput } from "./resizing-photo-input";
import { GALLERY_CATEGORIES, SERVICE_TYPE_LABELS, SERVICE_TYPES } from "~/domain/enumerations";
import { GALLERY_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import { readResult, type FormResult, type ReadResult } from "~/forms/result";
import { galleryPageAction, galleryPageLoader } from "./gallery.server";

export const loader = (args: LoaderFunctionArgs) => galleryPageLoader(args);
export const action = (args: ActionFunctionArgs) => galleryPageAction(args);

const CATEGORY_OPTIONS = GALLERY_CATEGORIES.map((category) => [category, category] as const);
const SERVICE_OPTIONS = SERVICE_TYPES.map((type) => [type, SERVICE_TYPE_LABELS[type]] as const);
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";
const PHOTO_HINT = `JPEG, PNG, WebP or AVIF, at least ${GALLERY_LIMITS.minWidthPx} pixels wide. Large phone photos are made smaller before upload.`;

type Kind = "photo" | "pair";

export default function GalleryPage() {
  const { photos, pairs } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const { error } = readResult(actionData);
  return (
    <section aria-labelledby="gallery-heading" className="space-y-8">
      <PageHeader
        id="gallery-heading"
        title="Gallery"
        lead="Your own photos and before/after pairs of real jobs. Until you publish a photo, the public gallery shows its nine stock photos; until you publish a pair, its before/after section describes a typical job instead. Changes show on the site at once."
      />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <AddItemForm kind="photo" form={readResult(actionData, { intent: "add-photo" })} key={`photo-${photos.length}`} />
        <AddItemForm kind="pair" form={readResult(actionData, { intent: "add-pair" })} key={`pair-${pairs.length}`} />
      </div>
      <CardList
        title={`Photos (${photos.length})`}
        id="gallery-photos"
        empty="No photos of your own yet: the gallery shows its stock photos."
        ordered
      >
        {photos.map((photo, index) => (
          <ItemCard key={photo.id} item={photo} first={index === 0} last={index === photos.length - 1} kind="photo">
            <div className="w-32 shrink-0 overflow-hidden rounded-lg sm:w-40">
              <Picture photo={photo.image} sizes="160px" className="aspect-[4/3] size-full object-cover" />
            </div>
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{photo.title}</p>
              <p className="text-sm text-slate-600">{photo.category}</p>
              <p className="mt-1 text-sm break-words text-slate-600">Alt text: {photo.altText}</p>
            </div>
            <EditItemForm
              id={photo.id}
              title={photo.title}
              kind="photo"
              actionData={actionData}
              saved={{ title: photo.title, category: photo.category, altText: photo.altText ?? undefined }}
            />
          </ItemCard>
        ))}
      </CardList>
      <CardList
        title={`Before/after pairs (${pairs.length})`}
        id="gallery-pairs"
        empty="No pairs yet: the before/after section describes a typical job."
        ordered
      >
        {pairs.map((pair, index) => (
          <ItemCard key={pair.id} item={pair} first={index === 0} last={index === pairs.length - 1} kind="pair">
            <div className="grid w-48 shrink-0 grid-cols-2 gap-1 sm:w-64">
              <Picture photo={pair.before} sizes="128px" className="aspect-[4/3] size-full rounded-lg object-cover" />
              <Picture photo={pair.after} sizes="128px" className="aspect-[4/3] size-full rounded-lg object-cover" />
            </div>
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{pair.title}</p>
              <p className="text-sm text-slate-600">{pair.service}</p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{pair.description}</p>
            </div>
            <EditItemForm
              id={pair.id}
              title={pair.title}
              kind="pair"
              actionData={actionData}
              saved={{ title: pair.title, serviceType: pair.serviceType ?? undefined, description: pair.description }}
            />
          </ItemCard>
        ))}
      </CardList>
    </section>
  );
}

/** A form of this page: its refused post (values as sent, messages), else nothing or the item's own words. */
interface FormState {
  form: ReadResult;
}

/** A file field that makes its photo smaller first; `onBusyChange` holds the submit while it works. */
function PhotoField(props: { id: string; name: string; label: string; error?: string; onBusyChange: (busy: boolean) => void }) {
  return (
    <AdminField id={props.id} label={props.label} hint={PHOTO_HINT} error={props.error}>
      <ResizingPhotoInput
        id={props.id}
        name={props.name}
        accept={ACCEPT}
        required
        className={ADMIN_FILE_INPUT}
        onBusyChange={props.onBusyChange}
        {...fieldAria(props.id, props.error, true)}
      />
    </AdminField>
  );
}

/** How many photos are being made smaller right now. */
function usePreparing() {
  const [preparing, setPreparing] = useState(0);
  return [preparing > 0, (busy: boolean) => setPreparing((count) => count + (busy ? 1 : -1))] as const;
}

/** 'Add a photo' (one file) or 'Add a before/after pair' (two), with the item's words and 'Publish on the gallery now'. */
function AddItemForm({ kind, form }: FormState & { kind: Kind }) {
  const busy = useBusy();
  const [preparing, onBusyChange] = usePreparing();
  const photo = kind === "photo";
  return (
    <Card title={photo ? "Add a photo" : "Add a before/after pair"} titleId={`add-${kind}`}>
      <ResultForm encType="multipart/form-data" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value={`add-${kind}`} />
        {photo ? (
          <PhotoField id="photo-file" name="photo" label="Photo" error={form.error("photo")} onBusyChange={onBusyChange} />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <PhotoField id="pair-before" name="before" label="Before photo" error={form.error("before")} onBusyChange={onBusyChange} />
            <PhotoField id="pair-after" name="after" label="After photo" error={form.error("after")} onBusyChange={onBusyChange} />
          </div>
        )}
        <ItemFields kind={kind} idPrefix={kind} form={form} />
        {/* Checked unless it was unticked in the form sent last. */}
        <AdminCheckbox
          id={`${kind}-publish`}
          name="publish"
          label="Publish on the gallery now"
          defaultChecked={form.value("intent") ? form.value("publish") === "on" : true}
        />
        <Button disabled={busy || preparing}>
          {preparing ? (photo ? "Preparing photo…" : "Preparing photos…") : photo ? "Add photo" : "Add pair"}
        </Button>
      </ResultForm>
    </Card>
  );
}

/**
 * The words of an item, when adding (values as last sent) and when editing (the item's own):
 * a photo's title, category and alt text; a pair's title, service and description.
 */
function ItemFields({ kind, idPrefix, form }: FormState & { kind: Kind; idPrefix: string }) {
  return (
    <>
      <AdminInput
        id={`${idPrefix}-title`}
        name="title"
        label="Title"
        required
        maxLength={TEXT_LIMITS.galleryTitle}
        placeholder={kind === "photo" ? "Kitchen deep clean, Ironshore" : "Villa kitchen after the builders"}
        defaultValue={form.value("title") ?? ""}
        error={form.error("title")}
      />
      {kind === "photo" ? (
        <>
          <AdminSelect
            id={`${idPrefix}-category`}
            name="category"
            label="Category"
            options={CATEGORY_OPTIONS}
            defaultValue={form.value("category") ?? "Residential"}
            error={form.error("category")}
          />
          <AdminInput
            id={`${idPrefix}-alt`}
            name="altText"
            label="Alt text"
            hint="What the photo shows, for people who cannot see it: 'A spotless white kitchen with a gleaming hob'."
            required
            maxLength={TEXT_LIMITS.galleryAlt}
            defaultValue={form.value("altText") ?? ""}
            error={form.error("altText")}
          />
        </>
      ) : (
        <>
          <AdminSelect
            id={`${idPrefix}-service`}
            name="serviceType"
            label="Service"
            options={SERVICE_OPTIONS}
            defaultValue={form.value("serviceType") ?? "deep-clean"}
            error={form.error("serviceType")}
          />
          <AdminTextarea
            id={`${idPrefix}-description`}
            name="description"
            label="Description"
            hint="One or two sentences: what was there, what we did."
            rows={3}
            required
            maxLength={TEXT_LIMITS.galleryDescription}
            defaultValue={form.value("description") ?? ""}
            error={form.error("description")}
          />
        </>
      )}
    </>
  );
}

/** One item of a list: its previews and words (children: previews, words, edit form), its state and its steps. */
function ItemCard({
  item,
  first,
  last,
  kind,
  children,
}: {
  item: { id: string; title: string; published: boolean };
  first: boolean;
  last: boolean;
  kind: Kind;
  children: [ReactNode, ReactNode, ReactNode];
}) {
  const [previews, words, edit] = children;
  // Every card repeats the same buttons: each names its item for screen readers.
  const post = (intent: string) => ({ fields: { intent, id: item.id }, subject: item.title });
  return (
    <Card as="li" data-gallery-item={item.id}>
      <div className="flex flex-wrap items-start gap-4">
        {previews}
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-3">
          {words}
          <Badge tone={item.published ? "positive" : "secondary"}>{item.published ? "Published" : "Hidden"}</Badge>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <PostButton {...post(item.published ? "hide" : "publish")} variant={item.published ? "secondary" : "primary"}>
          {item.published ? "Hide" : "Publish"}
        </PostButton>
        <PostButton {...post("up")} variant="secondary" disabled={first}>
          Move up
        </PostButton>
        <PostButton {...post("down")} variant="secondary" disabled={last}>
          Move down
        </PostButton>
        {edit}
        <Disclosure tone="danger" summary={`Delete ${kind}`} subject={item.title}>
          <PostButton {...post("delete")} variant="danger" className="mt-2">
            Delete for good
          </PostButton>
        </Disclosure>
      </div>
    </Card>
  );
}

/**
 * An item's edit form: the refused edit of this item if the last post was one (then open, with
 * the values as sent and their messages), else the item's own words.
 */
function editState(actionData: FormResult | undefined, id: string, intent: string, own: Record<string, string | undefined>) {
  const refused = readResult(actionData, { intent, id });
  const open = refused.value("intent") !== undefined;
  const form: ReadResult = open ? refused : { error: () => undefined, value: (name) => own[name] };
  return { open, form };
}

/** An item's 'Edit' disclosure: its words in a form posting `edit-<kind>`, open after a refused edit. */
function EditItemForm(props: {
  id: string;
  title: string;
  kind: Kind;
  actionData: FormResult | undefined;
  saved: Record<string, string | undefined>;
}) {
  const busy = useBusy();
  const intent = `edit-${props.kind}`;
  const state = editState(props.actionData, props.id, intent, props.saved);
  return (
    <Disclosure open={state.open} className="w-full basis-full" summary="Edit" subject={props.title}>
      <ResultForm preventScrollReset className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={props.id} />
        <ItemFields kind={props.kind} idPrefix={`edit-${props.id}`} form={state.form} />
        <Button disabled={busy}>Save</Button>
      </ResultForm>
    </Disclosure>
  );
}
