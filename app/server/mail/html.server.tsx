/**
 * The HTML part of every e-mail, made from its plain-text part so the two always say the
 * same: blank lines separate paragraphs, single newlines stay line breaks, and each of the
 * mail's own `links` (built from SITE_URL) becomes a real link. Everything else, including
 * whatever a visitor typed, is escaped by React, so no input can become markup or a link.
 */
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * In: the mail's subject, plain text and links. Out: a complete HTML document (UTF-8) with
 * inline styles only, which is what mail clients keep.
 */
export function mailHtml(mail: { subject: string; text: string; links: readonly string[] }): string {
  const paragraphs = mail.text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== "");
  const document = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{mail.subject}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 16px", background: "#f8fafc", color: "#0f172a" }}>
        <div style={{ maxWidth: 560, margin: "0 auto", fontFamily: "Arial, Helvetica, sans-serif", fontSize: 15, lineHeight: 1.5 }}>
          {paragraphs.map((paragraph, index) => (
            <p key={index} style={{ margin: "0 0 16px" }}>
              {paragraph.split("\n").map((line, lineIndex) => (
                <Fragment key={lineIndex}>
                  {lineIndex > 0 ? <br /> : null}
                  {withLinks(line, mail.links)}
                </Fragment>
              ))}
            </p>
          ))}
        </div>
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(document)}`;
}

/** `line` with each occurrence of one of `links` (exact text) as an <a>; the rest as text. */
function withLinks(line: string, links: readonly string[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = line;
  while (rest) {
    const found = links
      .map((link) => ({ link, at: link ? rest.indexOf(link) : -1 }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at || b.link.length - a.link.length)[0];
    if (!found) {
      parts.push(rest);
      break;
    }
    if (found.at > 0) parts.push(rest.slice(0, found.at));
    parts.push(
      <a key={parts.length} href={found.link} style={{ color: "#0f766e", wordBreak: "break-all" }}>
        {found.link}
      </a>,
    );
    rest = rest.slice(found.at + found.link.length);
  }
  return parts;
}
