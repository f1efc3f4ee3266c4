/**
 * /admin/content/faqs/:id (docs/product.md §13 "FAQs"): one question, its answer and whether it
 * is on the home page too. Its anchor (/faq#<id>) is fixed. 'Preview' shows it as the FAQ page
 * will; 'Publish' there makes it live. Plain POSTs: they work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Button, Card, PageHeader, useBusy, ResultForm } from "~/components/admin/kit";
import {
  ContentStatus,
  ErrorSummary,
  PreviewStep,
  SectionLinks,
  revalidateAfterStale,
  useEditorState,
} from "~/components/admin/content-editor";
import { FaqFields } from "../+shared/faq-fields";
import { faqEditorAction, faqEditorLoader } from "./faq.server";

export const loader = (args: LoaderFunctionArgs) => faqEditorLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => faqEditorAction(args);

export default function FaqEditorPage() {
  const loaded = useLoaderData<typeof loader>();
  const id = loaded.faq.id;
  const { answer, stage, preview, values, errors, basedOn } = useEditorState(loaded, id);
  const busy = useBusy();
  return (
    <section aria-labelledby="faq-heading" className="space-y-6">
      <PageHeader
        id="faq-heading"
        title="Edit a question"
        lead={`Its link on the FAQ page, /faq#${id}, stays the same.`}
        actions={
          <SectionLinks section="faqs">
            <Link to="/admin/content/faqs" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              All FAQs
            </Link>
          </SectionLinks>
        }
      />
      {preview ? (
        <PreviewStep preview={preview} focus={id} />
      ) : (
        <Card>
          <ResultForm className="space-y-4" key={`${basedOn}-${stage}`}>
            <ContentStatus answer={answer} target={id} />
            <ErrorSummary errors={errors} />
            <input type="hidden" name="basedOn" value={basedOn} />
            <FaqFields values={values} errors={errors} answerRows={6} />
            <Button name="intent" value="preview" disabled={busy}>
              Preview
            </Button>
          </ResultForm>
        </Card>
      )}
    </section>
  );
}
