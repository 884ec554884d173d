import type { CodeImportAnswer, OfferStatAnswer } from '@tullab/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  useDataProvider,
  type DataProvider,
  type GetListParams,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { ADMIN_API, fetchBlob, httpClient } from './http';

/** The policies the console lists, each served by the service that keeps the data (`/api/admin/retention/<id>`). */
const RETENTION_POLICIES = ['documents', 'orphaned-files', 'mail-bodies', 'contact-messages'] as const;

/** The staff console's data provider: ra-data-simple-rest plus the admin API's actions and extra reads. */
export interface ConsoleDataProvider extends DataProvider {
  /** `POST /api/admin/<resource>/<id>/<action>` with an optional JSON body; answers the changed record. */
  action<T = RaRecord>(resource: string, id: Identifier, action: string, body?: object): Promise<{ data: T }>;
  approve<T = RaRecord>(resource: string, id: Identifier, body?: object): Promise<{ data: T }>;
  reject<T = RaRecord>(resource: string, id: Identifier, reason: string): Promise<{ data: T }>;
  /** `GET /api/admin/<resource>/summary` (verifications: what waits; jobs: counts per queue). */
  summary<T>(resource: 'verifications' | 'jobs' | 'code-reports' | 'offer-proposals'): Promise<{ data: T }>;
  /** A verification's uploaded document (staff only; every view is audited). */
  getDocument(id: Identifier): Promise<{ data: Blob }>;
  /** An offer's daily counters from `from` (`YYYY-MM-DD`) on, oldest first. */
  getOfferStats(offerId: Identifier, from: string): Promise<{ data: OfferStatAnswer[] }>;
  /** Adds the codes of a CSV (one per line, first column) to a discount offer's pool. */
  importCodes(offerId: Identifier, csv: string): Promise<{ data: CodeImportAnswer }>;
}

const path = (resource: string, id: Identifier, action?: string) =>
  `${ADMIN_API}/${resource}/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;

const postJson = (url: string, body?: object) =>
  httpClient(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The stats endpoint keeps at most 100 days a page; the console asks for a month at a time. */
const STATS_PAGE = 100;

/** A logo picked in the offer form: sent as multipart after the offer's JSON is saved. */
const LOGO_FIELD = 'logoFile';

async function uploadLogo(offerId: Identifier, file: Blob): Promise<RaRecord> {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  const { json } = await httpClient(path('offers', offerId, 'logo'), { method: 'POST', body: form });
  return json as RaRecord;
}

export function createDataProvider(): ConsoleDataProvider {
  const base = simpleRestProvider(ADMIN_API, httpClient);

  const action: ConsoleDataProvider['action'] = async (resource, id, name, body) => {
    const { json } = await postJson(path(resource, id, name), body);
    return { data: json };
  };

  return {
    ...base,

    /** Retention policies live in the services that keep the data: one read per policy, listed together. */
    async getList<RecordType extends RaRecord = RaRecord>(resource: string, params: GetListParams) {
      if (resource !== 'retention') return base.getList<RecordType>(resource, params);
      const data = await Promise.all(
        RETENTION_POLICIES.map(
          async (id) => (await httpClient(`${ADMIN_API}/retention/${id}`)).json as RecordType,
        ),
      );
      return { data, total: data.length };
    },

    /** Offers: the JSON is saved first (PUT), then a newly picked logo (multipart), whose answer is the record. */
    async update(resource, params) {
      if (resource !== 'offers') return base.update(resource, params);
      const { [LOGO_FIELD]: logo, ...data } = params.data as Record<string, unknown>;
      const saved = await base.update(resource, { ...params, data });
      return logo instanceof Blob ? { data: await uploadLogo(params.id, logo) } : saved;
    },

    action,
    approve: (resource, id, body) => action(resource, id, 'approve', body),
    reject: (resource, id, reason) => action(resource, id, 'reject', { reason }),

    async summary(resource) {
      const { json } = await httpClient(`${ADMIN_API}/${resource}/summary`);
      return { data: json };
    },

    async getDocument(id) {
      return { data: await fetchBlob(path('verifications', id, 'document')) };
    },

    async getOfferStats(offerId, from) {
      const query = new URLSearchParams({
        sort: JSON.stringify(['day', 'ASC']),
        range: JSON.stringify([0, STATS_PAGE - 1]),
        filter: JSON.stringify({ day_gte: from }),
      });
      const { json } = await httpClient(`${path('offers', offerId, 'stats')}?${query}`);
      return { data: json as OfferStatAnswer[] };
    },

    importCodes: (offerId, csv) => action<CodeImportAnswer>('offers', offerId, 'codes', { csv }),
  };
}

export const dataProvider = createDataProvider();

/** `useDataProvider` typed with the console's extra methods (errors still go through authProvider.checkError). */
export const useConsoleDataProvider = () => useDataProvider<ConsoleDataProvider>();
