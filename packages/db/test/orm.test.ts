import { defineEntity, p } from '@mikro-orm/core';
import { createLogger } from '@tullab/log';
import { dropSchema, getPostgresUrl, uniqueName } from '@tullab/testing';
import { Migration, affected, initOrm, rows, type DbOptions } from '../src';

class CreateNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table note (id serial primary key, body text not null)');
  }
}

const NoteSchema = defineEntity({
  name: 'Note',
  tableName: 'note',
  properties: { id: p.integer().primary().autoincrement(), body: p.string() },
});

const log = createLogger('db-test', 'silent');
const schemas = [uniqueName('db'), uniqueName('db')];
let url: string;
const options = (schema: string): DbOptions => ({
  url,
  schema,
  entities: [NoteSchema],
  migrations: [{ name: 'CreateNotes', class: CreateNotes }],
  log,
});

beforeAll(async () => {
  url = await getPostgresUrl();
});

afterAll(async () => {
  for (const schema of schemas) await dropSchema(url, schema);
});

describe('initOrm', () => {
  test('creates the schema, applies its migrations once, and keeps unqualified tables inside it', async () => {
    const [first, second] = schemas;
    const orm = await initOrm(options(first));
    const em = orm.em.fork();
    em.create(NoteSchema, { body: 'hello' });
    await em.flush();
    await orm.close();

    const again = await initOrm(options(first));
    expect(await again.getMigrator().getPendingMigrations()).toHaveLength(0);
    const rows = await again.em.getConnection().execute(`select body from "${first}".note`);
    expect(rows).toEqual([{ body: 'hello' }]);
    await again.close();

    const other = await initOrm(options(second));
    expect(await other.em.getConnection().execute('select count(*)::int as n from note')).toEqual([{ n: 0 }]);
    await other.close();
  });

  test('refuses a schema name that is not a plain identifier', async () => {
    await expect(initOrm(options('x; drop table y'))).rejects.toThrow('invalid schema name');
  });
});

describe('rows and affected', () => {
  test("bind their parameters and run inside the EntityManager's transaction", async () => {
    const orm = await initOrm(options(schemas[0]));
    try {
      await orm.em
        .fork()
        .transactional(async (tx) => {
          expect(
            await affected(tx, 'insert into note (body) values (?), (?)', ['a', "b'); drop table note; --"]),
          ).toBe(2);
          // the rows inserted above are visible only inside this transaction
          expect(
            await rows<{ body: string }>(tx, 'select body from note where body <> ? order by id', ['hello']),
          ).toEqual([{ body: 'a' }, { body: "b'); drop table note; --" }]);
          expect(await rows(orm.em.fork(), 'select 1 from note where body = ?', ['a'])).toEqual([]);
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
      expect(await rows(orm.em.fork(), 'select body from note')).toEqual([{ body: 'hello' }]);
    } finally {
      await orm.close();
    }
  });
});
