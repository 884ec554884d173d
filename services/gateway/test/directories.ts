// Folders for the gateway's tests: a fresh temporary one (e.g. a build of the web apps), and one that does not exist.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A directory that does not exist: the gateway then serves its "not built yet" page. */
export const missingDir = () => path.join(tmpdir(), `tullab-missing-${process.pid}-${Date.now()}`);

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}
