import { useLocaleState } from 'react-admin';
import { CreateDialog } from '../shared/CreateDialog';
import { SupplierInputs } from './SupplierInputs';
import { SupplierList } from './SupplierList';

/** A new supplier is active and gets mails in the language the console is read in, until told otherwise. */
export const SupplierCreate = () => {
  const [locale] = useLocaleState();
  return (
    <>
      <SupplierList />
      <CreateDialog defaultValues={{ status: 'active', language: locale === 'de' ? 'de' : 'en' }}>
        <SupplierInputs />
      </CreateDialog>
    </>
  );
};
