/**
 * The docs and the comments cite only what exists. Read: README.md and every Markdown file under
 * docs/ (whole), and the comments of every source file of the repository (app/, scripts/,
 * drizzle/, tests/, server.ts and the configuration files at the top) and of wrangler.toml.
 * Checked:
 *
 * 1. Every repository path cited exists: a path under one of the repository's top folders
 *    (`app/…`, `tests/…`, `docs/…`, …, with or without its extension; a glob such as
 *    `app/content/*.ts`, `app/server/<feature>/` or `app/server/{auth,team}/` must match; a
 *    segment may start with `+`, as a route area's `+shared/` does;
 *    `docs/decisions/014` names the record numbered 014), and every file name with a source
 *    extension, bare or relative (`small-form.server.ts`, `forms/zod.ts`), ends the path of a
 *    repository file. NOT_FILES lists the words that look like file names and are not.
 * 2. Every section cited as `docs/product.md §10 "Team"` or `docs/architecture.md §4.15` exists
 *    (the number as a heading; the title as the start of a heading or of a table row's first
 *    cell in that section), and so does every bare `§n` of docs/product.md.
 * 3. Every code name cited in backticks in README.md and docs/ (camelCase or PascalCase with an
 *    inner capital, or UPPER_SNAKE_CASE; of a dotted name, its head) is declared in the code
 *    (function, const, class, type, interface, property or parameter, an environment variable
 *    read, an export, or an import from a package, which tsc checks), or in the typings of
 *    TYPED_PACKAGES, or is in NOT_CODE with its reason.
 *
 * Each broken citation is listed as `file:line: what`, so the list says what to fix.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/** Not part of the repository: installed, built or written at run time (.gitignore). */
const SKIPPED = new Set(["node_modules", ".git", "build", ".cache", ".wrangler", "test-results", "playwright-report", "public/photos"]);

/** Folders the docs cite that `npm run build` writes (git-ignored), so a fresh clone lacks them. */
const GENERATED = ["public/photos"];

/** Words with a file's extension that name no file of the repository, each with its reason. */
const NOT_FILES: ReadonlyMap<string, string> = new Map([
  ["Node.js", "the runtime's name"],
  ["gtag.js", "Google's tag script, loaded from Google"],
  ["ical.js", "the iCalendar parser the tests read the calendar feeds with, a package"],
  ["NNN-short-slug.md", "the naming pattern of a decision record"],
  ["customer.json", "a file inside a customer's data export (app/server/data-rights/export.server.ts)"],
]);

/**
 * Names cited in backticks that look like code but are not declared by the code or by a package
 * in TYPED_PACKAGES, each with its reason.
 */
const NOT_CODE: ReadonlyMap<string, string> = new Map([
  ["AggregateRating", "a schema.org type, named in the pages' structured data as a string"],
  ["SameSite", "a cookie attribute (RFC 6265bis); the code passes `sameSite` to Remix"],
  ["EvaluateScript", "an event name of Chromium's performance trace"],
  ["fromPrefetchCache", "a field of the Chrome DevTools Protocol's network events"],
]);

/**
 * Type declarations (files, or folders read for every `.d.ts`) under node_modules that name the
 * platform and tool APIs the docs cite (`waitUntil`, `sessionStorage`, `benchmarkIndex`, …);
 * read only when a cited name is not declared in the repository.
 */
const TYPED_PACKAGES = [
  "@cloudflare/workers-types/2023-07-01/index.d.ts",
  "@remix-run/server-runtime/dist",
  "@remix-run/react/dist",
  "@types/react/index.d.ts",
  "typescript/lib/lib.dom.d.ts",
  "lighthouse/types/lhr/lhr.d.ts",
  "rollup/dist/rollup.d.ts",
];

/** Every file and folder of the repository (paths relative to the root, `/`-separated), recursively. */
function listRepository(folder = ""): string[] {
  const entries: string[] = [];
  for (const name of readdirSync(join(ROOT, folder))) {
    const path = folder ? `${folder}/${name}` : name;
    if (SKIPPED.has(path) || SKIPPED.has(name)) continue;
    if (statSync(join(ROOT, path)).isDirectory()) entries.push(`${path}/`, ...listRepository(path));
    else entries.push(path);
  }
  return entries;
}

const ENTRIES = listRepository();
const FILES = ENTRIES.filter((entry) => !entry.endsWith("/"));
const EXISTING = new Set([...ENTRIES, ...ENTRIES.filter((entry) => entry.endsWith("/")).map((entry) => entry.slice(0, -1))]);
const TOP_FOLDERS = ENTRIES.filter((entry) => entry.endsWith("/") && !entry.slice(0, -1).includes("/")).map((entry) => entry.slice(0, -1));
const SOURCE = /\.(?:tsx?|mjs|js)$/;

/** A text to check: where it comes from and the offset of each of its parts in that file. */
interface Passage {
  file: string;
  text: string;
  offset: number;
}

/** Characters after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set([..."(,=:[!&|?{};+-*%~^"]);
const KEYWORDS_BEFORE_REGEX = new Set("return typeof case do else in of new delete void throw yield await".split(" "));

/**
 * The comments of a TypeScript or JavaScript file. A small lexer: it skips strings, template
 * literals (with their `${…}`), regular expressions and, in JSX text, apostrophes and `://`,
 * so that nothing but a comment is read as one.
 */
function sourceComments(file: string, text: string): Passage[] {
  const passages: Passage[] = [];
  const length = text.length;
  const interpolations: number[] = []; // the brace depth at each open `${`
  let depth = 0;
  let previous = ""; // the last significant character, or the last word
  /** The end of a quoted string from `start`, or -1 when the line ends first (an apostrophe in JSX text). */
  const stringEnd = (start: number) => {
    let at = start + 1;
    while (at < length && text[at] !== text[start] && text[at] !== "\n") at += text[at] === "\\" ? 2 : 1;
    return at < length && text[at] === text[start] ? at + 1 : -1;
  };
  /** From inside a template literal: where it ends, or where an interpolation opens. */
  const templatePart = (start: number): number => {
    let at = start;
    while (at < length) {
      if (text[at] === "\\") at += 2;
      else if (text[at] === "`") return at + 1;
      else if (text[at] === "$" && text[at + 1] === "{") {
        interpolations.push(depth++);
        return at + 2;
      } else at++;
    }
    return length;
  };
  /** The end of a regular expression literal from `start`, or -1 when the line ends first. */
  const regexEnd = (start: number) => {
    let at = start + 1;
    let inClass = false;
    while (at < length && text[at] !== "\n") {
      const char = text[at]!;
      if (char === "\\") at++;
      else if (inClass) inClass = char !== "]";
      else if (char === "[") inClass = true;
      else if (char === "/") {
        at++;
        while (at < length && /[a-z]/.test(text[at]!)) at++;
        return at;
      }
      at++;
    }
    return -1;
  };
  let at = 0;
  while (at < length) {
    const char = text[at]!;
    const next = text[at + 1];
    if (char === "/" && (next === "*" || (next === "/" && text[at - 1] !== ":"))) {
      const close = next === "*" ? text.indexOf("*/", at + 2) : text.indexOf("\n", at);
      const end = close < 0 ? length : next === "*" ? close + 2 : close;
      passages.push({ file, text: text.slice(at, end), offset: at });
      at = end;
    } else if (char === "'" || char === '"') {
      const end = stringEnd(at);
      at = end < 0 ? at + 1 : end;
      if (end >= 0) previous = "a";
    } else if (char === "`" || (char === "}" && interpolations.at(-1) === depth - 1)) {
      if (char === "}") {
        interpolations.pop();
        depth--;
      }
      at = templatePart(at + 1);
      previous = "a";
    } else if (char === "/" && (previous === "" || BEFORE_REGEX.has(previous) || KEYWORDS_BEFORE_REGEX.has(previous)) && regexEnd(at) > 0) {
      at = regexEnd(at);
      previous = "a";
    } else if (/[A-Za-z_$]/.test(char)) {
      const word = /^[\w$]+/.exec(text.slice(at, at + 100))![0];
      previous = word;
      at += word.length;
    } else {
      if (char === "{") depth++;
      else if (char === "}") depth--;
      if (!/\s/.test(char)) previous = char;
      at++;
    }
  }
  return passages;
}

/** The `#` comments of a TOML file (a `#` inside a quoted string is not one). */
function tomlComments(file: string, text: string): Passage[] {
  const passages: Passage[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    let quote = "";
    for (let index = 0; index < line.length; index++) {
      const char = line[index];
      if (quote) {
        if (char === quote) quote = "";
      } else if (char === '"' || char === "'") quote = char;
      else if (char === "#") {
        passages.push({ file, text: line.slice(index), offset: offset + index });
        break;
      }
    }
    offset += line.length + 1;
  }
  return passages;
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const DOCS = FILES.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md")));
/** Every source file: under app/, scripts/, drizzle/ and tests/, server.ts and the configuration files at the top. */
const SOURCES = FILES.filter((file) => SOURCE.test(file));

/** Each source file's comments and its code with the comments blanked out, read once. */
const PARSED = new Map(
  SOURCES.map((file) => {
    const text = read(file);
    const comments = sourceComments(file, text);
    let code = "";
    let at = 0;
    for (const comment of comments) {
      code += text.slice(at, comment.offset) + " ".repeat(comment.text.length);
      at = comment.offset + comment.text.length;
    }
    return [file, { comments, code: code + text.slice(at) }];
  }),
);
const COMMENTS = [
  ...[...PARSED.values()].flatMap(({ comments }) => comments),
  ...FILES.filter((file) => file.endsWith(".toml") && !file.includes("/")).flatMap((file) => tomlComments(file, read(file))),
  // The stylesheets' comments (app/tailwind.css) cite the pages they style.
  ...FILES.filter((file) => file.startsWith("app/") && file.endsWith(".css")).flatMap((file) =>
    [...read(file).matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ file, text: match[0], offset: match.index })),
  ),
];

/** `file:line` of an offset in a file. */
const lineStarts = new Map<string, number[]>();
function where(file: string, offset: number): string {
  if (!lineStarts.has(file)) {
    const starts = [0];
    for (const match of read(file).matchAll(/\n/g)) starts.push(match.index + 1);
    lineStarts.set(file, starts);
  }
  const starts = lineStarts.get(file) ?? [0];
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= offset) line++;
  return `${file}:${line + 1}`;
}

/** A path with `{a,b}` groups as the paths it stands for, each of which must exist. */
function expandBraces(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  return group[1]!
    .split(",")
    .flatMap((option) => expandBraces(path.slice(0, group.index) + option + path.slice(group.index + group[0].length)));
}

/** A glob (`*`, `**`, `<placeholder>`) as a regular expression over repository paths. */
function globPattern(glob: string): RegExp {
  const body = escape(glob)
    .replace(/\\\*\\\*/g, ".*")
    .replace(/\\\*/g, "[^/]*")
    .replace(/<[^>]*>/g, "[^/]+");
  return new RegExp(`^${body}/?$`);
}
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", ".md", ".sql", ".json"];

/** Whether a path rooted at the repository's top (`app/…`, `docs/decisions/014`) names something there. */
function rootedExists(path: string): boolean {
  const plain = path.replace(/\/$/, "");
  if (GENERATED.some((folder) => plain === folder || plain.startsWith(`${folder}/`))) return true;
  if (path.includes("{")) return expandBraces(path).every(rootedExists);
  if (/[*<]/.test(path)) {
    const pattern = globPattern(path);
    return ENTRIES.some((entry) => pattern.test(entry));
  }
  if (EXTENSIONS.some((extension) => EXISTING.has(plain + extension))) return true;
  const decision = /^docs\/decisions\/(\d{3})$/.exec(plain);
  return decision !== null && FILES.some((file) => file.startsWith(`docs/decisions/${decision[1]}-`));
}

/** Whether a file name or a relative path with a source extension ends some repository file's path (or is installed). */
function fileExists(name: string): boolean {
  if (name.startsWith("node_modules/")) return existsSync(join(ROOT, name));
  return FILES.some((file) => file === name || file.endsWith(`/${name}`));
}

/** The entries of NOT_FILES met while checking, so that none stays listed once nothing cites it. */
const NOT_FILES_MET = new Set<string>();

/** The broken path citations of a passage. */
function brokenPaths({ file, text, offset }: Passage): string[] {
  const broken: string[] = [];
  const segment = String.raw`(?:[\w.~*+-]|<[\w -]+>|\{[\w.,-]+\})+`;
  const rooted = new RegExp(String.raw`(?<![\w./~@$<-])(?:${TOP_FOLDERS.map(escape).join("|")})/(?:${segment}/?)*`, "g");
  for (const match of text.matchAll(rooted)) {
    const path = match[0].replace(/[.,:;]+$/, "");
    if (!rootedExists(path)) broken.push(`${where(file, offset + match.index)}: ${path} does not exist`);
  }
  const named = /(?<![\w./~@$<>+-])(?:[\w+-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:tsx?|mjs|js|md|sql|toml|json|css)(?![\w/(-])/g;
  for (const match of text.matchAll(named)) {
    const name = match[0];
    if (TOP_FOLDERS.some((top) => name.startsWith(`${top}/`))) continue; // checked above
    if (NOT_FILES.has(name)) NOT_FILES_MET.add(name);
    else if (!fileExists(name)) broken.push(`${where(file, offset + match.index)}: no file ${name} in the repository`);
  }
  return broken;
}

/** A Markdown file's headings: `## 4. Title` and `### 4.2 Title` are numbered, `### Title` belongs to the section above. */
interface Heading {
  number: string | undefined;
  title: string;
  level: number;
  line: number;
}
const HEADINGS = new Map<string, Heading[]>();
function headings(file: string): Heading[] {
  if (!HEADINGS.has(file)) {
    const found: Heading[] = [];
    read(file)
      .split("\n")
      .forEach((text, line) => {
        const heading = /^(#{2,4}) (?:(\d+(?:\.\d+)?)\.? )?(.*)$/.exec(text);
        if (heading) found.push({ level: heading[1]!.length, number: heading[2], title: heading[3]!, line });
      });
    HEADINGS.set(file, found);
  }
  return HEADINGS.get(file) ?? [];
}

/**
 * Whether `file` has the section numbered `number` and, when `title` is given, a heading or a
 * table row's first cell in that section (in the whole file without a number) starting with it.
 */
function sectionExists(file: string, number: string | undefined, title: string | undefined): boolean {
  const all = headings(file);
  const lines = read(file).split("\n");
  let from = 0;
  let to = lines.length;
  if (number !== undefined) {
    const index = all.findIndex((heading) => heading.number === number);
    if (index < 0) return false;
    const start = all[index]!;
    from = start.line;
    to = all.slice(index + 1).find((heading) => heading.level <= start.level)?.line ?? lines.length;
  }
  if (title === undefined) return true;
  const wanted = title.toLowerCase();
  return lines.slice(from, to).some((line) => {
    const text = (/^#{2,4} (?:\d+(?:\.\d+)?\.? )?(.*)$/.exec(line)?.[1] ?? /^\| ([^|]*)\|/.exec(line)?.[1] ?? "").trim();
    return text.toLowerCase().startsWith(wanted);
  });
}

/** The broken section citations of a passage: `docs/product.md §10 "Team"`, `docs/architecture.md §4.15`. */
function brokenSections({ file, text, offset }: Passage): string[] {
  const broken: string[] = [];
  const cited = /(docs\/(?:product|architecture)\.md)(?:,? §(\d+(?:\.\d+)?))?(?:,? "([^"\n]+)")?/g;
  for (const match of text.matchAll(cited)) {
    const [citation, doc, number, title] = match;
    if (number === undefined && title === undefined) continue;
    if (!sectionExists(doc!, number, title)) broken.push(`${where(file, offset + match.index)}: no section ${citation}`);
  }
  // A bare §n in product.md is one of its own sections (architecture.md also cites product.md's that way).
  if (file === "docs/product.md") {
    for (const match of text.matchAll(/(?<!\.md,? )§(\d+(?:\.\d+)?)/g)) {
      if (!sectionExists(file, match[1], undefined))
        broken.push(`${where(file, offset + match.index)}: no section §${match[1]} in ${file}`);
    }
  }
  return broken;
}

/** A code name's shape: camelCase or PascalCase with an inner capital, or UPPER_SNAKE_CASE. */
const CODE_NAME = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/** The code names cited in backticks in a Markdown file (fenced blocks left out), with their offsets. */
function citedNames(text: string): { name: string; offset: number }[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, " "));
  const names: { name: string; offset: number }[] = [];
  for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
    // A name not reached through a dot (a member), and not part of a hyphenated word (a header).
    for (const token of span[1]!.matchAll(/(?<![\w$.-])[A-Za-z][\w$]*(?![\w$-])/g)) {
      if (CODE_NAME.test(token[0])) names.push({ name: token[0], offset: span.index + 1 + token.index });
    }
  }
  return names;
}

/** Names a text of code declares, exports, imports or reads from the environment (comments removed before). */
function declaredNames(code: string, names: Set<string>): void {
  const identifiers = (list: string) => {
    for (const name of list.match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(name);
  };
  const patterns = [
    /\b(?:function\*?|class|interface|type|enum|namespace|const|let|var)\s+([A-Za-z_$][\w$]*)/g,
    /(?:^|[{,;(])\s*(?:readonly\s+)?["']?([A-Za-z_$][\w$]*)["']?\??\s*:/gm,
    /^\s*(?:(?:async|static|get|set|public|private|protected|readonly|export|declare)\s+)*([A-Za-z_$][\w$]*)\s*[(<]/gm,
    /\benv\.([A-Za-z_$][\w$]*)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) names.add(match[1]!);
  for (const match of code.matchAll(/\b(?:const|let|var)\s*[{[]([^=]*?)[}\]]\s*=/g)) identifiers(match[1]!);
  for (const match of code.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) identifiers(match[1]!);
  for (const match of code.matchAll(/\bimport\s+(?:type\s+)?([^;]*?)\s+from\s+["']/g)) identifiers(match[1]!);
}

/** Every name the repository's code declares. */
const DECLARED = new Set<string>();
for (const { code } of PARSED.values()) declaredNames(code, DECLARED);

/** Declaration files under a package path of node_modules (a file, or every `.d.ts` under a folder). */
function typings(path: string): string[] {
  const full = join(ROOT, "node_modules", path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".d.ts"))
    .map((name) => join(full, name));
}

const PASSAGES: Passage[] = [...DOCS.map((file) => ({ file, text: read(file), offset: 0 })), ...COMMENTS];
const CITED_NAMES = DOCS.flatMap((file) => citedNames(read(file)).map((citation) => ({ file, ...citation })));

describe("citations in README.md, docs/ and the code's comments", () => {
  test("every repository path cited exists", () => {
    expect(PASSAGES.flatMap(brokenPaths)).toEqual([]);
    expect(
      [...NOT_FILES.keys()].filter((name) => !NOT_FILES_MET.has(name)),
      "NOT_FILES entries nothing cites",
    ).toEqual([]);
  });

  test("every section of docs/product.md and docs/architecture.md cited by number or title exists", () => {
    expect(PASSAGES.flatMap(brokenSections)).toEqual([]);
  });

  test("every code name cited in backticks in README.md and docs/ is declared in the code, a package's typings or NOT_CODE", () => {
    let missing = CITED_NAMES.filter(({ name }) => !DECLARED.has(name) && !NOT_CODE.has(name));
    if (missing.length > 0) {
      const platform = new Set<string>();
      for (const path of TYPED_PACKAGES) for (const file of typings(path)) declaredNames(readFileSync(file, "utf8"), platform);
      missing = missing.filter(({ name }) => !platform.has(name));
    }
    expect(missing.map(({ file, name, offset }) => `${where(file, offset)}: \`${name}\` is declared nowhere`)).toEqual([]);
    const cited = new Set(CITED_NAMES.map(({ name }) => name));
    const stale = [...NOT_CODE.keys()].filter((name) => !cited.has(name) || DECLARED.has(name));
    expect(stale, "NOT_CODE entries the docs no longer cite, or the code declares").toEqual([]);
  });
});
