import { useRecordContext } from 'react-admin';
import { RecordEdit } from '../shared/RecordPages';
import { headerPayload, isDraft, OrderRecord } from './order-record';
import { OrderInputs } from './OrderInputs';

const DraftAwareInputs = () => {
  const record = useRecordContext<OrderRecord>();
  return <OrderInputs draft={isDraft(record)} />;
};

/** /orders/:id/edit: the header; items are changed on /orders/:id/items, the status on the view. */
export const OrderEdit = () => (
  <RecordEdit transform={headerPayload}>
    <DraftAwareInputs />
  </RecordEdit>
);
