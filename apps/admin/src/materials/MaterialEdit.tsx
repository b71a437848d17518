import { Edit, RaRecord, SaveButton, SimpleForm, Toolbar, UpdateParams, useNotify, useRedirect } from 'react-admin';
import { EditActions, redirectToView } from '../shared/RecordButtons';
import { recordNoticeKey } from '../shared/record-notice';
import { MaterialInputs } from './MaterialInputs';
import { fetchPriceInEffect } from './PriceInEffect';
import { IN_EFFECT, pricePerUnitOverruled } from './price-in-effect';
import { changesOnly } from '../shared/changes-only';

/**
 * RecordEdit's page, saying after the save when a new price per unit changes no price because the material's
 * own dated price or its group's list takes precedence; otherwise the usual notice.
 */
export const MaterialEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = async (saved: RaRecord, variables: Partial<UpdateParams>) => {
    const changed = Number(variables.previousData?.pricePerUnit ?? 0) !== Number(saved.pricePerUnit ?? 0);
    const answer = changed ? await fetchPriceInEffect(saved.id).catch(() => null) : null;
    if (pricePerUnitOverruled(variables.previousData?.pricePerUnit, saved.pricePerUnit, answer)) {
      notify(`${IN_EFFECT}.overruled`, { type: 'warning', messageArgs: { reason: answer?.reason ?? '' }, autoHideDuration: 10_000 });
    } else {
      notify(recordNoticeKey('materials', 'updated'), { type: 'info', messageArgs: { smart_count: 1 } });
    }
    redirect(redirectToView('materials', saved.id));
  };
  return (
    <Edit actions={<EditActions />} mutationMode="pessimistic" transform={changesOnly()} mutationOptions={{ onSuccess }}>
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <MaterialInputs />
      </SimpleForm>
    </Edit>
  );
};
