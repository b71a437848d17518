import AddLinkIcon from '@mui/icons-material/AddLink';
import { Box } from '@mui/material';
import { ReactNode } from 'react';
import { RaRecord, TransformData, useTranslate } from 'react-admin';
import { ChildRecords } from '../shared/ChildRecords';
import { PurchaseRequestPage } from './PurchaseRequestPage';

export interface RequestRowsProps {
  /** The row's resource; its texts are `resources.<reference>.attach` (button and dialog) and `.row` (the remove dialog). */
  reference: string;
  /** The field that names a row in the remove dialog ("Remove Bracket 90?"). */
  named: string;
  /** docs/product.md §8's success message ("Supplier attached successfully"). */
  attached: string;
  /** Inputs of the attach dialog. */
  inputs: ReactNode;
  transform?: TransformData;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
  /** Inputs of the edit dialog; rows without them are only attached and removed. */
  editInputs?: ReactNode;
  editTransform?: TransformData;
  /** More buttons per row (resend to one supplier). */
  rowActions?: (row: RaRecord) => ReactNode;
}

/**
 * A tab of what the request asks for, or whom (its products, suppliers, operations, parts): the shared
 * table of a record's rows, attached in a dialog and removed after typing DELETE (only the link goes).
 * Written with the request's update permission, read with its view (auth/permissions.ts CHILD_OF).
 */
export const RequestRows = ({ reference, named, attached, inputs, transform, children, editInputs, editTransform, rowActions }: RequestRowsProps) => {
  const translate = useTranslate();
  return (
    <PurchaseRequestPage>
      <Box sx={{ px: 2, pb: 2 }} data-testid={`request-rows-${reference}`}>
        <ChildRecords
          reference={reference}
          target="purchaseRequestId"
          sort={{ field: 'createdAt', order: 'ASC' }}
          inputs={inputs}
          transform={transform}
          add={{ label: `resources.${reference}.attach`, icon: <AddLinkIcon />, notice: attached }}
          editable={Boolean(editInputs)}
          editInputs={editInputs}
          editTransform={editTransform}
          rowActions={rowActions}
          rowName={(row) => translate(`resources.${reference}.row`, { name: String(row[named] ?? '') })}
        >
          {children}
        </ChildRecords>
      </Box>
    </PurchaseRequestPage>
  );
};
