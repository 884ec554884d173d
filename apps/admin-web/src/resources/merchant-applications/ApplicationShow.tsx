import { offersAdmin } from '@tullab/contracts/route-table';
import { EmailField, RecordField, UrlField, useRecordContext } from 'react-admin';
import { DecisionOutcome, DecisionShow } from '../../components/Decision';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { UploadedLogo } from '../../components/UploadedLogo';
import { DayField, WhenField } from '../../components/WhenField';
import { arabicText, SideBySide } from '../offers/Bilingual';
import { discountLabel, discountText } from '@tullab/ui';
import { OfferCardPreview } from '../offers/OfferCardPreview';
import { BilingualGuide } from '../offers/RedemptionGuide';
import { categoryLabels, discountTypeLabels, offerTypeLabels } from '../offers/types';
import { ApproveApplicationButton } from './ApproveApplicationButton';
import {
  applicationAsOffer,
  applicationLanguageLabels,
  applicationStatusLabels,
  rejectReasons,
  type ApplicationRecord,
} from './types';

function ApplicationTitle() {
  const record = useRecordContext<ApplicationRecord>();
  return <>{record ? `Application from ${record.brandName}` : 'Merchant application'}</>;
}

function ApplicationDetails() {
  const record = useRecordContext<ApplicationRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      <Section title="Logo and card">
        <UploadedLogo src={record.logoUrl} alt={`${record.brandName} logo as uploaded`} />
        <OfferCardPreview offer={applicationAsOffer(record)} />
      </Section>
      <Section title="Decision">
        <RecordField label="Status">
          <StatusChip source="status" labels={applicationStatusLabels} />
        </RecordField>
        <RecordField source="createdAt" label="Received" field={WhenField} />
        <RecordField
          label="Confirmation to the applicant"
          render={(r: ApplicationRecord) =>
            r.confirmationEmailed ? 'E-mailed' : 'Not e-mailed: this address already had one that day'
          }
        />
        <DecisionOutcome offerLink="Open the offer created from it" />
      </Section>
      <Section title="Brand">
        <RecordField source="brandName" label="Brand name" />
        <RecordField
          label="Category"
          render={(r: ApplicationRecord) => categoryLabels[r.brandCategory] ?? r.brandCategory}
        />
        <SideBySide>
          <RecordField source="businessDescription" label="Business description" />
          <RecordField
            label="Business description (Arabic)"
            render={(r: ApplicationRecord) => arabicText(r.businessDescriptionAr)}
          />
        </SideBySide>
        <RecordField source="websiteLink" label="Website" field={UrlField} empty="–" />
        <RecordField source="generalInfo" label="General info" empty="–" />
      </Section>
      <Section title="Offer">
        <RecordField label="Type" render={(r: ApplicationRecord) => offerTypeLabels[r.offerType]} />
        {record.offerType === 'discount' ? (
          <>
            <RecordField source="discountCode" label="Discount code" />
            <RecordField
              label="Discount"
              render={(r: ApplicationRecord) =>
                `${discountText(discountLabel(r))} (${r.discountType ? discountTypeLabels[r.discountType] : '–'})`
              }
            />
          </>
        ) : (
          <RecordField source="referralLink" label="Referral link" field={UrlField} />
        )}
        <RecordField source="expiryDate" label="Valid until" field={DayField} />
      </Section>
      <Section title="How to redeem" wide>
        <BilingualGuide
          steps={record.discountRedemptionGuide}
          terms={record.termsAndConditions}
          stepsAr={record.discountRedemptionGuideAr}
          termsAr={record.termsAndConditionsAr}
        />
      </Section>
      <Section title="Contact" wide>
        <RecordField source="contactName" label="Name" />
        <RecordField source="contactEmail" label="E-mail" field={EmailField} />
        <RecordField source="contactPhone" label="Phone" empty="–" />
        <RecordField
          label="Language of the applicant's e-mails"
          render={(r: ApplicationRecord) => applicationLanguageLabels[r.language ?? 'en']}
        />
      </Section>
    </SectionGrid>
  );
}

/** Why staff may reject, and who reads it. */
const rejection = {
  route: offersAdmin.rejectApplication,
  reasons: rejectReasons,
  intro: 'The applicant receives this reason by e-mail.',
  success: 'Application rejected',
};

/** One application with its logo and every field, the card it would make, and the decision. */
export function ApplicationShow() {
  return (
    <DecisionShow title={<ApplicationTitle />} approve={<ApproveApplicationButton />} reject={rejection}>
      <ApplicationDetails />
    </DecisionShow>
  );
}
