import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager, QueryResult } from '@mikro-orm/core';
import { domainConfidences, domainKinds } from '@tullab/contracts';
import type { Logger } from '@tullab/log';
import { z } from 'zod';

/** src/data in tests, dist/data in a build (the build script copies it). */
const DATA_FILE = join(__dirname, '../../data/uae-institutions.json');

/** The parts of the data file the seed reads (README "File layout"). */
const dataFile = z.object({
  institutions: z.array(
    z.object({
      name: z.string(),
      otherNames: z.array(z.string()).default([]),
      domains: z.array(z.string()),
      emirate: z.string().nullable(),
      city: z.string().nullable(),
      status: z.string(),
      domainDetails: z.array(
        z.object({ domain: z.string(), kind: z.string(), confidence: z.enum(domainConfidences) }),
      ),
    }),
  ),
});

/** The data file's institutions, each with the details of its usable `domains` only (never historical or shared). */
export function loadInstitutionData() {
  const data = dataFile.parse(JSON.parse(readFileSync(DATA_FILE, 'utf8')));
  return data.institutions.map((institution) => ({
    ...institution,
    domainDetails: institution.domainDetails
      .filter((detail) => institution.domains.includes(detail.domain))
      .map((detail) => ({ ...detail, kind: z.enum(domainKinds).parse(detail.kind) })),
  }));
}

/**
 * Adds the data file's institutions and domains that are missing (keyed by name and by domain) and changes nothing
 * that exists, so staff edits survive restarts. Idempotent; run once per start.
 */
export async function seedInstitutions(em: EntityManager, log: Logger): Promise<void> {
  const institutions = loadInstitutionData();
  const connection = em.getConnection();
  const inserted = await connection.execute<QueryResult>(
    `insert into institution (id, name, other_names, emirate, city, status, active, source_key)
     select gen_random_uuid(), x.name, x.other_names, x.emirate, x.city, x.status, x.status = 'active', x.name
     from jsonb_to_recordset(?::jsonb) as x(name text, other_names jsonb, emirate text, city text, status text)
     on conflict (source_key) do nothing`,
    [
      JSON.stringify(
        institutions.map(({ name, otherNames, emirate, city, status }) => ({
          name,
          other_names: otherNames,
          emirate,
          city,
          status,
        })),
      ),
    ],
    'run',
  );
  const insertedDomains = await connection.execute<QueryResult>(
    `insert into institution_domain (id, institution_id, domain, kind, confidence)
     select gen_random_uuid(), i.id, x.domain, x.kind, x.confidence
     from jsonb_to_recordset(?::jsonb) as x(source_key text, domain text, kind text, confidence text)
     join institution i on i.source_key = x.source_key
     on conflict (domain) do nothing`,
    [
      JSON.stringify(
        institutions.flatMap((institution) =>
          institution.domainDetails.map(({ domain, kind, confidence }) => ({
            source_key: institution.name,
            domain,
            kind,
            confidence,
          })),
        ),
      ),
    ],
    'run',
  );
  log.info(
    { institutions: inserted.affectedRows, domains: insertedDomains.affectedRows },
    'institutions seeded',
  );
}
