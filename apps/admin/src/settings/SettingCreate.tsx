import { Create, SimpleForm } from 'react-admin';
import { redirectToView } from '../shared/RecordButtons';
import { fromSettingForm, toSettingForm } from './setting-form';
import { SettingInputs } from './SettingInputs';

export const SettingCreate = () => (
  <Create redirect={redirectToView} transform={fromSettingForm}>
    <SimpleForm defaultValues={toSettingForm(undefined)}>
      <SettingInputs />
    </SimpleForm>
  </Create>
);
