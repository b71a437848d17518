import { Box, Chip, Stack, Typography } from '@mui/material';
import { Labeled, Show, SimpleShowLayout, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { CopyButton } from '../shared/clipboard';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { EditRecordButton } from '../shared/RecordButtons';
import { recordDates } from '../shared/values';
import { OFFER_RATING_WEIGHTS, SettingRecord, settingValueText, WEIGHT_NAMES } from './setting-form';
import { SettingName } from './SettingList';

const Actions = () => (
  <TopToolbar>
    <EditRecordButton />
    <ConfirmDeleteButton />
  </TopToolbar>
);

const SettingValue = (_props: { label?: string }) => {
  const record = useRecordContext<SettingRecord & { id: string }>();
  const translate = useTranslate();
  if (!record) return null;
  const { value } = record;
  // The rating's weights: each chip says which weight it is.
  const named = (index: number, text: string) =>
    record.slug === OFFER_RATING_WEIGHTS && WEIGHT_NAMES[index] ? `${translate(`resources.settings.weights.${WEIGHT_NAMES[index]}`)}: ${text}` : text;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      {Array.isArray(value) ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="setting-values">
          {value.map((text, index) => (
            <Chip key={`${index}-${text}`} label={named(index, text)} size="small" />
          ))}
        </Box>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value || '--'}</Typography>
      )}
      <CopyButton text={Array.isArray(value) ? value.join('\n') : settingValueText(value)} />
    </Stack>
  );
};

const SettingNameOf = (_props: { label?: string }) => {
  const record = useRecordContext<SettingRecord & { id: string }>();
  return record ? <SettingName slug={record.slug} /> : null;
};

export const SettingShow = () => (
  <Show actions={<Actions />}>
    <SimpleShowLayout>
      <Labeled source="slug" label="resources.settings.fields.name">
        <SettingNameOf />
      </Labeled>
      <Labeled source="value">
        <SettingValue />
      </Labeled>
      {recordDates()}
    </SimpleShowLayout>
  </Show>
);
