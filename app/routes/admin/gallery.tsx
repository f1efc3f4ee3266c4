/**
 * /admin/gallery (docs/product.md §10 "Gallery"): add a photo (file, title, category, alt text)
 * or a before/after pair (two files, title, service, description); publish or hide, move up or
 * down, edit or delete each. Published items replace the gallery's stock default at once.
 * Photos are made smaller in the browser before upload (ResizingPhotoInput); every form is a
 * plain POST to this page, so it all works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { AdminField, ADMIN_INPUT, AdminSelect, fieldAria } from "~/components/admin-fields";
import { FormStatus } from "~/components/form-field";
import { Picture } from "~/components/picture";
import { ResizingPhotoInput } from "~/components/resizing-photo-input";
import { GALLERY_CATEGORIES, SERVICE_TYPE_LABELS, SERVICE_TYPES } from "~/domain/enumerations";
import { GALLERY_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import { readResult, type FormResult, type ReadResult } from "~/forms/result";
import { galleryPageAction, galleryPageLoader } from "~/server/gallery/routes.server";

export const loader = (args: LoaderFunctionArgs) => galleryPageLoader(args);
export const action = (args: ActionFunctionArgs) => galleryPageAction(args);

const CARD = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const BUTTON = "min-h-10 rounded-full px-4 text-sm font-semibold disabled:opacity-60";
const PRIMARY = `${BUTTON} min-h-11 bg-brand-700 px-5 text-white hover:bg-brand-800`;
const OUTLINE = `${BUTTON} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
const FILE_INPUT = `${ADMIN_INPUT} file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`;
const CATEGORY_OPTIONS = GALLERY_CATEGORIES.map((category) => [category, category] as const);
const SERVICE_OPTIONS = SERVICE_TYPES.map((type) => [type, SERVICE_TYPE_LABELS[type]] as const);
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";
const PHOTO_HINT = `JPEG, PNG, WebP or AVIF, at least ${GALLERY_LIMITS.minWidthPx} pixels wide. Large phone photos are made smaller before upload.`;

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type PhotoItem = Loaded["photos"][number];
type PairItem = Loaded["pairs"][number];

export default function GalleryPage() {
  const { photos, pairs } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const busy = useNavigation().state !== "idle";
  const { error } = readResult(actionData);
  return (
    <section aria-labelledby="gallery-heading" className="space-y-8">
      <div>
        <h1 id="gallery-heading" className="font-display text-2xl font-bold text-slate-900">
          Gallery
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Your own photos and before/after pairs of real jobs. Until you publish a photo, the public gallery shows its nine stock photos;
          until you publish a pair, its before/after section describes a typical job instead. Changes show on the site at once.
        </p>
      </div>
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <AddPhotoForm form={readResult(actionData, { intent: "add-photo" })} busy={busy} key={`photo-${photos.length}`} />
        <AddPairForm form={readResult(actionData, { intent: "add-pair" })} busy={busy} key={`pair-${pairs.length}`} />
      </div>
      <ItemList
        title={`Photos (${photos.length})`}
        id="gallery-photos"
        empty="No photos of your own yet: the gallery shows its stock photos."
      >
        {photos.map((photo, index) => (
          <ItemCard key={photo.id} item={photo} first={index === 0} last={index === photos.length - 1} busy={busy} kind="photo">
            <div className="w-32 shrink-0 overflow-hidden rounded-lg sm:w-40">
              <Picture photo={photo.image} sizes="160px" className="aspect-[4/3] size-full object-cover" />
            </div>
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{photo.title}</p>
              <p className="text-sm text-slate-600">{photo.category}</p>
              <p className="mt-1 text-sm break-words text-slate-600">Alt text: {photo.altText}</p>
            </div>
            <EditPhotoForm photo={photo} actionData={actionData} busy={busy} />
          </ItemCard>
        ))}
      </ItemList>
      <ItemList
        title={`Before/after pairs (${pairs.length})`}
        id="gallery-pairs"
        empty="No pairs yet: the before/after section describes a typical job."
      >
        {pairs.map((pair, index) => (
          <ItemCard key={pair.id} item={pair} first={index === 0} last={index === pairs.length - 1} busy={busy} kind="pair">
            <div className="grid w-48 shrink-0 grid-cols-2 gap-1 sm:w-64">
              <Picture photo={pair.before} sizes="128px" className="aspect-[4/3] size-full rounded-lg object-cover" />
              <Picture photo={pair.after} sizes="128px" className="aspect-[4/3] size-full rounded-lg object-cover" />
            </div>
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{pair.title}</p>
              <p className="text-sm text-slate-600">{pair.service}</p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{pair.description}</p>
            </div>
            <EditPairForm pair={pair} actionData={actionData} busy={busy} />
          </ItemCard>
        ))}
      </ItemList>
    </section>
  );
}

interface AddFormProps {
  /** The refused post of this form, if the last post was one. */
  form: ReadResult;
  busy: boolean;
}

/** The "Publish on the gallery now" checkbox of the add forms (checked unless unticked before). */
function PublishNow({ id, form }: { id: string; form: ReadResult }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        name="publish"
        defaultChecked={form.value("intent") ? form.value("publish") === "on" : true}
        className="size-4 accent-brand-700"
      />
      Publish on the gallery now
    </label>
  );
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
        className={FILE_INPUT}
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

function AddPhotoForm({ form, busy }: AddFormProps) {
  const [preparing, onBusyChange] = usePreparing();
  return (
    <section aria-labelledby="add-photo" className={CARD}>
      <h2 id="add-photo" className="text-lg font-semibold text-slate-900">
        Add a photo
      </h2>
      <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="add-photo" />
        <PhotoField id="photo-file" name="photo" label="Photo" error={form.error("photo")} onBusyChange={onBusyChange} />
        <PhotoFields idPrefix="photo" form={form} />
        <PublishNow id="photo-publish" form={form} />
        <button type="submit" disabled={busy || preparing} className={PRIMARY}>
          {preparing ? "Preparing photo…" : "Add photo"}
        </button>
      </Form>
    </section>
  );
}

function AddPairForm({ form, busy }: AddFormProps) {
  const [preparing, onBusyChange] = usePreparing();
  return (
    <section aria-labelledby="add-pair" className={CARD}>
      <h2 id="add-pair" className="text-lg font-semibold text-slate-900">
        Add a before/after pair
      </h2>
      <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="add-pair" />
        <div className="grid gap-3 sm:grid-cols-2">
          <PhotoField id="pair-before" name="before" label="Before photo" error={form.error("before")} onBusyChange={onBusyChange} />
          <PhotoField id="pair-after" name="after" label="After photo" error={form.error("after")} onBusyChange={onBusyChange} />
        </div>
        <PairFields idPrefix="pair" form={form} />
        <PublishNow id="pair-publish" form={form} />
        <button type="submit" disabled={busy || preparing} className={PRIMARY}>
          {preparing ? "Preparing photos…" : "Add pair"}
        </button>
      </Form>
    </section>
  );
}

/** A one-line text field of these forms. */
function TextField(props: {
  id: string;
  name: string;
  label: string;
  max: number;
  value?: string;
  error?: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <AdminField id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={props.id}
        name={props.name}
        required
        maxLength={props.max}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ""}
        className={ADMIN_INPUT}
        {...fieldAria(props.id, props.error, Boolean(props.hint))}
      />
    </AdminField>
  );
}

/** The words of an item, when adding (values as last sent) and when editing (the item's own). */
interface ItemFieldsProps {
  idPrefix: string;
  form: ReadResult;
}

/** Title, category and alt text: the words of a photo, when adding and when editing. */
function PhotoFields({ idPrefix, form }: ItemFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        name="title"
        label="Title"
        max={TEXT_LIMITS.galleryTitle}
        value={form.value("title")}
        error={form.error("title")}
        placeholder="Kitchen deep clean, Ironshore"
      />
      <AdminSelect
        id={`${idPrefix}-category`}
        name="category"
        label="Category"
        options={CATEGORY_OPTIONS}
        defaultValue={form.value("category") ?? "Residential"}
        error={form.error("category")}
      />
      <TextField
        id={`${idPrefix}-alt`}
        name="altText"
        label="Alt text"
        hint="What the photo shows, for people who cannot see it: 'A spotless white kitchen with a gleaming hob'."
        max={TEXT_LIMITS.galleryAlt}
        value={form.value("altText")}
        error={form.error("altText")}
      />
    </>
  );
}

/** Title, service and description: the words of a pair, when adding and when editing. */
function PairFields({ idPrefix, form }: ItemFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        name="title"
        label="Title"
        max={TEXT_LIMITS.galleryTitle}
        value={form.value("title")}
        error={form.error("title")}
        placeholder="Villa kitchen after the builders"
      />
      <AdminSelect
        id={`${idPrefix}-service`}
        name="serviceType"
        label="Service"
        options={SERVICE_OPTIONS}
        defaultValue={form.value("serviceType") ?? "deep-clean"}
        error={form.error("serviceType")}
      />
      <AdminField
        id={`${idPrefix}-description`}
        label="Description"
        hint="One or two sentences: what was there, what we did."
        error={form.error("description")}
      >
        <textarea
          id={`${idPrefix}-description`}
          name="description"
          rows={3}
          required
          maxLength={TEXT_LIMITS.galleryDescription}
          defaultValue={form.value("description") ?? ""}
          className={ADMIN_INPUT}
          {...fieldAria(`${idPrefix}-description`, form.error("description"), true)}
        />
      </AdminField>
    </>
  );
}

function ItemList({ title, id, empty, children }: { title: string; id: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children.length === 0 ? <p className="text-slate-600">{empty}</p> : <ol className="space-y-4">{children}</ol>}
    </section>
  );
}

/** The item's title, for screen readers only: every card repeats the same buttons. */
const Subject = ({ title }: { title: string }) => <span className="sr-only">: {title}</span>;

/** A one-button form that sends `intent` for the item `id` (named `title` for screen readers). */
function StepButton({
  id,
  title,
  intent,
  label,
  busy,
  className,
  disabled = false,
}: {
  id: string;
  title: string;
  intent: string;
  label: string;
  busy: boolean;
  className: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy || disabled} className={className}>
        {label}
        <Subject title={title} />
      </button>
    </Form>
  );
}

/** One item of a list: its previews and words (children: previews, words, edit form), its state and its steps. */
function ItemCard({
  item,
  first,
  last,
  busy,
  kind,
  children,
}: {
  item: { id: string; title: string; published: boolean };
  first: boolean;
  last: boolean;
  busy: boolean;
  kind: "photo" | "pair";
  children: [ReactNode, ReactNode, ReactNode];
}) {
  const [previews, words, edit] = children;
  return (
    <li className={CARD} data-gallery-item={item.id}>
      <div className="flex flex-wrap items-start gap-4">
        {previews}
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-3">
          {words}
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${item.published ? "bg-brand-100 text-brand-900" : "bg-slate-200 text-slate-800"}`}
          >
            {item.published ? "Published" : "Hidden"}
          </span>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <StepButton
          id={item.id}
          title={item.title}
          intent={item.published ? "hide" : "publish"}
          label={item.published ? "Hide" : "Publish"}
          busy={busy}
          className={item.published ? OUTLINE : `${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
        />
        <StepButton id={item.id} title={item.title} intent="up" label="Move up" busy={busy} disabled={first} className={OUTLINE} />
        <StepButton id={item.id} title={item.title} intent="down" label="Move down" busy={busy} disabled={last} className={OUTLINE} />
        {edit}
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-red-800 underline">
            Delete {kind === "photo" ? "photo" : "pair"}
            <Subject title={item.title} />
          </summary>
          <div className="mt-2">
            <StepButton
              id={item.id}
              title={item.title}
              intent="delete"
              label="Delete for good"
              busy={busy}
              className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
            />
          </div>
        </details>
      </div>
    </li>
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

/** An item's 'Edit' disclosure: a form posting `intent` for the item, open after a refused edit. */
function EditDetails(props: { id: string; title: string; intent: string; open: boolean; busy: boolean; children: ReactNode }) {
  return (
    <details open={props.open} className="w-full basis-full">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800 underline">
        Edit
        <Subject title={props.title} />
      </summary>
      <Form method="post" preventScrollReset className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={props.intent} />
        <input type="hidden" name="id" value={props.id} />
        {props.children}
        <button type="submit" disabled={props.busy} className={PRIMARY}>
          Save
        </button>
      </Form>
    </details>
  );
}

function EditPhotoForm({ photo, actionData, busy }: { photo: PhotoItem; actionData?: FormResult; busy: boolean }) {
  const state = editState(actionData, photo.id, "edit-photo", {
    title: photo.title,
    category: photo.category,
    altText: photo.altText ?? undefined,
  });
  return (
    <EditDetails id={photo.id} title={photo.title} intent="edit-photo" open={state.open} busy={busy}>
      <PhotoFields idPrefix={`edit-${photo.id}`} form={state.form} />
    </EditDetails>
  );
}

function EditPairForm({ pair, actionData, busy }: { pair: PairItem; actionData?: FormResult; busy: boolean }) {
  const state = editState(actionData, pair.id, "edit-pair", {
    title: pair.title,
    serviceType: pair.serviceType ?? undefined,
    description: pair.description,
  });
  return (
    <EditDetails id={pair.id} title={pair.title} intent="edit-pair" open={state.open} busy={busy}>
      <PairFields idPrefix={`edit-${pair.id}`} form={state.form} />
    </EditDetails>
  );
}
