import { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  RaRecord,
  SearchInput,
  SortPayload,
  TopToolbar,
  useCanAccess,
  useResourceContext,
} from 'react-admin';
import { recordPath } from '../routing/route-table';
import { BulkConfirmDeleteButton } from './BulkConfirmDeleteButton';
import { CsvColumn } from './csv-export';
import { EmptyList } from './EmptyList';
import { SmallRows, SmallRowsList, useSmallList } from './SmallList';
import { useCsvExporter } from './useCsvExporter';

export interface RecordListProps {
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
  /** Filters besides the full-text search, which is always there. */
  filters?: ReactElement[];
  sort: SortPayload;
  /** What the CSV export writes. */
  exportColumns: readonly CsvColumn[];
  /** A filter always applied, not shown (the order lines that are items: no text lines). */
  filter?: Record<string, unknown>;
}

export interface RecordListWithLinesProps<RecordType extends RaRecord = RaRecord> extends RecordListProps {
  /**
   * On a phone: the record's key fields as a line (SmallList.tsx) instead of the table. Every area
   * gives it; only a list that draws its phone version itself (surveys) leaves it out.
   */
  small?: SmallRows<RecordType>;
}

const Actions = ({ hasFilters }: { hasFilters: boolean }) => (
  <TopToolbar>
    {hasFilters ? <FilterButton /> : null}
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

/**
 * The list page every master-data area shares: search and filters, sortable columns,
 * pages, CSV export, rows opening at /:id/view, ticked rows deleted after typing DELETE,
 * and an empty state inviting the first record. On a phone (below md) the rows are lines of
 * the key fields `small` names, so the page never scrolls sideways.
 */
export const RecordList = <RecordType extends RaRecord = RaRecord>({ children, filters = [], sort, exportColumns, small, filter }: RecordListWithLinesProps<RecordType>) => {
  const resource = useResourceContext() ?? '';
  const exporter = useCsvExporter(resource, exportColumns);
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const lines = useSmallList();
  return (
    <List
      sort={sort}
      filter={filter}
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...filters]}
      actions={<Actions hasFilters={filters.length > 0} />}
      exporter={exporter}
      empty={<EmptyList />}
    >
      {lines && small ? (
        <SmallRowsList<RecordType> small={small} />
      ) : (
        <DataTable<RecordType> rowClick={(id) => recordPath.view(resource, id)} bulkActionButtons={canDelete ? <BulkConfirmDeleteButton /> : false}>
          {children}
        </DataTable>
      )}
    </List>
  );
};
