import { access, constants } from 'node:fs/promises';

/** True when `path` exists and allows `mode` (default: it exists). */
export function isAccessible(path, mode = constants.F_OK) {
  return access(path, mode).then(
    () => true,
    () => false,
  );
}
