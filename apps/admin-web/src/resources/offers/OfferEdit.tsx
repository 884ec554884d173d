import { Create, Edit, useRecordContext } from 'react-admin';
import { OfferForm } from './OfferForm';
import type { OfferRecord } from './types';

function OfferTitle() {
  const record = useRecordContext<OfferRecord>();
  return <>{record ? `Edit ${record.brandName}: ${record.title}` : 'Edit offer'}</>;
}

/** PUT replaces the editable fields (status moves through pause and resume); a new logo is uploaded after it. */
export function OfferEdit() {
  return (
    <Edit title={<OfferTitle />} mutationMode="pessimistic" redirect="show">
      <OfferForm />
    </Edit>
  );
}

/** A new offer; then its edit page, where the logo can be added. */
export function OfferCreate() {
  return (
    <Create title="New offer" redirect="edit">
      <OfferForm creating />
    </Create>
  );
}
