import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RecordEdit } from '../shared/RecordPages';
import { PurchaseRequestRecord } from './purchase-request-record';
import { PurchaseRequestInputs } from './PurchaseRequestInputs';

/** The fields PUT /purchase-requests/:id takes; products, suppliers and lines are attached on their tabs. */
const detailFields = (data: Record<string, unknown>) => ({
  name: data.name,
  closeSubmissionDeadline: data.closeSubmissionDeadline,
  includeProductPreview: Boolean(data.includeProductPreview),
  reminderFrequency: data.reminderFrequency ?? null,
  additionalInformation: typeof data.additionalInformation === 'string' && data.additionalInformation.trim() ? data.additionalInformation.trim() : null,
});

/**
 * On a closed request ("Closed"): a changed deadline in the future reopens it and mails every supplier
 * it was sent to (docs/api-procurement.md, "Reopen"); the note says so before saving.
 */
const ReopenNote = () => {
  const record = useRecordContext<PurchaseRequestRecord>();
  const translate = useTranslate();
  const deadline = useWatch({ name: 'closeSubmissionDeadline' }) as string | null | undefined;
  if (!record || record.status !== 'closed') return null;
  const time = deadline ? new Date(deadline).getTime() : NaN;
  const reopens = Number.isFinite(time) && time > Date.now() && time !== new Date(record.closeSubmissionDeadline).getTime();
  return (
    <Alert severity={reopens ? 'warning' : 'info'} sx={{ mb: 2, width: '100%' }} data-testid="reopen-note">
      {translate(reopens ? 'resources.purchase-requests.reopen.will_reopen' : 'resources.purchase-requests.reopen.closed_note')}
    </Alert>
  );
};

/** /purchase-requests/:id/edit: the request's details. */
export const PurchaseRequestEdit = () => (
  <RecordEdit transform={detailFields}>
    <ReopenNote />
    <PurchaseRequestInputs />
  </RecordEdit>
);
