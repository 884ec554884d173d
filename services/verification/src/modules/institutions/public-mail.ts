import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** src/data in tests, dist/data in a build (the build script copies it). */
const DATA_FILE = join(__dirname, '../../data/public-mail-domains.json');

const providers = new Set(
  z.object({ domains: z.array(z.string().toLowerCase()) }).parse(JSON.parse(readFileSync(DATA_FILE, 'utf8')))
    .domains,
);

/**
 * Whether `domain` (lower case) is a public mail provider's, or below one (`mail.gmail.com`): anyone can open an
 * address there, so it never proves a student. Staff cannot add it to an institution, and recognition ignores it.
 */
export function isPublicMailDomain(domain: string): boolean {
  const labels = domain.split('.');
  return labels.some((_, i) => providers.has(labels.slice(i).join('.')));
}
