import { RecordEdit } from '../shared/RecordPages';
import { AssetInputs } from './AssetInputs';

export const AssetEdit = () => (
  <RecordEdit>
    <AssetInputs />
  </RecordEdit>
);
