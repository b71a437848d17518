import { AutocompleteInput, ReferenceInput, SortPayload } from 'react-admin';

const BY_NAME: SortPayload = { field: 'name', order: 'ASC' };

/** A list filter that picks one record of `reference` by typing its name (the choices sorted by name unless `sort` says otherwise). */
export const referenceFilter = (source: string, reference: string, sort: SortPayload = BY_NAME) => (
  <ReferenceInput key={source} source={source} reference={reference} sort={sort}>
    <AutocompleteInput />
  </ReferenceInput>
);
