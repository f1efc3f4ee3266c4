/**
 * /admin/content/services (docs/product.md §13 "Services"): the six services in the order the
 * site shows them, each shown or hidden (a hidden service's page answers 'not found'), with
 * 'Move up', 'Move down', 'Hide' or 'Show' and a link to its editor. Each of those buttons
 * answers a preview of the list; 'Publish' there makes it live. Plain POSTs: no JavaScript needed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, Card, PageHeader, PostButton } from "~/components/admin/kit";
import { ContentStatus, PreviewStep, SectionLinks, answerParts, revalidateAfterStale } from "~/components/admin/content-editor";
import type { ContentAnswer } from "~/forms/content-admin";
import { servicesListAction, servicesListLoader } from "./services.server";

export const loader = (args: LoaderFunctionArgs) => servicesListLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => servicesListAction(args);

export default function ServicesListPage() {
  const { services, basedOn } = useLoaderData<typeof loader>();
  const answer = useActionData<ContentAnswer>();
  const { preview } = answerParts(answer);
  return (
    <section aria-labelledby="services-heading" className="space-y-6">
      <PageHeader
        id="services-heading"
        title="Services"
        lead="The order the services page and the home page show them in, and which are shown. A hidden service's page answers 'not found'; its address is kept for when it is shown again."
        actions={<SectionLinks section="services" />}
      />
      {preview ? (
        <PreviewStep preview={preview} back="/admin/content/services" focus="" />
      ) : (
        <>
          <ContentStatus answer={answer} />
          <ol className="space-y-3">
            {services.map((service, i) => (
              <Card as="li" compact key={service.slug} data-service={service.slug} className={service.shown ? undefined : "bg-slate-50"}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{`${i + 1}. ${service.title}`}</p>
                    <p className="text-sm text-slate-600">{`/services/${service.slug}`}</p>
                  </div>
                  <Badge tone={service.shown ? "positive" : "secondary"}>{service.shown ? "Shown" : "Hidden"}</Badge>
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/content/services/${service.slug}`}
                    className="inline-flex min-h-6 items-center mr-2 font-semibold text-brand-800 underline"
                  >
                    Edit<span className="sr-only">{`: ${service.title}`}</span>
                  </Link>
                  <PostButton
                    fields={{ intent: "move", direction: "up", target: service.slug, basedOn: String(basedOn) }}
                    variant="secondary"
                    size="xs"
                    disabled={i === 0}
                    subject={service.title}
                  >
                    Move up
                  </PostButton>
                  <PostButton
                    fields={{ intent: "move", direction: "down", target: service.slug, basedOn: String(basedOn) }}
                    variant="secondary"
                    size="xs"
                    disabled={i === services.length - 1}
                    subject={service.title}
                  >
                    Move down
                  </PostButton>
                  <PostButton
                    fields={{ intent: "toggle", target: service.slug, basedOn: String(basedOn) }}
                    variant="secondary"
                    size="xs"
                    subject={service.title}
                  >
                    {service.shown ? "Hide" : "Show"}
                  </PostButton>
                </div>
              </Card>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
