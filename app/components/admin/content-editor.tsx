/**
 * The shared pieces of the admin's 'Site content' pages (docs/product.md §13): the preview step
 * with its 'Publish' form (the section's content as JSON in a hidden field, and `basedOn`, the
 * live revision the editor was opened at) and 'Back to editing'; the stale and form messages;
 * the links to a section's history. The actions answer like every form: a refusal is Conform's
 * submission result, a preview or 'Back to editing' extra data (app/forms/content-admin.ts
 * `EditorAnswer`). Plain forms: they work without JavaScript.
 */
import { Link, useActionData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import type { ContentRevisionAction, ContentSection } from "~/domain/enumerations";
import {
  contentErrors,
  type ContentAnswer,
  type ContentEditing,
  type ContentPreview,
  type EditorAnswer,
  type FieldErrors,
  type FieldValues,
} from "~/forms/content-admin";
import { readResult, type FormResult } from "~/forms/result";
import { Button, buttonClass, useBusy, ResultForm, textLinkClass } from "~/components/admin/kit";
import { SectionPreview } from "~/components/admin/content-preview";
import { FormStatus } from "~/components/form-status";
import { RESULT_ID, useResultFocus } from "~/components/hooks/use-result-focus";

/**
 * The editors' `shouldRevalidate`: as Remix decides, and also after a 409 (a stale publish or
 * restore), which single fetch would not revalidate on its own: the page then shows the
 * section's current version and the `basedOn` to publish at.
 */
export const revalidateAfterStale: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

/**
 * An editor's answer in its three parts (app/forms/content-admin.ts `EditorAnswer`): the
 * refusal (Conform's submission result), the preview, or the form again ('Back to editing');
 * each null when the answer is another, all null before any.
 */
export function answerParts<Preview, Editing>(answer: EditorAnswer<Preview, Editing> | undefined) {
  const preview = answer && "preview" in answer ? answer.preview : null;
  const editing = answer && "editing" in answer ? answer.editing : null;
  const refused: FormResult | null = answer && !("preview" in answer) && !("editing" in answer) ? answer : null;
  return { preview, editing, refused };
}

/** A refusal of a 'Publish' or a 'Restore': shown whichever form the page draws (a stale version, content that no longer passes). */
function isPublishRefusal(refused: FormResult | null): boolean {
  const intent = readResult(refused).value("intent");
  return intent === "publish" || intent === "restore";
}

/** The refusal of the form of `target` (its values as typed, each field's message), else null. */
function refusalOf(refused: FormResult | null, target: string) {
  if (!refused || isPublishRefusal(refused) || (readResult(refused).value("target") ?? "") !== target) return null;
  const { value } = readResult(refused);
  const values: FieldValues = {};
  for (const name of Object.keys(refused.initialValue ?? {})) {
    const text = value(name);
    if (text !== undefined && name !== "target" && name !== "basedOn") values[name] = text;
  }
  return { values, errors: contentErrors(refused), basedOn: Number(value("basedOn") ?? 0) };
}

/**
 * An editor's state. In: `opened`, the form as the editor opens it (the loader's values and
 * `basedOn`), and `target`, the item the form edits ('' for a whole section). Out: `answer`, the
 * action's; `stage`, which part it is ("open" before any: a key that redraws the form with its
 * values); `preview`, when it is a preview; `refused`, the refusal of `target`'s form; and the
 * form's `values`, `errors` and `basedOn`: the refused form's, else those 'Back to editing'
 * gave `target`, else `opened`'s, with no errors.
 */
export function useEditorState(opened: { values: FieldValues; basedOn: number }, target = "") {
  const answer = useActionData<ContentAnswer>();
  const { preview, editing, refused } = answerParts<ContentPreview, ContentEditing>(answer);
  const own = refusalOf(refused, target);
  const back = editing?.target === target ? editing : null;
  const errors: FieldErrors = own?.errors ?? {};
  return {
    answer,
    stage: preview ? "preview" : editing ? "editing" : refused ? "refused" : "open",
    preview,
    refused: own,
    values: own?.values ?? back?.values ?? opened.values,
    errors,
    basedOn: own?.basedOn ?? back?.basedOn ?? opened.basedOn,
  };
}

/**
 * The preview of a change and its two buttons: 'Publish' and 'Back to editing'. `back`: a link
 * for a change with nothing typed (a move, a toggle), else 'Back to editing' posts the content
 * back to the editor (`intent=back`), which shows the form with it. The preview is the answer to
 * 'Preview': its box (heading, the change, 'Publish') is the page's `#result` and takes the focus
 * (app/components/hooks/use-result-focus.ts), so 'Publish' is in view on a phone.
 */
export function PreviewStep({ preview, back, focus }: { preview: ContentPreview; back?: string; focus?: string }) {
  const busy = useBusy();
  const box = useRef<HTMLDivElement>(null);
  useResultFocus(box, RESULT_ID);
  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <div
        ref={box}
        id={RESULT_ID}
        tabIndex={-1}
        role="group"
        aria-labelledby="preview-heading"
        aria-describedby="preview-change"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4 focus:outline-2 focus:outline-offset-2 focus:outline-amber-600"
      >
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Preview: not published yet
        </h2>
        <p
          id="preview-change"
          className="mt-1 text-slate-800"
        >{`The change: ${preview.change}. This is how the site will show it. Publish it, or go back to change it.`}</p>
        <ResultForm className="mt-3 flex flex-wrap gap-3">
          <input type="hidden" name="content" value={preview.content} />
          <input type="hidden" name="basedOn" value={preview.basedOn} />
          <input type="hidden" name="target" value={preview.target} />
          <Button name="intent" value="publish" disabled={busy}>
            Publish
          </Button>
          {back ? (
            <Link to={back} className={buttonClass("secondary")}>
              Back to editing
            </Link>
          ) : (
            <Button name="intent" value="back" variant="secondary" disabled={busy}>
              Back to editing
            </Button>
          )}
        </ResultForm>
      </div>
      <SectionPreview section={preview.section} body={preview.body} focus={focus ?? preview.target} />
    </section>
  );
}

/** A refused 'Publish' or 'Restore' (a stale version included), or the form's own message of `target`'s refused form, when the action answered one. */
export function ContentStatus({ answer, target = "" }: { answer: ContentAnswer | undefined; target?: string }) {
  const { refused } = answerParts<ContentPreview, ContentEditing>(answer);
  const message = isPublishRefusal(refused) ? readResult(refused).error("") : refusalOf(refused, target)?.errors[""];
  return message ? <FormStatus tone="error">{message}</FormStatus> : null;
}

/** A refused form's count of messages, read out at the top of the form. */
export function ErrorSummary({ errors }: { errors: Record<string, string> }) {
  const count = Object.keys(errors).filter((name) => name !== "").length;
  if (count === 0) return null;
  return (
    <FormStatus tone="error">{`Nothing was published: ${count === 1 ? "one field needs" : `${count} fields need`} a change. See the messages below.`}</FormStatus>
  );
}

/** The links under a section's page header: its history, and back to the overview. */
export function SectionLinks({ section, children }: { section: ContentSection; children?: ReactNode }) {
  return (
    <>
      {children}
      <Link to={`/admin/content/${section}/history`} className={textLinkClass()}>
        History
      </Link>
      <Link to="/admin/content" className={textLinkClass()}>
        All site content
      </Link>
    </>
  );
}

/** How a version came to be: 'Starting content', 'Published' or 'Restored from #N'. */
export function revisionActionLabel(revision: { action: ContentRevisionAction; restoredFrom: number | null }): string {
  if (revision.action === "seed") return "Starting content";
  if (revision.action === "restore") return `Restored from #${revision.restoredFrom ?? "?"}`;
  return "Published";
}
