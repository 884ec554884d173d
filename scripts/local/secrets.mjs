// INTERNAL_SECRET and the first admin's credentials: from the environment, else generated once per DATA_DIR.
import { randomBytes, randomInt } from 'node:crypto';
import { keptValue } from './data-dir.mjs';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 20 characters from a 57-letter alphabet (about 117 bits), easy to type from the terminal. */
function strongPassword() {
  return Array.from({ length: 20 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

export async function resolveSecrets(env, dataDir) {
  return {
    INTERNAL_SECRET:
      env.INTERNAL_SECRET ||
      (await keptValue(dataDir, 'internal-secret', () => randomBytes(32).toString('hex'))),
    ADMIN_EMAIL: env.ADMIN_EMAIL || 'admin@tullab.local',
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || (await keptValue(dataDir, 'admin-password', strongPassword)),
  };
}
