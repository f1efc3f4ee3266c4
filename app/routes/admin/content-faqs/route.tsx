/**
 * /admin/content/faqs (docs/product.md §13 "FAQs"): the questions in the order the FAQ page
 * shows them, each with 'Move up', 'Move down', 'On the home page' or 'Off the home page',
 * 'Edit' and 'Delete', and a form to add one (its anchor is made from the question). Each
 * change answers a preview of the list; 'Publish' there makes it live. Plain POSTs: no
 * JavaScript needed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Button, Card, PageHeader, PostButton, useBusy, ResultForm } from "~/components/admin/kit";
import {
  ContentStatus,
  ErrorSummary,
  PreviewStep,
  SectionLinks,
  revalidateAfterStale,
  useEditorState,
} from "~/components/admin/content-editor";
import { FaqFields } from "../+shared/faq-fields";
import { faqsListAction, faqsListLoader } from "./faqs.server";

export const loader = (args: LoaderFunctionArgs) => faqsListLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => faqsListAction(args);

export default function FaqsListPage() {
  const { faqs, basedOn } = useLoaderData<typeof loader>();
  const {
    answer,
    stage,
    preview,
    refused: addRefused,
    values,
    errors,
    basedOn: addBasedOn,
  } = useEditorState({ values: { onHome: "" }, basedOn }, "new");
  const busy = useBusy();
  if (preview) {
    const isAdd = preview.change === "a new FAQ";
    return (
      <section aria-labelledby="faqs-heading" className="space-y-6">
        <PageHeader id="faqs-heading" title="FAQs" actions={<SectionLinks section="faqs" />} />
        <PreviewStep preview={preview} back={isAdd ? undefined : "/admin/content/faqs"} focus={isAdd ? preview.target : ""} />
      </section>
    );
  }
  return (
    <section aria-labelledby="faqs-heading" className="space-y-6">
      <PageHeader
        id="faqs-heading"
        title="FAQs"
        lead="The questions and answers of the FAQ page, in its order. Those marked 'On the home page' are in the home page's list too."
        actions={<SectionLinks section="faqs" />}
      />
      <ContentStatus answer={answer} target={addRefused ? "new" : ""} />
      <ol className="space-y-3">
        {faqs.map((faq, i) => (
          <Card as="li" compact key={faq.id} data-faq={faq.id}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-slate-900">{`${i + 1}. ${faq.question}`}</p>
              {faq.onHome ? <Badge tone="positive">On the home page</Badge> : null}
            </div>
            <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{faq.answer}</p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <Link
                to={`/admin/content/faqs/${faq.id}`}
                className="inline-flex min-h-6 items-center mr-2 font-semibold text-brand-800 underline"
              >
                Edit<span className="sr-only">{`: ${faq.question}`}</span>
              </Link>
              <PostButton
                fields={{ intent: "move", direction: "up", target: faq.id, basedOn: String(basedOn) }}
                variant="secondary"
                size="xs"
                disabled={i === 0}
                subject={faq.question}
              >
                Move up
              </PostButton>
              <PostButton
                fields={{ intent: "move", direction: "down", target: faq.id, basedOn: String(basedOn) }}
                variant="secondary"
                size="xs"
                disabled={i === faqs.length - 1}
                subject={faq.question}
              >
                Move down
              </PostButton>
              <PostButton
                fields={{ intent: "home", target: faq.id, basedOn: String(basedOn) }}
                variant="secondary"
                size="xs"
                subject={faq.question}
              >
                {faq.onHome ? "Off the home page" : "On the home page"}
              </PostButton>
              <PostButton
                fields={{ intent: "delete", target: faq.id, basedOn: String(basedOn) }}
                variant="danger"
                size="xs"
                subject={faq.question}
              >
                Delete
              </PostButton>
            </div>
          </Card>
        ))}
      </ol>
      <Card title="Add a question" titleId="add-faq">
        <ResultForm className="space-y-4" key={`${basedOn}-${stage}`}>
          <ErrorSummary errors={errors} />
          <input type="hidden" name="basedOn" value={addBasedOn} />
          <FaqFields values={values} errors={errors} answerRows={5} />
          <Button name="intent" value="add" disabled={busy}>
            Preview
          </Button>
        </ResultForm>
      </Card>
    </section>
  );
}
