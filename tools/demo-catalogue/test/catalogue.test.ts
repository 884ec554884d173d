import request from 'supertest';
import { offerCategories } from '@tullab/contracts';
import { logoStore } from '@tullab/offers/tooling';
import { demoBrands } from '../src/brands';
import { loadDemoCatalogue } from '../src/catalogue';
import { demoOfferTexts } from '../src/texts';
import { activeStudent, as, staff, startOffers, type TestOffers } from './offers.fixture';

let offers: TestOffers;
const api = () => request(offers.url);

beforeAll(async () => {
  offers = await startOffers();
  const { orm, log } = offers.service.deps;
  await loadDemoCatalogue(orm.em.fork(), logoStore(offers.config), log);
}, 60_000);

afterAll(async () => {
  await offers?.close();
});

interface Listed {
  id: string;
  brandName: string;
  businessCategory: string;
  offerType: string;
  discountType: string | null;
  expiresAt: string | null;
  logoUrl: string | null;
  currentUses: number;
  discountRedemptionGuide: unknown[];
  termsAndConditions: string;
}

describe('the demo catalogue, loaded into offers', () => {
  test('lists at least 24 brands over every category with a mix of offers, logos, guides and terms', async () => {
    const res = await api().get('/offers').set(as(null));
    const listed: Listed[] = res.body;
    expect(listed.length).toBeGreaterThanOrEqual(24);
    expect(new Set(listed.map((offer) => offer.businessCategory))).toEqual(new Set(offerCategories));
    const kinds = new Set(
      listed.map((offer) => (offer.offerType === 'referral' ? 'referral' : offer.discountType)),
    );
    expect(kinds).toEqual(new Set(['percentage', 'fixed', 'free_shipping', 'referral']));
    expect(listed.filter((offer) => offer.expiresAt).length).toBeGreaterThanOrEqual(3);
    for (const offer of listed) {
      expect(offer.logoUrl).toBe(`/api/offers/${offer.id}/logo?v=1`);
      expect(offer.currentUses).toBeGreaterThan(0);
      const opened: Listed = (await api().get(`/offers/${offer.id}`).set(as(null))).body;
      expect(opened.discountRedemptionGuide.length).toBeGreaterThanOrEqual(3);
      expect(opened.termsAndConditions).toContain('verified students');
    }
    const pools = await offers.sql<{ offers: string }>(
      'select count(distinct offer_id) as offers from offer_code',
    );
    expect(Number(pools[0].offers)).toBeGreaterThanOrEqual(3);

    const logo = await api().get(listed[0].logoUrl!.replace('/api', '')).set(as(null));
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((logo.body as Buffer).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  test('every offer has its Arabic title, description, guide and terms beside the unchanged English (issue 12)', async () => {
    const listed: Listed[] = (await api().get('/offers').set(as(null))).body;
    expect(listed).toHaveLength(demoBrands.length);
    for (const brand of demoBrands) {
      const { id } = listed.find((offer) => offer.brandName === brand.name)!;
      const opened = (await api().get(`/offers/${id}`).set(as(null))).body;
      // the English as the brand list has it, the Arabic beside it
      expect(opened).toMatchObject({
        ...demoOfferTexts(brand),
        title: brand.title,
        description: brand.description,
      });
      for (const text of [opened.titleAr, opened.descriptionAr, opened.termsAndConditionsAr])
        expect(text).toMatch(/[\u0600-\u06FF]/);
      expect(opened.discountRedemptionGuideAr).toHaveLength(opened.discountRedemptionGuide.length);
      expect(opened.termsAndConditionsAr).toContain('للطلاب الموثّقين');
    }
    // the English pinned as the e2e journeys read it, the Arabic as seeded
    const [fitlane] = await offers.sql<Record<string, unknown>>(
      'select title, title_ar, discount_redemption_guide, discount_redemption_guide_ar from offer where brand_name = ?',
      ['Fitlane'],
    );
    expect(fitlane).toEqual({
      title: 'AED 50 off any monthly pass',
      title_ar: 'خصم 50 درهم على أي اشتراك شهري',
      discount_redemption_guide: [
        { step: 1, instruction: 'Tap "Redeem discount code" to reveal your code' },
        { step: 2, instruction: 'Open the Fitlane app or sign up' },
        { step: 3, instruction: 'Enter the code under Promotions' },
        { step: 4, instruction: 'Your discount applies to your next order' },
      ],
      discount_redemption_guide_ar: [
        { step: 1, instruction: 'اضغط على «احصل على كود الخصم» ليظهر لك الكود' },
        { step: 2, instruction: 'افتح تطبيق Fitlane أو أنشئ حساباً جديداً' },
        { step: 3, instruction: 'أدخل الكود في قسم العروض الترويجية' },
        { step: 4, instruction: 'يُطبَّق الخصم على طلبك التالي' },
      ],
    });
  });

  test('every offer has a code source its merchant knows, and only a pool gives a student more than one code (decision 012)', async () => {
    const records = (await api().get('/admin/offers').query({ range: '[0,99]' }).set(staff())).body;
    expect(records).toHaveLength(demoBrands.length);
    const sources = new Set<string>();
    for (const record of records) {
      const source =
        record.offerType === 'referral'
          ? 'referral link'
          : record.codesTotal > 0
            ? 'pool'
            : record.code
              ? 'own code'
              : 'code made for the offer';
      sources.add(source);
      if (source === 'referral link') expect(record.referralLink).toMatch(/^https:\/\//);
      if (source === 'code made for the offer')
        expect(record.generatedCode).toMatch(/^[a-z0-9]+tullab[1-9]\d$/);
      if (record.maxRedemptionsPerStudent > 1)
        expect([record.brandName, source]).toEqual([record.brandName, 'pool']);
    }
    expect(sources).toEqual(new Set(['referral link', 'pool', 'own code', 'code made for the offer']));

    // the example: Karak Corner gives every student its one code, the same when asked again
    const karak = records.find((record: { brandName: string }) => record.brandName === 'Karak Corner');
    const student = activeStudent();
    for (const caller of [student, student, activeStudent()]) {
      const res = await api().post(`/offers/${karak.id}/redeem`).set(caller);
      expect(res.body).toEqual({ code: karak.generatedCode });
    }
  });

  test('is loaded once: with offers in place, seeding again adds nothing', async () => {
    const [before] = await offers.sql<{ count: string }>('select count(*) from offer');
    const { orm, log } = offers.service.deps;
    const added = await loadDemoCatalogue(orm.em.fork(), logoStore(offers.config), log);
    expect(added).toBe(0);
    const [after] = await offers.sql<{ count: string }>('select count(*) from offer');
    expect(after.count).toBe(before.count);
  });
});
