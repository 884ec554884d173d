import { discountTypes, type DiscountType, type OfferCategory, type OfferType } from '@tullab/contracts';
import { CURRENCY, offerCategoryLabels } from '@tullab/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../forms/CheckboxInput';
import { TextInput } from '../forms/TextInput';
import { ARABIC_INPUT, FormSection, LTR_INPUT, OfferTypeInput, SelectInput, Watch } from './form-parts';
import { StepsInput } from './StepsInput';

/**
 * The offer fields the merchant application and the merchant portal's offer proposal (issue 16) share: the same
 * fields, labels and rules in both forms.
 */

/** The categories an offer (or a merchant application) can belong to, in the catalogue's order. */
const OFFER_CATEGORIES = Object.keys(offerCategoryLabels) as OfferCategory[];

/** The offer's category, as a select of the catalogue's categories. */
export function CategoryInput({ name }: { name: string }) {
  const { t } = useTranslation('merchants');
  return (
    <SelectInput
      name={name}
      label={t('form.category')}
      options={OFFER_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
      placeholder={t('form.categoryPlaceholder')}
    />
  );
}

/** The brand's website. */
export function WebsiteInput({ autoComplete }: { autoComplete?: string }) {
  const { t } = useTranslation('merchants');
  return (
    <TextInput
      name="websiteLink"
      label={t('form.website')}
      type="url"
      inputMode="url"
      autoComplete={autoComplete}
      placeholder={t('form.websitePlaceholder')}
      slotProps={LTR_INPUT}
    />
  );
}

/** The discount's type, then its value unless the discount is free shipping. */
function DiscountInputs() {
  const { t } = useTranslation('merchants');
  return (
    <>
      <SelectInput
        name="discountType"
        label={t('form.discountType')}
        options={discountTypes.map((type) => ({
          value: type,
          label: t(`form.discountTypes.${type}`, { currency: CURRENCY }),
        }))}
      />
      <Watch<DiscountType> name="discountType">
        {(discountType) =>
          discountType === 'free_shipping' ? null : (
            <TextInput
              name="discountValue"
              label={
                discountType === 'fixed'
                  ? t('form.discountValueFixed', { currency: CURRENCY })
                  : t('form.discountValuePercentage')
              }
              type="number"
              inputMode="decimal"
              slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              required
            />
          )
        }
      </Watch>
    </>
  );
}

/**
 * The offer type, then the referral link or the discount's type and value (each shown only when the choices so far
 * call for it); each form puts its own code field `before` or `after` the discount's.
 */
export function OfferTypeFields({
  before,
  after,
  referralPlaceholder = false,
}: {
  before?: ReactNode;
  after?: ReactNode;
  /** whether the referral link shows an example address */
  referralPlaceholder?: boolean;
}) {
  const { t } = useTranslation('merchants');
  return (
    <>
      <OfferTypeInput name="offerType" />
      <Watch<OfferType> name="offerType">
        {(offerType) =>
          offerType === 'referral' ? (
            <TextInput
              name="referralLink"
              label={t('form.referralLink')}
              type="url"
              inputMode="url"
              placeholder={referralPlaceholder ? t('form.referralLinkPlaceholder') : undefined}
              helperText={t('form.referralLinkHelp')}
              slotProps={LTR_INPUT}
              required
            />
          ) : (
            <>
              {before}
              <DiscountInputs />
              {after}
            </>
          )
        }
      </Watch>
    </>
  );
}

/** "Has an expiry date", and the date when it has. */
export function ExpiryInputs() {
  const { t } = useTranslation('merchants');
  return (
    <>
      <CheckboxInput name="hasExpiry" label={t('form.hasExpiry')} />
      <Watch<boolean> name="hasExpiry">
        {(hasExpiry) =>
          hasExpiry ? (
            <TextInput
              name="expiryDate"
              label={t('form.expiryDate')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
          ) : null
        }
      </Watch>
    </>
  );
}

/** The redemption guide and the terms, each with its optional Arabic text. */
export function RedemptionSection() {
  const { t } = useTranslation('merchants');
  return (
    <FormSection title={t('form.redemptionSection')}>
      <StepsInput name="discountRedemptionGuide" label={t('form.guide')} hint={t('form.guideHelp')} />
      <StepsInput
        name="discountRedemptionGuideAr"
        label={t('form.guideAr')}
        hint={t('form.guideArHelp')}
        arabic
      />
      <TextInput name="termsAndConditions" label={t('form.terms')} multiline minRows={4} required />
      <TextInput
        name="termsAndConditionsAr"
        label={t('form.termsAr')}
        multiline
        minRows={4}
        slotProps={ARABIC_INPUT}
      />
    </FormSection>
  );
}
