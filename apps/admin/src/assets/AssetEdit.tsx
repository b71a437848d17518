import { RecordEdit } from '../shared/RecordPages';
import { AssetInputs } from './AssetInputs';
import { LOAD_FAILED } from './AssetShow';

export const AssetEdit = () => (
  <RecordEdit loadError={LOAD_FAILED}>
    <AssetInputs />
  </RecordEdit>
);
