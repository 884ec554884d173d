import { defineEntity, p, type MikroORM } from '@mikro-orm/core';
import { createLogger } from '@tullab/log';
import { dropSchema, getPostgresUrl, uniqueName } from '@tullab/testing';
import { initOrm, listenToPostgres, type PostgresListener } from '../src';

const NothingSchema = defineEntity({
  name: 'Nothing',
  tableName: 'nothing',
  properties: { id: p.integer().primary() },
});

const log = createLogger('db-test', 'silent');
const schema = uniqueName('listen');
const channel = uniqueName('test_channel');
let url: string;
let orm: MikroORM;
let listener: PostgresListener;
const handled: string[] = [];
const listening: boolean[] = [];

const notify = (payload: string) =>
  orm.em.getConnection().execute('select pg_notify(?, ?)', [channel, payload]);

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  url = await getPostgresUrl();
  orm = await initOrm({ url, schema, entities: [NothingSchema], migrations: [], log });
  listener = listenToPostgres({
    orm,
    databaseUrl: url,
    channel,
    schema,
    log,
    // a slow handler: later notifications must wait for it
    onNotification: async (detail) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      handled.push(detail);
    },
    onListening: (value) => void listening.push(value),
  });
  await until(() => listener.listening);
});

afterAll(async () => {
  await listener?.stop();
  await orm?.close();
  await dropSchema(url, schema);
});

describe('listenToPostgres', () => {
  test("hands this schema's notifications over one after another, in commit order, and ignores other schemas'", async () => {
    await notify(`${schema}:first`);
    await notify(`other_schema:ignored`);
    await notify(`${schema}:second`);
    await notify(schema);
    await until(() => handled.length === 3);
    expect(handled).toEqual(['first', 'second', '']);
    expect(listening).toEqual([true]);
  });

  test('settled() resolves only once every notification committed before it has been handled', async () => {
    handled.length = 0;
    await notify(`${schema}:a`);
    await notify(`${schema}:b`);
    await listener.settled();
    expect(handled).toEqual(['a', 'b']);
  });

  test('a lost connection is reported, then listening again once it is back', async () => {
    await orm.em
      .getConnection()
      .execute(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?`, [
        `${channel}:${schema}`,
      ]);
    await until(() => listening.length >= 3);
    expect(listening.slice(0, 3)).toEqual([true, false, true]);
    handled.length = 0;
    await notify(`${schema}:after`);
    await listener.settled();
    expect(handled).toEqual(['after']);
  });
});
