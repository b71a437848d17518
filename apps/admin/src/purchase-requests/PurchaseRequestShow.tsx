import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Divider, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import {
  BooleanField,
  Button,
  FunctionField,
  Labeled,
  TextField,
  useCanAccess,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { api, API_URL, requestHeaders } from '../api/http-client';
import { ConfirmDeleteButton } from '../shared/ConfirmDeleteButton';
import { downloadFile } from '../shared/download';
import { FilePicker } from '../shared/FileInputs';
import { formatQuantity } from '../shared/format';
import { SectionHeading } from '../shared/SectionHeading';
import { ShowSection } from '../shared/ShowSection';
import { useApiAction } from '../shared/useApiAction';
import { useNotifyError } from '../shared/useErrorNotice';
import { ChoiceField, DateValueField, labeledFields, QuantityField, StatusChip } from '../shared/values';
import { PurchaseRequestPage } from './PurchaseRequestPage';
import { PurchaseRequestRecord, REMINDER_PREFIX } from './purchase-request-record';

interface RequestFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

/** A file of the request, fetched with the session's headers. */
const download = (file: RequestFile) =>
  downloadFile(`${API_URL}/purchase-request-files/${encodeURIComponent(file.id)}/content`, requestHeaders(), file.fileName, (status) => new Error(String(status)));

/** 1.5 MB, 320 KB: a file's size for people. */
export function fileSize(bytes: number, locale: string): string {
  if (bytes >= 1024 * 1024) return formatQuantity(bytes / (1024 * 1024), locale, 'MB', 1);
  return formatQuantity(Math.max(1, Math.round(bytes / 1024)), locale, 'KB', 0);
}

/**
 * Drawings and documents for the suppliers: one file at a time, 10 MB at most (checked here and by
 * the API, which also checks the type by content: "This file type is not accepted").
 */
const Files = () => {
  const request = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notifyError = useNotifyError();
  const { canAccess: canUpload } = useCanAccess({ resource: 'purchase-request-files', action: 'create' });
  const { run, pending: uploading } = useApiAction();
  const { data: files } = useGetList<RequestFile>(
    'purchase-request-files',
    { filter: { purchaseRequestId: request?.id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'ASC' } },
    { enabled: Boolean(request?.id) },
  );
  if (!request) return null;
  const upload = (file: File) => {
    const body = new FormData();
    body.append('purchaseRequestId', String(request.id));
    body.append('file', file);
    void run(() => api.post('/purchase-request-files', body), 'resources.purchase-request-files.uploaded', { name: file.name });
  };
  return (
    <Box component="section" sx={{ p: 2 }} aria-label={translate('resources.purchase-request-files.name', { smart_count: 2 })} data-testid="request-files">
      <SectionHeading
        title={translate('resources.purchase-request-files.name', { smart_count: 2 })}
        description={translate('resources.purchase-request-files.description')}
        actions={
          canUpload ? <FilePicker label="resources.purchase-request-files.upload" accept={[]} onFile={upload} disabled={uploading} icon={<UploadFileIcon />} testId="request-file-input" /> : null
        }
      />
      {files && files.length > 0 ? (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.id}
              divider
              secondaryAction={
                <Stack direction="row">
                  <Button
                    label="resources.purchase-request-files.download"
                    onClick={() => download(file).catch((error) => notifyError(error, 'fabquote.errors.request_failed'))}
                  >
                    <DownloadIcon />
                  </Button>
                  <ConfirmDeleteButton record={file} resource="purchase-request-files" redirectTo={false} name={file.fileName} />
                </Stack>
              }
            >
              <ListItemText primary={file.fileName} secondary={fileSize(file.size, locale)} />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {translate('resources.purchase-request-files.none')}
        </Typography>
      )}
    </Box>
  );
};

/** /purchase-requests/:id/view: the request's details, what it counts, and its files. */
export const PurchaseRequestShow = () => (
  <PurchaseRequestPage>
    <Stack direction={{ xs: 'column', md: 'row' }}>
      <ShowSection title="resources.purchase-requests.sections.request">
        <TextField source="number" />
        <TextField source="name" />
        <FunctionField<PurchaseRequestRecord> source="status" render={(record) => <RequestStatus record={record} />} />
        <Labeled source="closeSubmissionDeadline">
          <DateValueField source="closeSubmissionDeadline" withTime />
        </Labeled>
        <FunctionField<PurchaseRequestRecord>
          source="reminderFrequency"
          render={(record) => (record.reminderFrequency ? <ChoiceField source="reminderFrequency" prefix={REMINDER_PREFIX} /> : <ReminderNone />)}
        />
        <BooleanField source="includeProductPreview" />
        <TextField source="additionalInformation" emptyText="--" />
      </ShowSection>
      <ShowSection title="resources.purchase-requests.sections.progress">
        <TextField source="createdByName" emptyText="--" />
        {labeledFields(['sentAt', 'closedAt'], (source) => (
          <DateValueField source={source} withTime />
        ))}
        {labeledFields(['supplierCount', 'offerCount', 'openQuestionCount'], (source) => (
          <QuantityField source={source} />
        ))}
      </ShowSection>
    </Stack>
    <Divider />
    <Files />
  </PurchaseRequestPage>
);

/** The status chip; a closed request ("Closed") says that moving the deadline opens it again. */
const RequestStatus = ({ record }: { record: PurchaseRequestRecord }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusChip kind="purchase_request" status={record.status} />
      {record.status === 'closed' ? (
        <Typography variant="body2" color="text.secondary" data-testid="request-posted-note">
          {translate('resources.purchase-requests.reopen.posted')}
        </Typography>
      ) : null}
    </Stack>
  );
};

const ReminderNone = () => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      {translate(`${REMINDER_PREFIX}.none`)}
    </Typography>
  );
};
