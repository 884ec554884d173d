import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import { changedFields, recordAudit } from '@tullab/audit-log';
import { InstitutionDomainSchema, InstitutionSchema, type Institution } from './entities';
import type {
  BeforeJson,
  CreateInstitutionBody,
  InstitutionRecord as InstitutionAnswer,
  UpdateInstitutionBody,
} from '@tullab/contracts';

/** An institution as the admin API shows it. */
export type InstitutionRecord = BeforeJson<InstitutionAnswer, 'createdAt'>;

async function toRecords(em: EntityManager, institutions: Institution[]): Promise<InstitutionRecord[]> {
  const domains = await em.find(
    InstitutionDomainSchema,
    { institutionId: { $in: institutions.map((i) => i.id) } },
    { orderBy: { domain: 'ASC' } },
  );
  return institutions.map((institution) => ({
    id: institution.id,
    name: institution.name,
    otherNames: institution.otherNames,
    emirate: institution.emirate ?? null,
    city: institution.city ?? null,
    status: institution.status,
    active: institution.active,
    domains: domains
      .filter((d) => d.institutionId === institution.id)
      .map(({ domain, confidence, kind }) => ({ domain, confidence, kind })),
    createdAt: institution.createdAt,
  }));
}

async function toRecord(em: EntityManager, institution: Institution): Promise<InstitutionRecord> {
  const [record] = await toRecords(em, [institution]);
  return record;
}

export async function listInstitutions(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: InstitutionRecord[]; total: number }> {
  const [institutions, total] = await em.findAndCount(
    InstitutionSchema,
    query.where as FilterQuery<Institution>,
    { orderBy: query.orderBy, offset: query.offset, limit: query.limit },
  );
  return { items: await toRecords(em, institutions), total };
}

export async function getInstitution(em: EntityManager, id: string): Promise<InstitutionRecord> {
  return toRecord(em, await em.findOneOrFail(InstitutionSchema, { id }));
}

/**
 * Makes `domains` the institution's domain list: keeps (and updates) the rows still listed, adds the new ones,
 * removes the rest. A domain another institution owns is a 409 that names it.
 */
async function replaceDomains(
  em: EntityManager,
  institutionId: string,
  domains: CreateInstitutionBody['domains'],
): Promise<void> {
  const names = domains.map((d) => d.domain);
  const taken = await em.findOne(InstitutionDomainSchema, {
    domain: { $in: names },
    institutionId: { $ne: institutionId },
  });
  if (taken) {
    const owner = await em.findOneOrFail(InstitutionSchema, { id: taken.institutionId });
    const message = `${taken.domain} already belongs to ${owner.name}`;
    throw new HttpError(409, message, { code: 'domain_taken', errors: { domains: message } });
  }
  const existing = new Map(
    (await em.find(InstitutionDomainSchema, { institutionId })).map((row) => [row.domain, row]),
  );
  for (const input of domains) {
    const row = existing.get(input.domain);
    if (row) em.assign(row, { confidence: input.confidence, kind: input.kind });
    else
      em.create(InstitutionDomainSchema, {
        id: randomUUID(),
        institutionId,
        ...input,
        createdAt: new Date(),
      });
    existing.delete(input.domain);
  }
  for (const row of existing.values()) em.remove(row);
}

const RESOURCE = 'institutions';

/** The fields an audit row compares: what decides which addresses count as a student's. */
const AUDITED = ['name', 'otherNames', 'emirate', 'city', 'active', 'domains'] as const;
type Audited = Pick<InstitutionRecord, (typeof AUDITED)[number]>;

/** The domains as the record lists them (by name), so that an audit row's "from" and "to" compare alike. */
function audited(input: CreateInstitutionBody): Audited {
  const domains = [...input.domains]
    .sort((a, b) => a.domain.localeCompare(b.domain))
    .map(({ domain, confidence, kind }) => ({ domain, confidence, kind }));
  return { ...input, domains };
}

/**
 * Writes who changed which institution how, in the caller's transaction (issue 19: a domain added
 * by staff makes every address there pass the e-mail code check, so changes to this trust data are audited).
 */
function auditChange(
  tx: EntityManager,
  actor: Identity,
  requestId: string | null,
  action: 'create' | 'update' | 'delete',
  id: string,
  before: Partial<Audited>,
  after: Partial<Audited>,
): void {
  const changes = changedFields<Audited>(before, after, AUDITED);
  if (action === 'update' && Object.keys(changes).length === 0) return;
  recordAudit(tx, actor, requestId, { action, resource: RESOURCE, resourceId: id, changes });
}

/** A staff-added institution (`status: 'staff-added'`); its domains are recognised as soon as this returns. */
export function createInstitution(
  em: EntityManager,
  input: CreateInstitutionBody,
  actor: Identity,
  requestId: string | null,
): Promise<InstitutionRecord> {
  // one transaction: the queries in replaceDomains flush the new row, and a 409 there must roll it back
  return em.transactional(async (tx) => {
    const now = new Date();
    const { domains, ...fields } = input;
    const institution = tx.create(InstitutionSchema, {
      id: randomUUID(),
      ...fields,
      status: 'staff-added',
      sourceKey: null,
      createdAt: now,
      updatedAt: now,
    });
    await replaceDomains(tx, institution.id, domains);
    auditChange(tx, actor, requestId, 'create', institution.id, {}, audited(input));
    await tx.flush();
    return toRecord(tx, institution);
  });
}

/** The institution, locked for the change, and its record as it stands (the audit row's "from"). */
async function lockInstitution(tx: EntityManager, id: string) {
  const institution = await tx.findOneOrFail(
    InstitutionSchema,
    { id },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  return { institution, record: await toRecord(tx, institution) };
}

export function updateInstitution(
  em: EntityManager,
  id: string,
  input: UpdateInstitutionBody,
  actor: Identity,
  requestId: string | null,
): Promise<InstitutionRecord> {
  return em.transactional(async (tx) => {
    const { institution, record: before } = await lockInstitution(tx, id);
    const { domains, ...fields } = input;
    tx.assign(institution, { ...fields, updatedAt: new Date() });
    await replaceDomains(tx, id, domains);
    auditChange(tx, actor, requestId, 'update', id, before, audited(input));
    await tx.flush();
    return toRecord(tx, institution);
  });
}

/** Deletes the institution and (by cascade) its domains; answers the deleted record, as the admin app expects. */
export function deleteInstitution(
  em: EntityManager,
  id: string,
  actor: Identity,
  requestId: string | null,
): Promise<InstitutionRecord> {
  return em.transactional(async (tx) => {
    const { record } = await lockInstitution(tx, id);
    auditChange(tx, actor, requestId, 'delete', id, record, {});
    await tx.flush();
    await tx.nativeDelete(InstitutionSchema, { id });
    return record;
  });
}
