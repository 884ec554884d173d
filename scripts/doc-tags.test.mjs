// Tests of scripts/doc-tags.mjs (`node --test`): a small repository in a temporary folder, with documents under docs/
// and source files citing them. Tags that must not resolve are put together from pieces, so that this file's own
// text cites nothing that the real check would refuse.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkTags, headingsOf } from './doc-tags.mjs';

/** A path under docs/ (documents other helpers write are named from pieces: this file must not need them). */
const docs = (name) => ['docs', name].join('/');

/** A tag from its pieces, joined by a space: `tag('SPEC', '§9')`. */
const tag = (...pieces) => pieces.join(' ');
const quote = (name) => `"${name}"`;

const DOCUMENTS = {
  'docs/spec.md': [
    '# Product rules',
    '## §4 States',
    '### §4.6 Offer card display',
    '```md',
    '## §9 Not a heading: inside a code block',
    '```',
  ].join('\n'),
  'docs/security.md': '# Security\n### S12 Sign-in limits per address\n### S30a Signed calls only\n',
  'docs/architecture.md': '# Architecture\n## §3 Trust boundaries\n',
  'docs/conventions.md': '# Conventions\n## Errors\n### Publishing\n',
  [docs('anatomy.md')]: '# Anatomy of a service\n## The context\n',
  'docs/decisions/005-sessions-and-catalogue-kept-in-the-gateway.md': '# 005\n',
  'docs/issues.md': [
    '# Issues',
    `## ${tag('Issue', '10')}: Fast path: the gateway near Node's ceiling`,
    `## ${tag('Issue', '12')}: Arabic and right-to-left`,
    `## ${tag('Issue', '13')}: Codes students can trust, and what brings them back`,
  ].join('\n'),
};

const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function repository(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'doc-tags-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...DOCUMENTS, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('headingsOf', () => {
  test('reads numbered, requirement and plain headings, and skips code blocks', () => {
    const headings = headingsOf(DOCUMENTS['docs/spec.md'] + '\n' + DOCUMENTS['docs/security.md']);
    assert.deepEqual(
      headings.map(({ number, id, name }) => [number, id, name]),
      [
        [null, null, 'product rules'],
        ['4', null, 'states'],
        ['4.6', null, 'offer card display'],
        [null, null, 'security'],
        [null, 'S12', 'sign-in limits per address'],
        [null, 'S30a', 'signed calls only'],
      ],
    );
  });

  test('reads the number and the title of an issue heading', () => {
    assert.deepEqual(
      headingsOf(DOCUMENTS['docs/issues.md']).map(({ issue, name }) => [issue, name]),
      [
        [null, 'issues'],
        ['10', "fast path: the gateway near node's ceiling"],
        ['12', 'arabic and right-to-left'],
        ['13', 'codes students can trust, and what brings them back'],
      ],
    );
  });
});

describe('checkTags', () => {
  test('tags that lead to a heading, a document or a decision pass', () => {
    const root = repository({
      'services/identity/src/limits.ts': [
        `/** ${tag('SPEC', '§4')} and ${tag('SPEC', '§4', quote('Offer card display'))}; SECURITY S12 and S30a. */`,
        `// ${tag('ARCHITECTURE', quote('Trust boundaries'))}, ${tag('ARCHITECTURE', '§3')}, the whole SPEC`,
        `/**`,
        ` * A list query (${tag('CONVENTIONS')}`,
        ` * ${quote('Publishing')}), ${tag(docs('anatomy.md'), quote('The context'))}, ${tag('decisions', '005')}`,
        ` * and ${docs('decisions/005')}.`,
        ` */`,
      ].join('\n'),
      'docs/decisions/005-sessions-and-catalogue-kept-in-the-gateway.md': `See ${tag('decision', '005')} and ${tag('SPEC', '§4')}.\n`,
    });
    const { files, errors } = checkTags(root);
    assert.deepEqual(errors, []);
    assert.equal(files, 8);
  });

  test('an issue cited by number, or by the first words of its title, leads to its heading', () => {
    const root = repository({
      'apps/student-web/src/i18n/index.ts': [
        `// ${tag('issue', '12')}, ${tag('Issue', '13', 'pt', '2')}, ${tag('issues', '12', 'and', '13')}, ${tag('issues', '12,', '13')}`,
        `/** ${tag('the issue', quote('Fast path'))}, ${tag('Issue', quote('Arabic and right-to-left'))} and ${tag('issue', '"Codes students')}`,
        ` * can trust"), split over two lines. */`,
        `test('keeps the language (${tag('issue', '12')})', () => {});`,
      ].join('\n'),
    });
    assert.deepEqual(checkTags(root).errors, []);
  });

  test('the word issue in prose, an address or a number 0 is not a tag', () => {
    const root = repository({
      'services/offers/src/notes.ts': [
        `// the ${tag('issue', 'is')} that two issues remain; an ${tag('issue', 'number')} alone cites nothing`,
        `// upstream: https://github.com/taskforcesh/bullmq/issues/2999, sub-${tag('issue', '9' + '9')}`,
        `// ${tag('issue', '0')}, { issue: ${quote('Fast path')} }, tissue ${quote('Fast path')}`,
      ].join('\n'),
    });
    assert.deepEqual(checkTags(root).errors, []);
  });

  test('an issue the history lacks fails: an unknown number, or a title no issue starts with', () => {
    const unknown = '9' + '9';
    const root = repository({
      'services/gateway/src/app.ts': [
        `// ${tag('issue', unknown)}, ${tag('issues', '12', 'and', unknown)}`,
        `/** ${tag('issue', quote('Fast pa'))}, ${tag('the issue', '"Sign-in under')}`,
        ` * attack") */`,
      ].join('\n'),
    });
    const at = 'services/gateway/src/app.ts';
    const why = (name) => `docs/issues.md has no issue whose title starts "${name}"`;
    assert.deepEqual(checkTags(root).errors, [
      `${at}:1: ${tag('issue', unknown)}: docs/issues.md has no heading "${tag('Issue', unknown)}: …"`,
      `${at}:1: ${tag('issues', '12', 'and', unknown)}: docs/issues.md has no heading "${tag('Issue', unknown)}: …"`,
      `${at}:2: ${tag('issue', quote('Fast pa'))}: ${why('fast pa')}`,
      `${at}:2: ${tag('issue', quote('Sign-in under attack'))}: ${why('sign-in under attack')}`,
    ]);
  });

  test('a tag without its heading fails, naming the file and line', () => {
    const root = repository({
      'apps/student-web/src/offer.ts': [
        'export const offer = 1;',
        `/** ${tag('SPEC', '§9')}: not a heading outside a code block. */`,
        `/** ${tag('SPEC', '§4', quote('Offer modal'))}, ${tag('SPEC', '§4.7')}. */`,
        `// ${tag('S' + '13')}, ${tag('CONVENTIONS', quote('Naming'))}`,
        `// ${tag('decision', '006')}, ${tag(docs('errors.md'))}, ${docs('decisions/006')}`,
        `// the card, \`${docs('spec.md')}\` §4.6; the modal, \`${docs('spec.md')}\` §4.7`,
      ].join('\n'),
    });
    const at = 'apps/student-web/src/offer.ts';
    assert.deepEqual(checkTags(root).errors, [
      `${at}:2: ${tag('SPEC', '§9')}: docs/spec.md has no heading "§9 …"`,
      `${at}:3: ${tag('SPEC', '§4', quote('Offer modal'))}: §4 of docs/spec.md has no heading "offer modal"`,
      `${at}:3: ${tag('SPEC', '§4.7')}: docs/spec.md has no heading "§4.7 …"`,
      `${at}:4: ${'S' + '13'}: docs/security.md has no heading "${'S' + '13'} …"`,
      `${at}:4: ${tag('CONVENTIONS', quote('Naming'))}: docs/conventions.md has no heading "naming"`,
      `${at}:5: ${tag('decision', '006')}: no docs/decisions/006-….md`,
      `${at}:5: ${docs('errors.md')}: ${docs('errors.md')} does not exist`,
      `${at}:5: ${docs('decisions/006')}: no docs/decisions/006-….md`,
      `${at}:6: ${docs('spec.md')} §4.7: docs/spec.md has no heading "§4.7 …"`,
    ]);
  });

  test('a citation of a document outside the repository fails', () => {
    const outside = '..' + '/shared/';
    const root = repository({
      'README.md': `# Tullab\n\nThe rules are in \`${outside}${'SPEC' + '.md'}\`.\n`,
      'services/gateway/src/app.ts': `// see ${'ARCHITECTURE' + '.md'}\n`,
    });
    const why = 'cites a document outside the repository; cite the one under docs/';
    assert.deepEqual(checkTags(root).errors, [
      `README.md:3: ${outside}: ${why}`,
      `README.md:3: ${'SPEC' + '.md'}: ${why}`,
      `services/gateway/src/app.ts:1: ${'ARCHITECTURE' + '.md'}: ${why}`,
    ]);
  });

  test('node_modules and dist are not read, and without the documents every tag fails', () => {
    const root = repository({
      'packages/http/dist/index.js': `// ${tag('SPEC', '§' + '99')}\n`,
      'packages/http/node_modules/x/index.js': `// ${tag('S' + '99')}\n`,
      'packages/http/src/index.ts': `// ${tag('SPEC', '§4')}\n`,
    });
    assert.deepEqual(checkTags(root).errors, []);
    rmSync(path.join(root, 'docs/spec.md'));
    assert.deepEqual(checkTags(root).errors, [
      `packages/http/src/index.ts:1: ${tag('SPEC', '§4')}: docs/spec.md does not exist`,
    ]);
  });
});
