import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Button } from '@mui/material';
import { CreateButton, DataTable, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { RecordList } from '../shared/RecordList';
import { SmallRows } from '../shared/SmallList';
import { DateText } from '../shared/values';
import type { Setting } from '../api/contracts';
import { settingNameKey, settingValueText } from './setting-form';

/** A setting the product knows by its name in the reader's language, with its key below; the shop's own by its key. */
export const SettingName = ({ slug }: { slug: string }) => {
  const translate = useTranslate();
  const name = settingNameKey(slug);
  if (!name) return <>{slug}</>;
  return (
    <>
      {translate(name)}
      <br />
      <small style={{ opacity: 0.7 }}>{slug}</small>
    </>
  );
};

/** The letterhead's keys are here too, but the company profile is where one edits them. */
const CompanyProfileLink = () => {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/company-profile" size="small" startIcon={<StorefrontIcon />}>
      {translate('resources.settings.company_profile')}
    </Button>
  );
};

const CompanyProfileHint = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" action={<CompanyProfileLink />} sx={{ m: 1, alignItems: 'center' }}>
      {translate('resources.settings.company_profile_hint')}
    </Alert>
  );
};

/** A setting's name in the reader's language, or its key. */
const SettingTitle = ({ slug }: { slug: string }) => {
  const translate = useTranslate();
  const name = settingNameKey(slug);
  return <>{name ? translate(name) : slug}</>;
};

const small: SmallRows<Setting> = {
  primaryText: (setting) => <SettingTitle slug={setting.slug} />,
  secondaryText: (setting) => settingValueText(setting.value),
};

/** A setting is deleted from its page (one the product reads goes back to its default): no ticked rows here. */
export const SettingList = () => (
  <RecordList<Setting>
    sort={{ field: 'slug', order: 'ASC' }}
    small={small}
    bulkDelete={false}
    notice={<CompanyProfileHint />}
    actions={
      <>
        <CompanyProfileLink />
        <CreateButton />
      </>
    }
  >
    <DataTable.Col source="slug" label="resources.settings.fields.name" render={(record) => <SettingName slug={record.slug} />} />
    <DataTable.Col
      source="value"
      disableSort
      render={(record) => settingValueText(record.value)}
      sx={{ maxWidth: 480, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    />
    <DataTable.Col source="updatedAt" render={(record) => <DateText value={record.updatedAt} withTime />} />
  </RecordList>
);
