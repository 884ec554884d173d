// Checks docs/security.md, the security requirements traced to their tests (`npm run test:trace`, the first step of
// `npm test`): every test it names must exist, and every requirement the code cites must be in it.
//
// The format is the document's own ("How to add a line"): a requirement is a heading `### <id> <short title>`; under
// it, every list item is a proof, a test file in backticks, ` › ` and the test's full title as jest prints it; any
// other heading ends the requirement. Titles are read statically with the TypeScript parser; fenced code blocks are
// free text.
//
// Every `S<number>` cited in the code, the tests, the scripts and the decisions must be a requirement of the document.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const DOCUMENT = 'docs/security.md';

/** Where tests live, as jest (jest.config.base.js, jest.config.web.js) and Playwright (playwright.config.ts) find them. */
const TEST_FILE =
  /^(?:(?:services|packages)\/[^/]+\/(?:src|test)\/.+\.test\.ts|apps\/[^/]+\/src\/.+\.test\.tsx?|apps\/[^/]+\/e2e\/.+\.spec\.ts)$/;

/** Where the code cites requirements (paths from the repository root). */
const CITING = ['services', 'packages', 'apps', 'scripts', 'tools', 'docs/decisions', 'README.md'];
const CITING_FILE = /\.(?:[cm]?[jt]sx?|md)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', '.turbo']);

const REQUIREMENT = /^### ([A-Z]+\d+[a-z]?)\s+\S/;
const HEADING = /^#{1,6}\s/;
const ITEM = /^- /;
const PROOF = /^- `([^`]+)` › (.+)$/;
const SEPARATOR = ' › ';

const DESCRIBE_ROOTS = new Set(['describe', 'fdescribe', 'xdescribe']);
const TEST_ROOTS = new Set(['it', 'fit', 'xit', 'test', 'xtest']);
/** Modifiers of describe/it/test (jest's and Playwright's) that still declare a block or a test. */
const MODIFIERS = new Set([
  'only',
  'skip',
  'todo',
  'each',
  'concurrent',
  'failing',
  'serial',
  'parallel',
  'fixme',
  'describe',
]);
const SKIPPING = new Set(['skip', 'todo', 'fixme']);

/** A title written as a literal, or null when it is built. */
function literalText(node) {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

/**
 * What a call declares: `describe(…)`, `it.skip(…)`, `test.each(table)(…)`, `test.describe.serial(…)` and the like.
 * Null for any other call (`test.step`, `test.describe.configure`, `expect`, …).
 */
function declarationOf(call) {
  let callee = call.expression;
  let each = false;
  if (ts.isCallExpression(callee)) {
    callee = callee.expression;
    each = true;
  } else if (ts.isTaggedTemplateExpression(callee)) {
    callee = callee.tag;
    each = true;
  }
  const modifiers = [];
  while (ts.isPropertyAccessExpression(callee)) {
    modifiers.unshift(callee.name.text);
    callee = callee.expression;
  }
  if (!ts.isIdentifier(callee)) return null;
  const root = callee.text;
  if (!DESCRIBE_ROOTS.has(root) && !TEST_ROOTS.has(root)) return null;
  if (modifiers.some((name) => !MODIFIERS.has(name))) return null;
  if (each !== (modifiers.at(-1) === 'each')) return null;
  return {
    kind: DESCRIBE_ROOTS.has(root) || modifiers.includes('describe') ? 'describe' : 'test',
    skipped: root.startsWith('x') || modifiers.some((name) => SKIPPING.has(name)),
  };
}

/**
 * The full titles of the describe blocks and tests of one test file, read statically: `title` → skipped or not
 * (a title declared twice counts as skipped only when every declaration is).
 */
export function testTitles(source, fileName) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const titles = new Map();
  const visit = (node, enclosing, skipped) => {
    const declaration = ts.isCallExpression(node) ? declarationOf(node) : null;
    if (!declaration) return void ts.forEachChild(node, (child) => visit(child, enclosing, skipped));
    const [first, ...rest] = node.arguments;
    const title = literalText(first);
    // a built title: this block or test cannot be named, nor anything in it
    if (title === null) return;
    const full = [...enclosing, title];
    const isSkipped = skipped || declaration.skipped;
    const name = full.join(SEPARATOR);
    titles.set(name, (titles.get(name) ?? true) && isSkipped);
    for (const argument of rest)
      visit(argument, declaration.kind === 'describe' ? full : enclosing, isSkipped);
  };
  visit(file, [], false);
  return titles;
}

/** The requirements of the document and the proofs under each; `errors` holds lines that break the format. */
export function parseDocument(text) {
  const requirements = [];
  const errors = [];
  let current = null;
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    const at = `${DOCUMENT}:${index + 1}`;
    // a code block (the format's example) holds no requirement
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || line.startsWith('```')) return void (current = null);
    const requirement = REQUIREMENT.exec(line);
    if (requirement) {
      const id = requirement[1];
      if (requirements.some((known) => known.id === id)) errors.push(`${at}: ${id} is listed twice`);
      current = { id, line: index + 1, proofs: [] };
      requirements.push(current);
      return;
    }
    // any other heading ends a requirement: what follows is free text
    if (HEADING.test(line)) return void (current = null);
    if (!ITEM.test(line)) return;
    const proof = PROOF.exec(line);
    if (!current) {
      // a free list may follow a heading without an id, but a test listed there proves nothing
      if (proof) errors.push(`${at}: a test outside any requirement: ${line}`);
      return;
    }
    if (!proof) return void errors.push(`${at}: ${current.id}: not a proof (\`file\` › title): ${line}`);
    current.proofs.push({ file: proof[1], title: proof[2].trim(), line: index + 1 });
  });
  for (const { id, line, proofs } of requirements) {
    if (!proofs.length) errors.push(`${DOCUMENT}:${line}: ${id} names no test`);
  }
  return { requirements, errors };
}

function* filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true });
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* filesUnder(root, child);
    } else if (CITING_FILE.test(entry.name)) yield child;
  }
}

/**
 * `S<number>` ids cited anywhere the code lives → the first file citing each; `S256` is PKCE's code challenge method
 * (RFC 7636), not a requirement.
 */
export function citedIds(root) {
  const cited = new Map();
  for (const start of CITING) {
    const files = start.includes('.')
      ? existsSync(path.join(root, start))
        ? [start]
        : []
      : filesUnder(root, start);
    for (const file of files) {
      for (const [id] of readFileSync(path.join(root, file), 'utf8').matchAll(/\bS(?!256\b)\d+\b/g)) {
        if (!cited.has(id)) cited.set(id, file);
      }
    }
  }
  return cited;
}

/** Checks the document of the repository at `root`; every problem is one line naming the entry. */
export function checkTrace(root) {
  const documentPath = path.join(root, DOCUMENT);
  if (!existsSync(documentPath)) return { requirements: [], proofs: 0, errors: [`${DOCUMENT} is missing`] };
  const { requirements, errors } = parseDocument(readFileSync(documentPath, 'utf8'));
  const parsed = new Map();
  let proofs = 0;
  for (const requirement of requirements) {
    for (const { file, title, line } of requirement.proofs) {
      proofs += 1;
      const at = `${DOCUMENT}:${line}: ${requirement.id}`;
      if (!TEST_FILE.test(file)) {
        errors.push(`${at}: ${file} is not where jest or Playwright look for tests`);
        continue;
      }
      if (!parsed.has(file)) {
        const full = path.join(root, file);
        parsed.set(file, existsSync(full) ? testTitles(readFileSync(full, 'utf8'), file) : null);
      }
      const titles = parsed.get(file);
      if (!titles) {
        errors.push(`${at}: ${file} does not exist`);
        continue;
      }
      const skipped = titles.get(title);
      if (skipped === undefined) {
        const last = title.split(SEPARATOR).at(-1);
        const near = [...titles.keys()].filter((known) => known.split(SEPARATOR).at(-1) === last);
        const hint = near.length ? ` (its full title: ${near.join(' | ')})` : '';
        errors.push(`${at}: ${file} has no test or describe block "${title}"${hint}`);
      } else if (skipped) errors.push(`${at}: "${title}" in ${file} is skipped`);
    }
  }
  const listed = new Set(requirements.map(({ id }) => id));
  for (const [id, file] of citedIds(root)) {
    if (!listed.has(id)) errors.push(`${file} cites ${id}, which ${DOCUMENT} does not list`);
  }
  return { requirements, proofs, errors };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { requirements, proofs, errors } = checkTrace(root);
  if (errors.length) {
    for (const error of errors) console.error(error);
    console.error(`${DOCUMENT}: ${errors.length} problem(s)`);
    process.exit(1);
  }
  console.log(`${DOCUMENT}: ${requirements.length} requirements, ${proofs} tests, all found`);
}
