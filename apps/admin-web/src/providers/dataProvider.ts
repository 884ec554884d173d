import type { CodeImportAnswer, OfferStatAnswer, RouteRef } from '@tullab/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  useDataProvider,
  type DataProvider,
  type GetListParams,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import {
  API_PREFIX,
  apiPath,
  consoleResources,
  gatewayOwn,
  offerProposals,
  offersAdmin,
  type ConsoleResource,
  verificationAdmin,
} from '@tullab/contracts/route-table';
import { retentionPolicies } from './retention-policies';
import { fetchBlob, httpClient } from './http';

/** The staff console's data provider: ra-data-simple-rest plus the admin API's actions and extra reads. */
export interface ConsoleDataProvider extends DataProvider {
  /**
   * A declared action on a record (approve, reject, pause, retry, run…): `POST` with the path's parameters and an
   * optional JSON body; answers the changed record.
   */
  call<T = RaRecord>(
    route: RouteRef,
    params: Record<string, Identifier>,
    body?: object,
  ): Promise<{ data: T }>;
  /** `GET /api/admin/<resource>/summary` (verifications: what waits; jobs: counts per queue). */
  summary<T>(resource: keyof typeof SUMMARIES): Promise<{ data: T }>;
  /** A verification's uploaded document (staff only; every view is audited). */
  getDocument(id: Identifier): Promise<{ data: Blob }>;
  /** An offer's daily counters from `from` (`YYYY-MM-DD`) on, oldest first. */
  getOfferStats(offerId: Identifier, from: string): Promise<{ data: OfferStatAnswer[] }>;
  /** Adds the codes of a CSV (one per line, first column) to a discount offer's pool. */
  importCodes(offerId: Identifier, csv: string): Promise<{ data: CodeImportAnswer }>;
}

/** The summaries above a resource's list, as the admin API declares them. */
const SUMMARIES = {
  verifications: verificationAdmin.verificationSummary,
  jobs: gatewayOwn.queueCounts,
  'code-reports': offersAdmin.codeReportSummary,
  'offer-proposals': offerProposals.proposalSummary,
} as const;

const isDeclared = (resource: string): resource is ConsoleResource =>
  Object.hasOwn(consoleResources, resource);

/** A console resource's list as the admin API declares it (`/admin/offers`); react-admin's name otherwise. */
const resourcePath = (resource: string) =>
  isDeclared(resource) ? consoleResources[resource] : `/admin/${resource}`;

const postJson = (url: string, body?: object) =>
  httpClient(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** The stats endpoint keeps at most 100 days a page; the console asks for a month at a time. */
const STATS_PAGE = 100;

/** A logo picked in the offer form: sent as multipart after the offer's JSON is saved. */
const LOGO_FIELD = 'logoFile';

async function uploadLogo(offerId: Identifier, file: Blob): Promise<RaRecord> {
  const form = new FormData();
  form.append(LOGO_FIELD, file);
  const { json } = await httpClient(apiPath(offersAdmin.changeOfferLogo, { id: offerId }), {
    method: 'POST',
    body: form,
  });
  return json as RaRecord;
}

/** ra-data-simple-rest on each resource's declared list (it calls `/api/<what it is given>[/<id>]`). */
function declaredRest(): DataProvider {
  const rest = simpleRestProvider(API_PREFIX, httpClient);
  const at = (resource: string) => resourcePath(resource).slice(1);
  return {
    getList: (resource, params) => rest.getList(at(resource), params),
    getOne: (resource, params) => rest.getOne(at(resource), params),
    getMany: (resource, params) => rest.getMany(at(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(at(resource), params),
    update: (resource, params) => rest.update(at(resource), params),
    updateMany: (resource, params) => rest.updateMany(at(resource), params),
    create: (resource, params) => rest.create(at(resource), params),
    delete: (resource, params) => rest.delete(at(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(at(resource), params),
  };
}

export function createDataProvider(): ConsoleDataProvider {
  const base = declaredRest();

  const call: ConsoleDataProvider['call'] = async (route, params, body) => {
    const { json } = await postJson(apiPath(route, params), body);
    return { data: json };
  };

  return {
    ...base,

    /** Retention policies live in the services that keep the data: one read per policy, listed together. */
    async getList<RecordType extends RaRecord = RaRecord>(resource: string, params: GetListParams) {
      if (resource !== 'retention') return base.getList<RecordType>(resource, params);
      const data = await Promise.all(
        Object.values(retentionPolicies).map(
          async ({ read }) => (await httpClient(apiPath(read))).json as RecordType,
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

    call,

    async summary(resource) {
      const { json } = await httpClient(apiPath(SUMMARIES[resource]));
      return { data: json };
    },

    async getDocument(id) {
      return { data: await fetchBlob(apiPath(verificationAdmin.verificationDocument, { id })) };
    },

    async getOfferStats(offerId, from) {
      const query = new URLSearchParams({
        sort: JSON.stringify(['day', 'ASC']),
        range: JSON.stringify([0, STATS_PAGE - 1]),
        filter: JSON.stringify({ day_gte: from }),
      });
      const { json } = await httpClient(`${apiPath(offersAdmin.offerStats, { id: offerId })}?${query}`);
      return { data: json as OfferStatAnswer[] };
    },

    importCodes: (offerId, csv) => call<CodeImportAnswer>(offersAdmin.importCodes, { id: offerId }, { csv }),
  };
}

export const dataProvider = createDataProvider();

/** `useDataProvider` typed with the console's extra methods (errors still go through authProvider.checkError). */
export const useConsoleDataProvider = () => useDataProvider<ConsoleDataProvider>();
