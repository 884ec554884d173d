// DATA_DIR: where the embedded defaults keep their files, and the secrets generated for this checkout.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The absolute DATA_DIR (relative to the working directory; default: `.data` in the repository), created if missing. */
export async function prepareDataDir(env, repoRoot) {
  const dir = env.DATA_DIR ? resolve(env.DATA_DIR) : join(repoRoot, '.data');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The value kept in DATA_DIR/name; made with `create()` and written (mode 600) the first time. */
export async function keptValue(dataDir, name, create) {
  const file = join(dataDir, name);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept) return kept;
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  const value = create();
  await writeFile(file, value + '\n', { mode: 0o600 });
  await chmod(file, 0o600);
  return value;
}
