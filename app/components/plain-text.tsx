/**
 * Plain text the owner typed (docs/product.md §13), as paragraphs and lists: blocks are
 * separated by a blank line, and a block whose every line starts with "- " is a bulleted
 * list. Nothing is read as markup: React escapes every character.
 */
import { Fragment } from "react";

/** The blocks of `text`: a paragraph's text, or a list's items. */
function blocksOf(text: string): Array<{ kind: "p"; text: string } | { kind: "ul"; items: string[] }> {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split("\n").map((line) => line.trim());
      return lines.every((line) => line.startsWith("- "))
        ? { kind: "ul" as const, items: lines.map((line) => line.slice(2).trim()) }
        : { kind: "p" as const, text: lines.join(" ") };
    });
}

/** `text` as <p> and <ul> elements with the given classes. */
export function PlainText({ text, className, listClassName }: { text: string; className?: string; listClassName?: string }) {
  return blocksOf(text).map((block, index) => (
    <Fragment key={index}>
      {block.kind === "p" ? (
        <p className={className}>{block.text}</p>
      ) : (
        <ul className={`${className ?? ""} list-disc pl-10 ${listClassName ?? ""}`}>
          {block.items.map((item, itemIndex) => (
            <li key={itemIndex}>{item}</li>
          ))}
        </ul>
      )}
    </Fragment>
  ));
}
