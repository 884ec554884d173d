// A database of its own for a run of the whole stack (the browser journeys, the web benchmark), made anew each time.
import { URL } from 'node:url';
import pg from 'pg';

/** Drops `name` (closing its connections) and creates it again on the server `serverUrl` points at; its URL. */
export async function freshDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
