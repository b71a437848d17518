import { Edit, RaRecord, SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import { refreshProfile } from '../auth/identity-api';
import { EditActions, redirectToView } from '../shared/RecordButtons';
import { fromSettingForm, SettingRecord, toSettingForm } from './setting-form';
import { SettingInputs } from './SettingInputs';
import { changesOnly } from '../shared/changes-only';

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
      <SettingInputs fixed />
    </SimpleForm>
  );
};

/** Money everywhere shows in the organization's currency, which the signed-in profile carries. */
const afterSave = (saved: RaRecord | undefined, error: unknown) => {
  if (!error && (saved as SettingRecord | undefined)?.slug === 'currency') void refreshProfile().catch(() => undefined);
};

export const SettingEdit = () => (
  <Edit actions={<EditActions />} mutationMode="pessimistic" redirect={redirectToView} transform={changesOnly(fromSettingForm)} mutationOptions={{ onSettled: afterSave }}>
    <SettingForm />
  </Edit>
);
