import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { EditActions, redirectToView } from '../shared/RecordButtons';
import { fromSettingForm, SettingRecord, toSettingForm } from './setting-form';
import { SettingInputs } from './SettingInputs';

/** The form edits { kind, value, values }; the record arrives and leaves as { slug, value }. */
const SettingForm = () => {
  const record = useRecordContext<SettingRecord & { id: string }>();
  if (!record) return null;
  return (
    <SimpleForm
      record={toSettingForm(record)}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <SettingInputs />
    </SimpleForm>
  );
};

export const SettingEdit = () => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={fromSettingForm}>
    <SettingForm />
  </Edit>
);
