import { Box, Chip, Stack, Typography } from '@mui/material';
import { Labeled, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { CopyButton } from '../shared/clipboard';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { EditRecordButton } from '../shared/RecordButtons';
import { recordDates } from '../shared/values';
import { SettingRecord, settingValueText } from './setting-form';

const Actions = () => (
  <TopToolbar>
    <EditRecordButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

const SettingValue = (_props: { label?: string }) => {
  const record = useRecordContext<SettingRecord & { id: string }>();
  if (!record) return null;
  const { value } = record;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {Array.isArray(value) ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="setting-values">
          {value.map((text, index) => (
            <Chip key={`${index}-${text}`} label={text} size="small" />
          ))}
        </Box>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value || '--'}</Typography>
      )}
      <CopyButton text={Array.isArray(value) ? value.join('\n') : settingValueText(value)} />
    </Stack>
  );
};

export const SettingShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <TextField source="slug" />
      <Labeled source="value">
        <SettingValue />
      </Labeled>
      {recordDates()}
    </SimpleShowLayout>
  </Show>
);
