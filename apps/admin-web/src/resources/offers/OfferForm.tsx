import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { dayBoundary, dubaiDay } from '../../format';
import { useObjectUrl } from '../../hooks/use-object-url';
import { ArabicTextInput, SideBySide } from './Bilingual';
import { LogoInput } from './LogoInput';
import { OfferCardPreview } from './OfferCardPreview';
import {
  categoryLabels,
  discountTypeLabels,
  offerTypeLabels,
  type CardOffer,
  type OfferRecord,
} from './types';
import { offerRules } from './validation';

type OfferFormValues = Partial<CardOffer> & { logoFile?: Blob | null };

/** SPEC §9 defaults: a discount offer, percentage, one empty step; a new offer starts as a draft. */
export const newOffer = {
  offerType: 'discount',
  discountType: 'percentage',
  discountRedemptionGuide: [{ instruction: '' }],
  maxRedemptionsPerStudent: 1,
  status: 'draft',
};

/** The card as the form's current values would show it, with a newly picked logo. */
function LivePreview({ values }: { values: OfferFormValues }) {
  const record = useRecordContext<OfferRecord>();
  const picked = useObjectUrl(values.logoFile instanceof Blob ? values.logoFile : undefined);
  return (
    <OfferCardPreview
      offer={{
        title: values.title ?? '',
        titleAr: values.titleAr,
        brandName: values.brandName ?? '',
        businessName: values.businessName,
        logoUrl: picked ?? record?.logoUrl ?? null,
        businessCategory: values.businessCategory ?? '',
        businessDescription: values.businessDescription,
        description: values.description,
        descriptionAr: values.descriptionAr,
        offerType: values.offerType ?? 'discount',
        discountType: values.discountType ?? null,
        discountValue: values.discountValue ?? null,
        expiresAt: values.expiresAt ?? null,
      }}
    />
  );
}

/** The fields that depend on the offer type: a code and discount, or a referral link. */
function TermsInputs({ values }: { values: OfferFormValues }) {
  if (values.offerType === 'referral') {
    return (
      <TextInput
        source="referralLink"
        label="Referral link"
        type="url"
        validate={offerRules.referralLink}
        helperText="Only students with an active verification receive it."
        fullWidth
      />
    );
  }
  return (
    <>
      <TextInput
        source="code"
        label="Discount code"
        validate={offerRules.code}
        helperText="Given to every student, unless the offer has a code pool. Left empty, students get the code Tullab makes for the offer (shown on its page)."
      />
      <SelectInput
        source="discountType"
        label="Discount type"
        choices={choicesOf(discountTypeLabels)}
        validate={offerRules.discountType}
      />
      {values.discountType !== 'free_shipping' ? (
        <NumberInput
          source="discountValue"
          label={values.discountType === 'fixed' ? 'Discount (AED)' : 'Discount (%)'}
          min={0}
          step={values.discountType === 'fixed' ? 1 : 0.5}
          validate={offerRules.discountValue}
        />
      ) : null}
    </>
  );
}

export interface OfferFormProps {
  /** a new offer is published now or kept as a draft; an existing one changes status through pause and resume */
  creating?: boolean;
}

/**
 * Every SPEC §3 offer field with the rules and texts of the public merchant form (SPEC §5), beside a live preview of
 * the card. The title, description, guide and terms each have an optional Arabic version beside the English one
 * (issue 12). The logo is picked here and uploaded after the offer's fields are saved. The browser's own checks are
 * off (`noValidate`), so the SPEC texts show rather than the browser's bubbles.
 */
export function OfferForm({ creating = false }: OfferFormProps) {
  return (
    <SimpleForm defaultValues={creating ? newOffer : undefined} noValidate sx={{ maxWidth: 1100 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          width: '100%',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 360px' },
        }}
      >
        <Box>
          <Typography component="h2" variant="h6">
            Brand
          </Typography>
          {creating ? (
            <Typography variant="body2" color="text.secondary">
              You can add the logo once the offer is saved.
            </Typography>
          ) : (
            <LogoInput />
          )}
          <TextInput source="brandName" label="Brand name" validate={offerRules.brandName} fullWidth />
          <TextInput
            source="businessName"
            label="Business name"
            validate={offerRules.businessName}
            helperText="If it differs from the brand"
            fullWidth
          />
          <SelectInput
            source="businessCategory"
            label="Category"
            choices={choicesOf(categoryLabels)}
            validate={offerRules.businessCategory}
          />
          <TextInput
            source="businessDescription"
            label="Business description"
            multiline
            minRows={2}
            validate={offerRules.businessDescription}
            fullWidth
          />
          <TextInput
            source="websiteLink"
            label="Website"
            type="url"
            validate={offerRules.websiteLink}
            fullWidth
          />

          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            Offer
          </Typography>
          <SideBySide>
            <TextInput source="title" label="Title" validate={offerRules.title} fullWidth />
            <ArabicTextInput
              source="titleAr"
              label="Title (Arabic)"
              validate={offerRules.titleAr}
              helperText="Optional: students reading Arabic see the English title without it."
              fullWidth
            />
            <TextInput
              source="description"
              label="Description"
              multiline
              minRows={2}
              validate={offerRules.description}
              fullWidth
            />
            <ArabicTextInput
              source="descriptionAr"
              label="Description (Arabic)"
              multiline
              minRows={2}
              validate={offerRules.descriptionAr}
              fullWidth
            />
          </SideBySide>
          <RadioButtonGroupInput
            source="offerType"
            label="Offer type"
            choices={choicesOf(offerTypeLabels)}
            validate={offerRules.offerType}
          />
          <FormDataConsumer<OfferFormValues>>
            {({ formData }) => <TermsInputs values={formData} />}
          </FormDataConsumer>
          <DateInput
            source="expiresAt"
            label="Valid until"
            helperText="The last day students can redeem it (UAE time); empty if it does not expire."
            format={(value?: string | null) => (value ? dubaiDay(value) : '')}
            parse={(value: string) => (value ? dayBoundary(value, 'end') : null)}
          />
          <NumberInput
            source="maxRedemptionsPerStudent"
            label="Codes per student"
            helperText="How many codes of the pool one student may take; one code for everyone is given once."
            min={1}
            max={100}
            step={1}
            validate={offerRules.maxRedemptions}
          />
          {creating ? (
            <RadioButtonGroupInput
              source="status"
              label="Publish"
              choices={[
                { id: 'draft', name: 'Keep as a draft' },
                { id: 'live', name: 'Live on the home page now' },
              ]}
            />
          ) : null}

          <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
            How to redeem
          </Typography>
          <SideBySide>
            <ArrayInput
              source="discountRedemptionGuide"
              label="Redemption steps"
              validate={offerRules.guide}
              fullWidth
            >
              <SimpleFormIterator disableReordering getItemLabel={(index) => `Step ${index + 1}`} fullWidth>
                <TextInput source="instruction" label="Instruction" validate={offerRules.step} fullWidth />
              </SimpleFormIterator>
            </ArrayInput>
            <ArrayInput
              source="discountRedemptionGuideAr"
              label="Redemption steps (Arabic)"
              validate={offerRules.guideAr}
              helperText="Optional: without steps, students reading Arabic see the English ones."
              fullWidth
            >
              <SimpleFormIterator disableReordering getItemLabel={(index) => `Step ${index + 1}`} fullWidth>
                <ArabicTextInput
                  source="instruction"
                  label="Instruction (Arabic)"
                  validate={offerRules.step}
                  fullWidth
                />
              </SimpleFormIterator>
            </ArrayInput>
            <TextInput
              source="termsAndConditions"
              label="Terms and conditions"
              multiline
              minRows={3}
              validate={offerRules.termsAndConditions}
              fullWidth
            />
            <ArabicTextInput
              source="termsAndConditionsAr"
              label="Terms and conditions (Arabic)"
              multiline
              minRows={3}
              validate={offerRules.termsAndConditionsAr}
              fullWidth
            />
          </SideBySide>
          <TextInput
            source="generalInfo"
            label="General info"
            multiline
            minRows={2}
            validate={offerRules.generalInfo}
            fullWidth
          />
        </Box>
        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, alignSelf: 'start' }}>
          <FormDataConsumer<OfferFormValues>>
            {({ formData }) => <LivePreview values={formData} />}
          </FormDataConsumer>
        </Box>
      </Box>
    </SimpleForm>
  );
}
