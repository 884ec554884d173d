import type { ReactElement, ReactNode } from 'react';
import { Link, RecordField, Show, TopToolbar, useRecordContext, type RaRecord } from 'react-admin';
import { RejectButton, type RejectButtonProps } from './RejectButton';
import { WhenField } from './WhenField';

export interface DecisionActionsProps {
  /** the record's own Approve button */
  approve: ReactNode;
  /** the reasons to reject, who reads them, and the notice once rejected */
  reject: RejectButtonProps;
}

/** Approve and Reject in a show page's toolbar, while the record waits for a decision (its status is pending). */
export function DecisionActions({ approve, reject }: DecisionActionsProps) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      {record?.status === 'pending' ? (
        <>
          {approve}
          <RejectButton {...reject} />
        </>
      ) : null}
    </TopToolbar>
  );
}

type Decided = RaRecord & { reason?: string | null; offerId?: string | null };

/**
 * The end of a decision section: when it was decided, the reason given for a rejection and, with `offerLink`, a link
 * to the offer the approval made.
 */
export function DecisionOutcome({ offerLink }: { offerLink?: string }) {
  const record = useRecordContext<Decided>();
  if (!record) return null;
  return (
    <>
      <RecordField source="decidedAt" label="Decided" field={WhenField} />
      {record.reason ? <RecordField source="reason" label="Reason given" /> : null}
      {offerLink && record.offerId ? (
        <RecordField label="Offer">
          <Link to={`/offers/${record.offerId}/show`}>{offerLink}</Link>
        </RecordField>
      ) : null}
    </>
  );
}

export interface DecisionShowProps extends DecisionActionsProps {
  title: ReactElement;
  children: ReactNode;
}

/** The show page of a record staff approve or reject, with Approve and Reject above it while it waits. */
export function DecisionShow({ title, approve, reject, children }: DecisionShowProps) {
  return (
    <Show title={title} actions={<DecisionActions approve={approve} reject={reject} />}>
      {children}
    </Show>
  );
}
