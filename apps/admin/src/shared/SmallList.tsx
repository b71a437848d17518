import { Theme, useMediaQuery } from '@mui/material';
import { Fragment, ReactNode } from 'react';
import { RaRecord, SimpleList, useResourceContext, useTranslate } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { StatusKind, statusLook } from './statuses';

/**
 * How a list reads on a phone: a line per record with its two or three key fields, instead of a
 * table to scroll sideways. `primaryText` names the record; `secondaryText` goes under it;
 * `tertiaryText` (a date, an amount) sits at the end of the first line.
 */
export interface SmallRows<RecordType extends RaRecord = RaRecord> {
  primaryText: (record: RecordType) => ReactNode;
  secondaryText?: (record: RecordType) => ReactNode;
  tertiaryText?: (record: RecordType) => ReactNode;
}

/** Below the medium breakpoint (900 px: phones, narrow windows) lists show lines. */
export const useSmallList = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });

/** Long words (an email, a German compound) wrap instead of widening the page. */
const LINE_SX = { '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } } as const;

/** The list's records as lines, each opening its record's view like a table row does. */
export const SmallRowsList = <RecordType extends RaRecord = RaRecord>({ small }: { small: SmallRows<RecordType> }) => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { primaryText, secondaryText, tertiaryText } = small;
  return (
    <SimpleList<RecordType>
      primaryText={(record) => primaryText(record)}
      secondaryText={secondaryText ? (record) => secondaryText(record) : undefined}
      tertiaryText={tertiaryText ? (record) => tertiaryText(record) : undefined}
      rowClick={(id) => recordPath.view(resource, id)}
      rowSx={() => LINE_SX}
      data-testid="record-list-small"
      aria-label={translate(`resources.${resource}.name`, { smart_count: 2 })}
    />
  );
};

/** Parts of a line, the empty ones left out, separated by " · ": "MP-100 · Müller GmbH · Ready". */
export const Parts = ({ children }: { children: ReactNode[] }) => {
  const parts = children.filter((part) => part !== null && part !== undefined && part !== false && part !== '');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? ' · ' : null}
          {part}
        </Fragment>
      ))}
    </>
  );
};

/** A status of docs/product.md §4 as words, for a line (a chip does not fit inside its text). */
export const StatusText = ({ kind, status }: { kind: StatusKind; status: string | boolean | null | undefined }) => {
  const translate = useTranslate();
  if (status === null || status === undefined || status === '') return null;
  const { key } = statusLook(kind, status);
  return <>{key ? translate(key) : String(status)}</>;
};
