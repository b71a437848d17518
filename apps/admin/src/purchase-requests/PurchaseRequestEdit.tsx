import { RecordEdit } from '../shared/RecordPages';
import { PurchaseRequestInputs } from './PurchaseRequestInputs';

/** The fields PUT /purchase-requests/:id takes; products, suppliers and lines are attached on their tabs. */
const detailFields = (data: Record<string, unknown>) => ({
  name: data.name,
  closeSubmissionDeadline: data.closeSubmissionDeadline,
  includeProductPreview: Boolean(data.includeProductPreview),
  reminderFrequency: data.reminderFrequency ?? null,
  additionalInformation: typeof data.additionalInformation === 'string' && data.additionalInformation.trim() ? data.additionalInformation.trim() : null,
});

/** /purchase-requests/:id/edit: the request's details. */
export const PurchaseRequestEdit = () => (
  <RecordEdit transform={detailFields}>
    <PurchaseRequestInputs />
  </RecordEdit>
);
