// Tests of scripts/security-trace.mjs (`node --test`, run by `npm run test:trace`): a small repository in a temporary
// folder, with a document and a test file, and the problems the check must name.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { checkTrace, DOCUMENT, testTitles } from './security-trace.mjs';

const TEST_FILE = 'services/identity/test/auth.api.test.ts';

const SOURCE = `
import { login } from './helpers';

describe('POST /auth/login', () => {
  test('wrong password → 401 (S19)', async () => {
    expect(await login('wrong')).toBe(401);
  });
  it.each([['a'], ['b']])('%s → 400', () => undefined);
  describe.skip('later', () => {
    test('not yet', () => undefined);
  });
  test.todo('one day');
  describe(\`built \${'title'}\`, () => {
    test('hidden', () => undefined);
  });
  test(\`a template without substitutions\`, () => undefined);
});
test('at the top', () => undefined);
`;

const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A repository with the test file above and `document` as docs/security.md; more files from `files`. */
function repository(document, files = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'security-trace-'));
  roots.push(root);
  for (const [file, text] of Object.entries({ [TEST_FILE]: SOURCE, [DOCUMENT]: document, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** A document with one requirement, S19, whose first proof is on line 6. */
const requirement = (...proofs) =>
  [
    '# Security',
    '### S19 No account enumeration',
    '',
    'Sign-in never tells whether an account exists.',
    '',
    ...proofs,
  ].join('\n');
const proof = (title, file = TEST_FILE) => `- \`${file}\` › ${title}`;

describe('testTitles', () => {
  test('reads the full titles of tests and describe blocks, and which are skipped', () => {
    assert.deepEqual(
      Object.fromEntries(testTitles(SOURCE, TEST_FILE)),
      Object.fromEntries([
        ['POST /auth/login', false],
        ['POST /auth/login › wrong password → 401 (S19)', false],
        ['POST /auth/login › %s → 400', false],
        ['POST /auth/login › later', true],
        ['POST /auth/login › later › not yet', true],
        ['POST /auth/login › one day', true],
        ['POST /auth/login › a template without substitutions', false],
        ['at the top', false],
      ]),
    );
  });

  test("reads Playwright's test.describe and leaves test.step alone", () => {
    const spec = `
      test.describe.serial('staff', () => {
        test('sign in', async () => { await test.step('password', async () => undefined); });
      });`;
    assert.deepEqual(
      [...testTitles(spec, 'apps/admin-web/e2e/x.spec.ts').keys()],
      ['staff', 'staff › sign in'],
    );
  });
});

describe('checkTrace', () => {
  test('a document whose tests all exist passes', () => {
    const root = repository(
      requirement(proof('POST /auth/login › wrong password → 401 (S19)'), proof('POST /auth/login')),
    );
    const { requirements, proofs, errors } = checkTrace(root);
    assert.deepEqual(errors, []);
    assert.equal(requirements.length, 1);
    assert.equal(proofs, 2);
  });

  test('an example in a code block is no requirement', () => {
    const example = ['```md', '### S20 The password-reset grant', proof('POST /auth/login'), '```'];
    const root = repository([...example, requirement(proof('POST /auth/login'))].join('\n'));
    const { requirements, errors } = checkTrace(root);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      requirements.map(({ id }) => id),
      ['S19'],
    );
  });

  test('a missing file is named with its line and requirement', () => {
    const missing = 'services/identity/test/gone.api.test.ts';
    const root = repository(requirement(proof('POST /auth/login', missing)));
    assert.deepEqual(checkTrace(root).errors, [`${DOCUMENT}:6: S19: ${missing} does not exist`]);
  });

  test('a test name the file does not have is named, with the full title when only the describe was left out', () => {
    const root = repository(
      requirement(proof('POST /auth/login › right password → 200'), proof('wrong password → 401 (S19)')),
    );
    assert.deepEqual(checkTrace(root).errors, [
      `${DOCUMENT}:6: S19: ${TEST_FILE} has no test or describe block "POST /auth/login › right password → 200"`,
      `${DOCUMENT}:7: S19: ${TEST_FILE} has no test or describe block "wrong password → 401 (S19)"` +
        ' (its full title: POST /auth/login › wrong password → 401 (S19))',
    ]);
  });

  test('a skipped test, a test inside a built title, and a file jest would not run are refused', () => {
    const root = repository(
      requirement(
        proof('POST /auth/login › later › not yet'),
        proof('POST /auth/login › one day'),
        proof('POST /auth/login › built title › hidden'),
        proof('POST /auth/login', 'services/identity/auth.api.test.ts'),
      ),
    );
    assert.deepEqual(checkTrace(root).errors, [
      `${DOCUMENT}:6: S19: "POST /auth/login › later › not yet" in ${TEST_FILE} is skipped`,
      `${DOCUMENT}:7: S19: "POST /auth/login › one day" in ${TEST_FILE} is skipped`,
      `${DOCUMENT}:8: S19: ${TEST_FILE} has no test or describe block "POST /auth/login › built title › hidden"`,
      `${DOCUMENT}:9: S19: services/identity/auth.api.test.ts is not where jest or Playwright look for tests`,
    ]);
  });

  test('a requirement without a test, a malformed proof and an id listed twice are refused', () => {
    const root = repository(
      [
        '### S19 No account enumeration',
        `- ${TEST_FILE} › POST /auth/login`,
        '### S20 The password-reset grant',
        '### S19 Again',
        proof('POST /auth/login'),
      ].join('\n'),
    );
    assert.deepEqual(checkTrace(root).errors, [
      `${DOCUMENT}:2: S19: not a proof (\`file\` › title): - ${TEST_FILE} › POST /auth/login`,
      `${DOCUMENT}:4: S19 is listed twice`,
      `${DOCUMENT}:1: S19 names no test`,
      `${DOCUMENT}:3: S20 names no test`,
    ]);
  });

  test('another heading ends a requirement: a free list may follow it, a test listed there is refused', () => {
    const root = repository(
      [
        requirement(proof('POST /auth/login')),
        '## Gaps',
        '- S19: a free remark, not a test.',
        proof('POST /auth/login'),
      ].join('\n'),
    );
    assert.deepEqual(checkTrace(root).errors, [
      `${DOCUMENT}:9: a test outside any requirement: ${proof('POST /auth/login')}`,
    ]);
  });

  test('an S-number the code cites but the document does not list is named with the file citing it', () => {
    const root = repository(requirement(proof('POST /auth/login')), {
      'services/identity/src/limits.ts':
        '/** SECURITY S12: per IP. S19 too. */\nexport const S3_BUCKET = 1;\n',
    });
    assert.deepEqual(checkTrace(root).errors, [
      'services/identity/src/limits.ts cites S12, which docs/security.md does not list',
    ]);
  });

  test('without the document, that is the one problem', () => {
    const root = repository('');
    rmSync(path.join(root, DOCUMENT));
    assert.deepEqual(checkTrace(root).errors, [`${DOCUMENT} is missing`]);
  });
});
