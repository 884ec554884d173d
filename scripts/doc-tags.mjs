// Checks that every document tag in the code leads somewhere inside the repository (`npm run test:trace`).
//
// A tag is how a comment, a test title or a document cites the project's own documents under docs/:
// - `SPEC §4`, `SPEC §4.2`, `SPEC §7/§8` and `SPEC §4 "Offer card display"`: a heading `## §4 …`, `### §4.2 …` of
//   docs/spec.md; a quoted name must be the name of a heading of that section (`### §4.6 Offer card display`);
// - `S12`, `S30a`: a requirement heading `### S12 …` of docs/security.md;
// - `ARCHITECTURE "Runtime"`, `CONVENTIONS "Errors"`, `SECURITY "Failure matrix"` (or `§3` instead of a name): a
//   heading of docs/architecture.md, docs/conventions.md or docs/security.md, named or numbered so;
// - `docs/<name>.md`, or with a heading's name in quotes after it: the file, and the heading when one is named;
// - `decision 005`, `decisions 004 and 006`, `docs/decisions/005`: a file docs/decisions/005-….md;
// - `issue 12`, `issue 13 pt 2`, `issues 12 and 13`, `issues 12, 13`: a heading `## Issue 12: …` of docs/issues.md;
//   `issue "Fast path"`, `the issue "Abuse-proof"`: a heading of docs/issues.md whose title starts with the quoted
//   words. Only these forms are tags: the word alone ("the issue is") or an address (`/issues/123`) is not.
// A bare SPEC, ARCHITECTURE, CONVENTIONS or SECURITY cites the whole document, which must exist. A citation of a
// document outside the repository (the shared folder next to it, or the old upper-case file names) always fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where tags are looked for (paths from the repository root). */
export const SCANNED = ['services', 'packages', 'apps', 'scripts', 'tools', 'examples', 'docs', 'README.md'];
const SCANNED_FILE = /\.(?:[cm]?[jt]sx?|md|sh|ya?ml|sql)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', '.turbo', 'test-results']);

/** The document each upper-case name cites. */
const DOCUMENTS = {
  SPEC: 'docs/spec.md',
  ARCHITECTURE: 'docs/architecture.md',
  CONVENTIONS: 'docs/conventions.md',
  SECURITY: 'docs/security.md',
};

/** Between a tag and the heading name it quotes: spaces, or a line break inside a block comment or line comments. */
const GAP = String.raw`(?:[ \t]*\r?\n[ \t]*(?:\*|\/\/)?)?[ \t]*`;
const QUOTED = String.raw`(?:${GAP}["“]([^"”\n]{1,80})["”])?`;
const SECTIONS = String.raw`§\d+(?:\.\d+)*(?:\s*\/\s*§\d+(?:\.\d+)*)*`;

const NAMED = new RegExp(
  String.raw`\b(SPEC|ARCHITECTURE|CONVENTIONS|SECURITY)\b(?![.\w])(?:[ \t]+(${SECTIONS}))?${QUOTED}`,
  'g',
);
// `S256` is PKCE's code challenge method (RFC 7636), not a requirement
const REQUIREMENT = /\b(S(?!256\b)\d+[a-z]?)\b/g;
const DOCS_FILE = new RegExp(
  String.raw`\bdocs\/([\w./-]+\.md)\x60?(?:[ \t]+(§\d+(?:\.\d+)*))?${QUOTED}`,
  'g',
);
const DECISION =
  /\bdecisions?[ \t]+(\d{3}\b(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]+or[ \t]+|[ \t]*[–-][ \t]*)\d{3}\b)*)/gi;
/** The history of the project's work items, one heading `## Issue 12: <title>` each. */
const ISSUES = 'docs/issues.md';
/** A space, or a line break inside a block comment or line comments, between a word and what it cites. */
const BREAK = String.raw`(?:[ \t]*\r?\n[ \t]*(?:\*|\/\/)?[ \t]*|[ \t]+)`;
const ISSUE_NUMBER = String.raw`[1-9]\d*\b`;
/** `issue 12` (a point after it, `pt 2`, is not checked), `issues 12 and 13`, `issues 12, 13 or 14`. */
const ISSUE_LIST = String.raw`${ISSUE_NUMBER}(?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]+or[ \t]+)${ISSUE_NUMBER})*`;
const ISSUE = new RegExp(
  String.raw`(?<![\w/-])(?:issue${BREAK}(${ISSUE_NUMBER})|issues${BREAK}(${ISSUE_LIST}))`,
  'gi',
);
/** `issue "Fast path"`: the start of an issue's title, in quotes that may hold a line break of a comment. */
const ISSUE_TITLE = new RegExp(
  String.raw`(?<![\w/-])issue${BREAK}["“]([^"”\n]{1,80}(?:\r?\n[ \t]*(?:\*|\/\/)?[ \t]*[^"”\n]{1,80})?)["”]`,
  'gi',
);
/** A decision cited by its folder and number alone (`docs/decisions/009`); a file name is a `DOCS_FILE`. */
const DECISION_PATH = /\bdocs\/decisions\/(\d{3})\b(?![\w-])/g;
/** Documents a fresh clone does not have. */
const OUTSIDE = /\.\.\/shared\/|(?<![\w/])shared\/data\/|\b(?:SPEC|ARCHITECTURE|CONVENTIONS|SECURITY)\.md\b/g;

/** The headings of a markdown text: `{ number, name, id, issue }` each (`§4.6`, `Offer card display`; `S12`; `12`
 * of `Issue 12: …`). */
export function headingsOf(text) {
  const headings = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const title = heading[1].replaceAll('`', '');
    const numbered = /^§(\d+(?:\.\d+)*)\s+(.*)$/.exec(title);
    const requirement = /^([A-Z]+\d+[a-z]?)\s+(.*)$/.exec(title);
    const issue = /^Issue\s+(\d+):\s*(.*)$/i.exec(title);
    headings.push({
      number: numbered?.[1] ?? null,
      id: requirement?.[1] ?? null,
      issue: issue?.[1] ?? null,
      name: normalised(numbered?.[2] ?? requirement?.[2] ?? issue?.[2] ?? title),
      title: normalised(title),
    });
  }
  return headings;
}

const normalised = (text) => text.replaceAll('`', '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether a title starts with the words of `start`: `fast path` starts `fast path: the gateway`, `fast pa` not. */
const startsWithWords = (title, start) =>
  title.startsWith(start) && !/[\p{L}\p{N}]/u.test(title.charAt(start.length));

function* filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* filesUnder(root, child);
    } else if (SCANNED_FILE.test(entry.name)) yield child;
  }
}

/** The files of the repository at `root` that may hold tags. */
export function scannedFiles(root) {
  return SCANNED.flatMap((start) =>
    start.includes('.') ? (existsSync(path.join(root, start)) ? [start] : []) : [...filesUnder(root, start)],
  );
}

/** Reads documents once and answers whether a tag leads to one of their headings. */
function documentsOf(root) {
  const cache = new Map();
  const headings = (file) => {
    if (!cache.has(file)) {
      const full = path.join(root, file);
      cache.set(file, existsSync(full) ? headingsOf(readFileSync(full, 'utf8')) : null);
    }
    return cache.get(file);
  };
  const decisions = existsSync(path.join(root, 'docs/decisions'))
    ? readdirSync(path.join(root, 'docs/decisions'))
    : [];
  return {
    /** Null when the tag resolves, else why not. */
    resolve(file, { number, name, id, issue, titled }) {
      const known = headings(file);
      if (!known) return `${file} does not exist`;
      if (issue)
        return known.some((heading) => heading.issue === issue)
          ? null
          : `${file} has no heading "Issue ${issue}: …"`;
      if (titled)
        return known.some((heading) => heading.issue && startsWithWords(heading.name, titled))
          ? null
          : `${file} has no issue whose title starts "${titled}"`;
      if (id) return known.some((heading) => heading.id === id) ? null : `${file} has no heading "${id} …"`;
      if (name && number) {
        const inSection = known.some(
          (heading) =>
            heading.name === name && (heading.number === number || heading.number?.startsWith(`${number}.`)),
        );
        return inSection ? null : `§${number} of ${file} has no heading "${name}"`;
      }
      if (number)
        return known.some((heading) => heading.number === number)
          ? null
          : `${file} has no heading "§${number} …"`;
      if (name)
        return known.some((heading) => heading.name === name || heading.title === name)
          ? null
          : `${file} has no heading "${name}"`;
      return null;
    },
    decision: (number) => decisions.some((entry) => entry.startsWith(`${number}-`) && entry.endsWith('.md')),
  };
}

/** A tag as one line, without backticks: a line break and the comment's leader become one space. */
const oneLine = (tag) =>
  tag
    .replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('`', '');

/** The line of a position in a text, from 1. */
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** Every tag of one file's text that does not resolve, with its place and `file:line: tag: why`. */
function checkText(file, text, documents) {
  const problems = [];
  const report = (index, tag, why) =>
    problems.push({ file, index, message: `${file}:${lineAt(text, index)}: ${oneLine(tag)}: ${why}` });
  for (const match of text.matchAll(OUTSIDE))
    report(match.index, match[0], 'cites a document outside the repository; cite the one under docs/');
  for (const match of text.matchAll(NAMED)) {
    const [tag, document, sections, quoted] = match;
    const target = DOCUMENTS[document];
    const numbers = sections ? [...sections.matchAll(/§(\d+(?:\.\d+)*)/g)].map((section) => section[1]) : [];
    if (!numbers.length) numbers.push(null);
    numbers.forEach((number, position) => {
      const name = position === numbers.length - 1 && quoted ? normalised(quoted) : null;
      const why = documents.resolve(target, { number, name });
      if (why) report(match.index, tag, why);
    });
  }
  for (const match of text.matchAll(REQUIREMENT)) {
    const why = documents.resolve(DOCUMENTS.SECURITY, { id: match[1] });
    if (why) report(match.index, match[1], why);
  }
  for (const match of text.matchAll(DOCS_FILE)) {
    const [tag, name, number, quoted] = match;
    const why = documents.resolve(`docs/${name}`, {
      number: number?.slice(1) ?? null,
      name: quoted ? normalised(quoted) : null,
    });
    if (why) report(match.index, tag, why);
  }
  for (const match of [...text.matchAll(DECISION), ...text.matchAll(DECISION_PATH)]) {
    for (const [number] of match[1].matchAll(/\d{3}/g)) {
      if (!documents.decision(number)) report(match.index, match[0], `no docs/decisions/${number}-….md`);
    }
  }
  for (const match of text.matchAll(ISSUE)) {
    for (const [issue] of (match[1] ?? match[2]).matchAll(/\d+/g)) {
      const why = documents.resolve(ISSUES, { issue });
      if (why) report(match.index, match[0], why);
    }
  }
  for (const match of text.matchAll(ISSUE_TITLE)) {
    const why = documents.resolve(ISSUES, { titled: normalised(oneLine(match[1])) });
    if (why) report(match.index, match[0], why);
  }
  return problems;
}

/** Checks the repository at `root`: the number of files read and every tag that leads nowhere. */
export function checkTags(root) {
  const documents = documentsOf(root);
  const files = scannedFiles(root);
  const problems = files.flatMap((file) =>
    checkText(file, readFileSync(path.join(root, file), 'utf8'), documents),
  );
  // in reading order: by file, then by place in the file
  problems.sort((a, b) => (a.file === b.file ? a.index - b.index : a.file < b.file ? -1 : 1));
  return { files: files.length, errors: problems.map(({ message }) => message) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { files, errors } = checkTags(root);
  if (errors.length) {
    for (const error of errors) console.error(error);
    console.error(`doc tags: ${errors.length} tag(s) lead nowhere in docs/`);
    process.exit(1);
  }
  console.log(`doc tags: ${files} files read, every tag leads to docs/`);
}
