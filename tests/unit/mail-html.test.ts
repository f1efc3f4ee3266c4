/** The HTML part of e-mails (app/server/mail/html.server.tsx): escaped text, real links. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { mailHtml } from "~/server/mail";

const LINK = "https://www.montegobaycleaning.com/admin/quotes/8c1d2f4e-0000-4000-8000-000000000000";

describe("mailHtml", () => {
  test("a visitor's markup is shown as text; only the mail's own links become links", () => {
    const html = mailHtml({
      subject: `New quote request from <b>Ana</b>`,
      text: `Name: <script>alert(1)</script> & "friends"\nSee https://evil.example/phish\n\nOpen it in the admin: ${LINK}`,
      links: [LINK],
    });
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain(`<a href="${LINK}"`);
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toMatch(/See https:\/\/evil\.example\/phish<\/p>/);
    expect(html).toContain("<br/>");
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
  });

  test("for any text, no tag or attribute comes from it: every '<' in the output is one the template wrote", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        const html = mailHtml({ subject: "s", text, links: [LINK] });
        const tags = html.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) expect(tag).toMatch(/^<\/?(!DOCTYPE html|html|head|meta|title|body|div|p|br|a)[\s/>]/);
      }),
      { numRuns: 300 },
    );
  });
});
