import { Create, Edit } from 'react-admin';
import { InstitutionForm } from './InstitutionForm';

/** PUT replaces the record: the form holds every field, `active` included. Errors come back onto the fields. */
export function InstitutionEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <InstitutionForm />
    </Edit>
  );
}

export function InstitutionCreate() {
  return (
    <Create redirect="list">
      <InstitutionForm />
    </Create>
  );
}
