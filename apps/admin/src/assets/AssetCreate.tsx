import { CreateDialog } from '../shared/CreateDialog';
import { AssetInputs } from './AssetInputs';
import { AssetList } from './AssetList';

export const AssetCreate = () => (
  <>
    <AssetList />
    <CreateDialog defaultValues={{ quickSelect: false, calculateByTime: false }}>
      <AssetInputs />
    </CreateDialog>
  </>
);
