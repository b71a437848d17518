import { Typography } from '@mui/material';
import { ReferenceField, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { EMPTY_VALUE } from './format';

export interface ReferenceNameProps {
  source: string;
  reference: string;
  /** Shown when the field is empty: '--' unless told ("any group"). */
  emptyText?: string;
  label?: string;
  /** Link to the referenced record's view page; off where the row itself is a link target already. */
  link?: boolean;
}

/**
 * A referenced record by its name (the resource's recordRepresentation), linking to its
 * view page. Without permission to read that area the name can not be fetched, and the
 * field says so instead of raising a notice on every page that shows it.
 */
export const ReferenceName = ({ source, reference, emptyText = EMPTY_VALUE, link = true }: ReferenceNameProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({ resource: reference, action: 'list' });
  const value = record?.[source];
  if (value === null || value === undefined || value === '') {
    return (
      <Typography component="span" variant="body2">
        {emptyText}
      </Typography>
    );
  }
  if (isPending) return null;
  if (!canAccess) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('fabquote.records.not_visible')}
      </Typography>
    );
  }
  return (
    <ReferenceField
      source={source}
      reference={reference}
      link={link ? (referenced) => recordPath.view(reference, referenced.id) : false}
      emptyText={emptyText}
    />
  );
};
