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
  /** What the CSV export writes; left out: the list has no export. */
  exportColumns?: readonly CsvColumn[];
  /** A filter always applied, not shown (the order lines that are items: no text lines). */
  filter?: Record<string, unknown>;
  /** The toolbar's buttons beside the filter button; left out: Create and, with `exportColumns`, Export. */
  actions?: ReactNode;
  /** Ticked rows may be deleted (after typing DELETE) when the user may delete; false: rows are not ticked (users, roles, settings). */
  bulkDelete?: boolean;
  /** Shown above the rows (a hint). */
  notice?: ReactNode;
}

export interface RecordListWithLinesProps<RecordType extends RaRecord = RaRecord> extends RecordListProps {
  /**
   * On a phone: the record's key fields as a line (SmallList.tsx) instead of the table. Every area
   * gives it; only a list that draws its phone version itself (surveys) leaves it out.
   */
  small?: SmallRows<RecordType>;
}

const NO_COLUMNS: readonly CsvColumn[] = [];

const Actions = ({ hasFilters, children }: { hasFilters: boolean; children: ReactNode }) => (
  <TopToolbar>
    {hasFilters ? <FilterButton /> : null}
    {children}
  </TopToolbar>
);

/**
 * The list page every area shares (master data, products, orders, users, roles, settings):
 * search and filters, sortable columns, pages, CSV export, rows opening at /:id/view, ticked
 * rows deleted after typing DELETE, and an empty state inviting the first record. On a phone
 * (below md) the rows are lines of the key fields `small` names, so the page never scrolls sideways.
 */
export const RecordList = <RecordType extends RaRecord = RaRecord>({
  children,
  filters = [],
  sort,
  exportColumns,
  small,
  filter,
  actions,
  bulkDelete = true,
  notice,
}: RecordListWithLinesProps<RecordType>) => {
  const resource = useResourceContext() ?? '';
  const exporter = useCsvExporter(resource, exportColumns ?? NO_COLUMNS);
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const lines = useSmallList();
  const buttons = actions ?? (
    <>
      <CreateButton />
      {exportColumns ? <ExportButton /> : null}
    </>
  );
  return (
    <List
      sort={sort}
      filter={filter}
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...filters]}
      actions={<Actions hasFilters={filters.length > 0}>{buttons}</Actions>}
      exporter={exportColumns ? exporter : false}
      empty={<EmptyList />}
    >
      {notice}
      {lines && small ? (
        <SmallRowsList<RecordType> small={small} />
      ) : (
        <DataTable<RecordType> rowClick={(id) => recordPath.view(resource, id)} bulkActionButtons={bulkDelete && canDelete ? <BulkConfirmDeleteButton /> : false}>
          {children}
        </DataTable>
      )}
    </List>
  );
};
