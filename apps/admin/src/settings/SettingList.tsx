import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { recordPath } from '../routing/route-table';
import { DateText } from '../shared/values';
import type { Setting } from '../api/contracts';
import { settingValueText } from './setting-form';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

export const SettingList = () => (
  <List sort={{ field: 'slug', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]} actions={<Actions />}>
    <DataTable<Setting> rowClick={(id) => recordPath.view('settings', id)} bulkActionButtons={false}>
      <DataTable.Col source="slug" />
      <DataTable.Col
        source="value"
        disableSort
        render={(record) => settingValueText(record.value)}
        sx={{ maxWidth: 480, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      />
      <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} withTime />} />
    </DataTable>
  </List>
);
