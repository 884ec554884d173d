import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  Button,
  DeleteWithConfirmButton,
  EditButton,
  Link,
  LinkBase,
  NumberField,
  RecordField,
  Show,
  TabbedShowLayout,
  TopToolbar,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { Section, SectionGrid } from '../../components/Section';
import { StatusChip } from '../../components/StatusChip';
import { DayField, WhenField } from '../../components/WhenField';
import { CodePool } from './CodePool';
import { CodesLeft } from './OfferList';
import { discountLabel, discountText } from '@tullab/ui';
import { OfferCardPreview } from './OfferCardPreview';
import { OfferStats } from './OfferStats';
import { OfferStatusButton } from './OfferStatusButton';
import { arabicText, SideBySide } from './Bilingual';
import { BilingualGuide } from './RedemptionGuide';
import {
  categoryLabels,
  discountTypeLabels,
  offerStatusLabels,
  offerTypeLabels,
  type OfferRecord,
} from './types';

function OfferTitle() {
  const record = useRecordContext<OfferRecord>();
  return <>{record ? `${record.brandName}: ${record.title}` : 'Offer'}</>;
}

/**
 * The code a student of a discount offer gets (decision 012): one of the pool each, else the offer's own code, else
 * the one Tullab made for it, which the merchant must know.
 */
function CodeStudentsGet({ record }: { record: OfferRecord }) {
  if (record.codesTotal > 0) return <>A code of the pool each (see Code pool)</>;
  if (record.code) return <>{record.code}</>;
  return (
    <>
      <span>{record.generatedCode}</span>
      <Typography variant="body2" color="text.secondary">
        Made by Tullab for this offer, the same for every student: send it to the merchant so they accept it.
      </Typography>
    </>
  );
}

function Overview() {
  const record = useRecordContext<OfferRecord>();
  if (!record) return null;
  return (
    <SectionGrid>
      {record.status === 'archived' ? (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          This offer was deleted: students no longer see it and it cannot change. Its redemptions, codes and
          statistics are kept.
        </Alert>
      ) : null}
      {record.flagged ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {`Flagged: students reported ${record.reportsOpen} codes of this offer that did not work. `}
          <Link
            to={`/code-reports?filter=${encodeURIComponent(JSON.stringify({ status: ['open'], offerId: record.id }))}`}
          >
            See the reports
          </Link>
        </Alert>
      ) : null}
      <Section title="Card">
        <OfferCardPreview offer={record} />
      </Section>
      <Section title="Status">
        <RecordField label="Status">
          <StatusChip source="status" labels={offerStatusLabels} />
        </RecordField>
        <RecordField source="currentUses" label="Uses (students)" field={NumberField} />
        <RecordField label="Codes left" render={(r: OfferRecord) => <CodesLeft record={r} />} />
        <RecordField label="Open code reports" render={(r: OfferRecord) => r.reportsOpen ?? 0} />
        <RecordField source="expiresAt" label="Valid until" field={DayField} />
        <RecordField source="createdAt" label="Created" field={WhenField} />
        <RecordField source="updatedAt" label="Changed" field={WhenField} />
      </Section>
      <Section title="Brand">
        <RecordField source="brandName" label="Brand name" />
        <RecordField source="businessName" label="Business name" />
        <RecordField
          label="Category"
          render={(r: OfferRecord) => categoryLabels[r.businessCategory] ?? r.businessCategory}
        />
        <RecordField source="businessDescription" label="Business description" />
        <RecordField source="websiteLink" label="Website" field={UrlField} empty="–" />
      </Section>
      <Section title="Offer">
        <SideBySide>
          <RecordField source="title" label="Title" />
          <RecordField label="Title (Arabic)" render={(r: OfferRecord) => arabicText(r.titleAr)} />
          <RecordField source="description" label="Description" empty="–" />
          <RecordField
            label="Description (Arabic)"
            render={(r: OfferRecord) => arabicText(r.descriptionAr)}
          />
        </SideBySide>
        <RecordField label="Type" render={(r: OfferRecord) => offerTypeLabels[r.offerType]} />
        {record.offerType === 'discount' ? (
          <>
            <RecordField
              label="Discount"
              render={(r: OfferRecord) =>
                `${discountText(discountLabel(r))} (${r.discountType ? discountTypeLabels[r.discountType] : '–'})`
              }
            />
            <RecordField
              label="Code students get"
              render={(r: OfferRecord) => <CodeStudentsGet record={r} />}
            />
            <RecordField source="maxRedemptionsPerStudent" label="Codes per student" />
          </>
        ) : (
          <RecordField source="referralLink" label="Referral link" field={UrlField} />
        )}
      </Section>
      <Section title="How to redeem" wide>
        <BilingualGuide
          steps={record.discountRedemptionGuide}
          terms={record.termsAndConditions}
          generalInfo={record.generalInfo}
          stepsAr={record.discountRedemptionGuideAr}
          termsAr={record.termsAndConditionsAr}
        />
      </Section>
    </SectionGrid>
  );
}

function Statistics() {
  const record = useRecordContext<OfferRecord>();
  return record ? <OfferStats offerId={record.id} /> : null;
}

/** The offer's rows of the offers audit log: who changed what, and when. */
const historyPath = (id: string) =>
  `/offer-audit-log?filter=${encodeURIComponent(JSON.stringify({ resourceId: id }))}`;

/** Its history; pause, resume, edit and delete, except once deleted (a deleted offer never changes again). */
function OfferActions() {
  const record = useRecordContext<OfferRecord>();
  if (!record) return null;
  return (
    <TopToolbar>
      <Button component={LinkBase} label="History" to={historyPath(record.id)}>
        <HistoryIcon />
      </Button>
      {record.status === 'archived' ? null : (
        <>
          <OfferStatusButton />
          <EditButton />
          <DeleteWithConfirmButton
            confirmTitle="Delete this offer?"
            confirmContent="It leaves the home page for good and can no longer change. Its redemptions, codes and statistics are kept; pausing can be undone."
          />
        </>
      )}
    </TopToolbar>
  );
}

/**
 * One offer: its card and fields, its code pool, and its daily statistics; its history; pause, resume, edit or
 * delete it.
 */
export function OfferShow() {
  return (
    <Show title={<OfferTitle />} actions={<OfferActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Overview">
          <Overview />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Code pool" path="codes">
          <CodePool />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Statistics" path="stats">
          <Statistics />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
