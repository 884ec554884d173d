// The built script, which turbo builds before these tests (turbo.json here), for the tests of what brands receive.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILT_SCRIPT = path.join(__dirname, '..', 'dist', 'button.js');

/** dist/button.js, or an error that says how to make it. */
export function builtScript(): Buffer {
  if (!existsSync(BUILT_SCRIPT)) {
    throw new Error(`${BUILT_SCRIPT} is not built: run npx turbo run build --filter=@tullab/connect-button`);
  }
  return readFileSync(BUILT_SCRIPT);
}
