import { gatewayOwn, offersAdmin, verificationAdmin } from '@tullab/contracts/route-table';
import { stubApi, listReply } from '../testing/stub-api';
import { createDataProvider } from './dataProvider';

afterEach(() => jest.restoreAllMocks());

const ID = 'c3b2a1d0-1111-4222-8333-944455566677';

describe('dataProvider', () => {
  describe('ra-data-simple-rest reads', () => {
    test('getList sends sort, range and filter as JSON and reads the total from Content-Range', async () => {
      const { requests } = stubApi({
        'GET /api/admin/verifications': listReply('verifications', [{ id: ID }], 57, 25),
      });
      const result = await createDataProvider().getList('verifications', {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'createdAt', order: 'ASC' },
        filter: { status: ['pending'], createdAt_gte: '2026-11-01T00:00:00.000+04:00' },
      });
      expect(result).toEqual({ data: [{ id: ID }], total: 57 });
      expect(requests[0].query).toEqual({
        sort: ['createdAt', 'ASC'],
        range: [25, 49],
        filter: { status: ['pending'], createdAt_gte: '2026-11-01T00:00:00.000+04:00' },
      });
    });

    test('a list answer without Content-Range is an error, not a list without a total', async () => {
      stubApi({ 'GET /api/admin/offers': { body: [] } });
      await expect(
        createDataProvider().getList('offers', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'createdAt', order: 'DESC' },
          filter: {},
        }),
      ).rejects.toThrow(/Content-Range/);
    });

    test('calls carry the session cookie, and a refusal carries the server message and status', async () => {
      const { spy } = stubApi({
        [`GET /api/admin/students/${ID}`]: { status: 403, body: { message: 'Forbidden' } },
      });
      await expect(createDataProvider().getOne('students', { id: ID })).rejects.toMatchObject({
        message: 'Forbidden',
        status: 403,
      });
      expect(spy.mock.calls[0][1]?.credentials).toBe('include');
    });
  });

  describe("actions (a declared route called with the record's id)", () => {
    test('approve posts to /:id/approve with the body given', async () => {
      const { sent } = stubApi({
        [`POST /api/admin/verifications/${ID}/approve`]: { body: { id: ID, status: 'approved' } },
      });
      const institution = '0e6f1b1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
      const { data } = await createDataProvider().call(
        verificationAdmin.approveVerification,
        { id: ID },
        { addDomainToInstitutionId: institution },
      );
      expect(data).toEqual({ id: ID, status: 'approved' });
      expect(sent(`POST /api/admin/verifications/${ID}/approve`)[0].body).toEqual({
        addDomainToInstitutionId: institution,
      });
    });

    test('approve without a body sends none (no Content-Type either)', async () => {
      const { sent } = stubApi({ [`POST /api/admin/verifications/${ID}/approve`]: { body: { id: ID } } });
      await createDataProvider().call(verificationAdmin.approveVerification, { id: ID });
      const [request] = sent(`POST /api/admin/verifications/${ID}/approve`);
      expect(request.body).toBeUndefined();
      expect(request.headers.has('Content-Type')).toBe(false);
    });

    test('reject posts the reason as JSON', async () => {
      const { sent } = stubApi({
        [`POST /api/admin/merchant-applications/${ID}/reject`]: { body: { id: ID } },
      });
      await createDataProvider().call(
        offersAdmin.rejectApplication,
        { id: ID },
        { reason: 'We could not verify the business.' },
      );
      const [request] = sent(`POST /api/admin/merchant-applications/${ID}/reject`);
      expect(request.body).toEqual({ reason: 'We could not verify the business.' });
      expect(request.headers.get('Content-Type')).toBe('application/json');
    });

    test('a job id holds the queue and a colon: it is encoded into one path segment', async () => {
      const job = { id: 'notifications:ev-1', queue: 'notifications', failedReason: '' };
      stubApi({ 'POST /api/admin/jobs/notifications%3Aev-1/retry': { body: job } });
      await expect(
        createDataProvider().call(gatewayOwn.retryJob, { id: 'notifications:ev-1' }),
      ).resolves.toEqual({
        data: job,
      });
    });

    test('a refused action rejects with the server message and status', async () => {
      stubApi({
        [`POST /api/admin/offers/${ID}/pause`]: {
          status: 409,
          body: { message: 'Only a live offer can be paused' },
        },
      });
      await expect(createDataProvider().call(offersAdmin.pauseOffer, { id: ID })).rejects.toMatchObject({
        message: 'Only a live offer can be paused',
        status: 409,
      });
    });

    test('importCodes posts the CSV text and answers the pool after the import', async () => {
      const result = { added: 2, duplicates: 1, codesTotal: 10, codesLeft: 4, lowPool: true };
      const { sent } = stubApi({ [`POST /api/admin/offers/${ID}/codes`]: { body: result } });
      await expect(createDataProvider().importCodes(ID, 'code\nA1\nB2\nA1')).resolves.toEqual({
        data: result,
      });
      expect(sent(`POST /api/admin/offers/${ID}/codes`)[0].body).toEqual({ csv: 'code\nA1\nB2\nA1' });
    });
  });

  describe('extra reads', () => {
    test('summary reads /<resource>/summary', async () => {
      const summary = [
        { queue: 'notifications', waiting: 0, active: 0, delayed: 0, failed: 3, completed: 10 },
      ];
      stubApi({ 'GET /api/admin/jobs/summary': { body: summary } });
      await expect(createDataProvider().summary('jobs')).resolves.toEqual({ data: summary });
    });

    test('getDocument answers the bytes as a Blob typed by the answer', async () => {
      const pdf = new TextEncoder().encode('%PDF-1.7');
      stubApi({
        [`GET /api/admin/verifications/${ID}/document`]: { bytes: { data: pdf, type: 'application/pdf' } },
      });
      const { data } = await createDataProvider().getDocument(ID);
      expect(data.type).toBe('application/pdf');
      expect(new Uint8Array(await data.arrayBuffer())).toEqual(pdf);
    });

    test('getDocument rejects with the JSON message of a refusal', async () => {
      stubApi({
        [`GET /api/admin/verifications/${ID}/document`]: {
          status: 404,
          body: { message: 'The document file is missing' },
        },
      });
      await expect(createDataProvider().getDocument(ID)).rejects.toMatchObject({
        message: 'The document file is missing',
        status: 404,
      });
    });

    test('getOfferStats asks for the days from a date on, oldest first', async () => {
      const { requests } = stubApi({ [`GET /api/admin/offers/${ID}/stats`]: listReply('offer-stats', []) });
      await createDataProvider().getOfferStats(ID, '2026-10-23');
      expect(requests[0].query).toEqual({
        sort: ['day', 'ASC'],
        range: [0, 99],
        filter: { day_gte: '2026-10-23' },
      });
    });
  });

  describe('offer update with a new logo', () => {
    const offer = { id: ID, title: 'Student deal', status: 'live' };

    test('saves the fields as JSON without the file, then uploads the logo as multipart and answers that record', async () => {
      const logo = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
      const withLogo = { ...offer, logoUrl: `/api/offers/${ID}/logo?v=2` };
      const { sent } = stubApi({
        [`PUT /api/admin/offers/${ID}`]: { body: offer },
        [`POST /api/admin/offers/${ID}/logo`]: { body: withLogo },
      });
      const { data } = await createDataProvider().update('offers', {
        id: ID,
        data: { ...offer, logoFile: logo },
        previousData: offer,
      });
      expect(data).toEqual(withLogo);
      expect(sent(`PUT /api/admin/offers/${ID}`)[0].body).toEqual(offer);
      const upload = sent(`POST /api/admin/offers/${ID}/logo`)[0];
      expect(upload.body).toBeInstanceOf(FormData);
      expect((upload.body as FormData).get('logoFile')).toBe(logo);
      expect(upload.headers.has('Content-Type')).toBe(false);
    });

    test('without a new logo only the JSON is sent', async () => {
      const { requests } = stubApi({ [`PUT /api/admin/offers/${ID}`]: { body: offer } });
      await createDataProvider().update('offers', {
        id: ID,
        data: { ...offer, logoFile: null },
        previousData: offer,
      });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/admin/offers/${ID}`]);
      expect(requests[0].body).toEqual(offer);
    });

    test('other resources are saved as they are', async () => {
      const institution = { id: ID, name: 'Zayed University', active: false, domains: [] };
      const { sent } = stubApi({ [`PUT /api/admin/institutions/${ID}`]: { body: institution } });
      await createDataProvider().update('institutions', {
        id: ID,
        data: institution,
        previousData: institution,
      });
      expect(sent(`PUT /api/admin/institutions/${ID}`)[0].body).toEqual(institution);
    });
  });
});
