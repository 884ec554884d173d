import request from 'supertest';
import { PNG, as, type TestOffers } from './helpers';

/** A complete, valid application as the /for-merchants form sends it. */
export function form(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    brandName: 'Falaj Coffee',
    brandCategory: 'other',
    businessDescription: 'Third-wave coffee from Al Ain.',
    generalInfo: '',
    offerType: 'discount',
    discountCode: 'FALAJ15',
    discountType: 'percentage',
    discountValue: '15',
    referralLink: '',
    hasExpiry: 'false',
    expiryDate: '',
    websiteLink: 'https://falaj.example',
    discountRedemptionGuide: JSON.stringify([
      { id: 'a', step: 1, instruction: 'Show the code at the counter' },
      { id: 'b', step: 2, instruction: 'Enjoy your coffee' },
    ]),
    termsAndConditions: 'One drink per visit, students only.',
    contactEmail: 'owner@falaj.example',
    contactName: 'Mariam Al Ali',
    contactPhone: '+971 50 123 4567',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

/**
 * How the merchant applications' tests send the form, on the offers their file started (read when a helper is
 * called, so `offers` may still be filling in while the file loads).
 */
export function merchantApplications(offers: TestOffers) {
  const api = () => request(offers.url);

  function submit(
    fields: Record<string, string>,
    file: { bytes: Buffer; name: string } | null = { bytes: PNG, name: 'logo.png' },
  ) {
    const req = api().post('/merchant-applications').set(as(null));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return file ? req.attach('logoFile', file.bytes, file.name) : req;
  }

  async function submitted(fields = form()): Promise<string> {
    const res = await submit(fields);
    if (res.status !== 201) throw new Error(`not submitted: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  }

  return { api, submit, submitted };
}
