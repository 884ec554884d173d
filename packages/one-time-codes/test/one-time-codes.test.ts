import { createHash, randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { initOrm, Migration } from '@tullab/db';
import { createLogger } from '@tullab/log';
import { schemaForTests } from '@tullab/testing';
import {
  checkCode,
  codesOfLastHour,
  issueCode,
  oneTimeCodeProperties,
  refuseCode,
  resendWait,
  type CodeRules,
} from '../src';

const TestCodeSchema = defineEntity({
  name: 'TestCode',
  tableName: 'test_code',
  properties: oneTimeCodeProperties(),
});

class CreateTestCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table test_code (id uuid primary key, user_id uuid not null, code_hash text not null,
      attempts integer not null, created_at timestamptz not null, expires_at timestamptz not null,
      used_at timestamptz null, revoked_at timestamptz null)`);
  }
}

const rules: CodeRules = {
  ttlSeconds: 600,
  resendCooldownSeconds: 60,
  codesPerHour: 5,
  wrongTriesPerCode: 5,
  failuresPerUserPerHour: 10,
  codesPerRecipientPerDay: 10,
};
const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const log = createLogger('one-time-codes-test', 'silent');
const orm = schemaForTests('codes', (url, schema) =>
  initOrm({
    url,
    schema,
    entities: [TestCodeSchema],
    migrations: [{ name: 'CreateTestCodes', class: CreateTestCodes }],
    log,
  }),
);

const issue = (userId: string) =>
  orm()
    .em.fork()
    .transactional((tx) => issueCode(tx, TestCodeSchema, userId, hash, rules));
const check = (userId: string, code: string) =>
  orm()
    .em.fork()
    .transactional((tx) => checkCode(tx, TestCodeSchema, { userId }, hash(code), rules));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time codes (S13–S16)', () => {
  test('only a hash is stored; a newer code kills the older one, and a code is accepted once', async () => {
    const userId = randomUUID();
    const first = await issue(userId);
    const second = await issue(userId);
    expect(second.code).toMatch(/^\d{6}$/);
    const stored = await orm()
      .em.fork()
      .find(TestCodeSchema, { userId }, { orderBy: { createdAt: 'asc' } });
    expect(stored.map((row) => row.codeHash)).toEqual([hash(first.code), hash(second.code)]);
    expect(stored[0].revokedAt).not.toBeNull();

    if (first.code !== second.code) expect((await check(userId, first.code)).kind).toBe('wrong');
    expect((await check(userId, second.code)).kind).toBe('ok');
    expect((await check(userId, second.code)).kind).toBe('invalid');
  });

  test('a code with its wrong tries used up is dead, even for the right code, and refused with a 429', async () => {
    const userId = randomUUID();
    const { code } = await issue(userId);
    for (let attempt = 1; attempt <= rules.wrongTriesPerCode; attempt += 1)
      expect(await check(userId, wrongCode(code))).toEqual({ kind: 'wrong', attempts: attempt });
    const refused = await check(userId, code);
    expect(refused).toEqual({ kind: 'exhausted' });
    if (refused.kind === 'ok') throw new Error('unreachable');
    const error = refuseCode(
      refused,
      rules,
      { invalid: 'Wrong code', exhausted: 'Too many tries', userCap: 'Later' },
      log,
      {
        userId,
      },
    );
    expect({ status: error.status, code: error.code }).toEqual({ status: 429, code: 'code_exhausted' });
  });

  test('another code waits out the cooldown after the last one sent', async () => {
    const userId = randomUUID();
    await issue(userId);
    const recent = await codesOfLastHour(orm().em.fork(), TestCodeSchema, { userId });
    expect(resendWait(recent, rules)).toEqual({ reason: 'cooldown', seconds: expect.any(Number) });
    const later = new Date(Date.now() + rules.resendCooldownSeconds * 1000 + 1000);
    expect(resendWait(recent, rules, later)).toBeNull();
  });
});
