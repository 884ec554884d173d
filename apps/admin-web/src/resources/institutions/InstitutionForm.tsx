import {
  ArrayInput,
  BooleanInput,
  maxLength,
  minLength,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { choicesOf } from '../../choices';
import { confidenceLabels, domainKindLabels, emirates, type InstitutionDomain } from './types';

/** The admin API's texts (verification's institution schemas). */
export const institutionMessages = {
  name: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 200 characters',
  domain: 'Please enter a domain, e.g. uni.ac.ae',
  noDomain: 'Add at least one domain',
  repeated: 'Each domain may be listed once',
} as const;

/** A lower-case hostname with at least one dot, as verification's `isHostname` accepts. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const domainValue: Validator = (value: unknown) =>
  typeof value === 'string' && HOSTNAME.test(value.trim().toLowerCase())
    ? undefined
    : institutionMessages.domain;

const domainList: Validator = (value: unknown) => {
  const domains = Array.isArray(value) ? (value as Partial<InstitutionDomain>[]) : [];
  if (domains.length === 0) return institutionMessages.noDomain;
  const names = domains.map((d) => (d.domain ?? '').trim().toLowerCase());
  return new Set(names).size === names.length ? undefined : institutionMessages.repeated;
};

export const newInstitution = { active: true, otherNames: [], domains: [{ domain: '' }] };

/** Create and edit: the name, other names, where it is, whether its domains verify students, and the domains. */
export function InstitutionForm() {
  return (
    <SimpleForm defaultValues={newInstitution}>
      <TextInput
        source="name"
        label="Name"
        validate={[
          required(institutionMessages.name),
          minLength(2, institutionMessages.name),
          maxLength(200, institutionMessages.nameTooLong),
        ]}
        fullWidth
      />
      <TextArrayInput
        source="otherNames"
        label="Other names"
        helperText="Abbreviations and former names; press Enter after each"
      />
      <SelectInput
        source="emirate"
        label="Emirate"
        choices={emirates.map((name) => ({ id: name, name }))}
        emptyText="Not set"
      />
      <TextInput
        source="city"
        label="City"
        validate={maxLength(100, 'City must be at most 100 characters')}
      />
      <BooleanInput
        source="active"
        label="Active"
        helperText="Only an active institution's domains verify students by e-mail code."
      />
      <ArrayInput source="domains" label="E-mail domains" validate={domainList}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="domain" label="Domain" validate={domainValue} helperText={false} />
          <SelectInput
            source="confidence"
            label="Confidence"
            choices={choicesOf(confidenceLabels)}
            defaultValue="high"
            validate={required()}
            helperText={false}
          />
          <SelectInput
            source="kind"
            label="Kind"
            choices={choicesOf(domainKindLabels)}
            defaultValue="institution"
            validate={required()}
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
