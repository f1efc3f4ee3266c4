/**
 * /admin/content/faqs/:id (docs/product.md §13 "FAQs"): one question, its answer and whether it
 * is on the home page too. Its anchor (/faq#<id>) is fixed. 'Preview' shows it as the FAQ page
 * will; 'Publish' there makes it live. Plain POSTs: they work without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminCheckbox, AdminInput, AdminTextarea, Button, Card, PageHeader, useBusy } from "~/components/admin/kit";
import {
  ContentStatus,
  ErrorSummary,
  PreviewStep,
  SectionLinks,
  revalidateAfterStale,
  useEditorState,
} from "~/components/admin/content-editor";
import { faqEditorAction, faqEditorLoader } from "~/server/site/content-routes.server";

export const loader = (args: LoaderFunctionArgs) => faqEditorLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => faqEditorAction(args);

export default function FaqEditorPage() {
  const loaded = useLoaderData<typeof loader>();
  const id = loaded.faq.id;
  const { result, preview, values, errors, basedOn } = useEditorState(loaded, id);
  const busy = useBusy();
  return (
    <section aria-labelledby="faq-heading" className="space-y-6">
      <PageHeader
        id="faq-heading"
        title="Edit a question"
        lead={`Its link on the FAQ page, /faq#${id}, stays the same.`}
        actions={
          <SectionLinks section="faqs">
            <Link to="/admin/content/faqs" className="font-semibold text-brand-800 underline">
              All FAQs
            </Link>
          </SectionLinks>
        }
      />
      {preview ? (
        <PreviewStep preview={preview} focus={id} />
      ) : (
        <Card>
          <Form method="post" className="space-y-4" key={`${basedOn}-${result?.stage ?? "open"}`}>
            <ContentStatus data={result} target={id} />
            <ErrorSummary errors={errors} />
            <input type="hidden" name="basedOn" value={basedOn} />
            <AdminInput
              id="faq-question"
              name="question"
              label="Question"
              maxLength={200}
              defaultValue={values.question ?? ""}
              error={errors.question}
            />
            <AdminTextarea
              id="faq-answer"
              name="answer"
              label="Answer"
              rows={6}
              maxLength={2000}
              defaultValue={values.answer ?? ""}
              error={errors.answer}
            />
            <AdminCheckbox id="faq-on-home" name="onHome" label="On the home page too" defaultChecked={values.onHome === "on"} />
            <Button name="intent" value="preview" disabled={busy}>
              Preview
            </Button>
          </Form>
        </Card>
      )}
    </section>
  );
}
