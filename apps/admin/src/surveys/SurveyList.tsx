import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, Theme, Typography, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { recordPath } from '../routing/route-table';
import { CsvColumn } from '../shared/csv-export';
import { EmptyList } from '../shared/EmptyList';
import { formatDate } from '../shared/format';
import { useTimeZone } from '../shared/useTimeZone';
import { RecordList } from '../shared/RecordList';
import { ReferenceName } from '../shared/ReferenceName';
import { DateText } from '../shared/values';
import { Survey, warningChipCount } from './survey-record';

const RESOURCE = 'surveys';
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

const filters = [
  <ReferenceInput key="customerId" source="customerId" reference="customers" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  <SelectInput
    key="source"
    source="source"
    choices={[
      { id: 'staff', name: 'resources.surveys.sources.staff' },
      { id: 'quote-page', name: 'resources.surveys.sources.quote-page' },
    ]}
  />,
];

const exportColumns: CsvColumn[] = [
  { source: 'number' },
  { source: 'title' },
  { source: 'customerId', reference: 'customers' },
  { source: 'inputCount' },
  { source: 'processingCount' },
  { source: 'errorCount' },
  { source: 'productCount' },
  { source: 'warningCount' },
  { source: 'createdByName' },
  { source: 'createdAt' },
];

/** A count that wants attention (inputs still being read, inputs that failed) in its colour; zero stays plain. */
const Count = ({ value, color }: { value: number | null | undefined; color?: 'info.main' | 'error.main' }) => (
  <Typography component="span" variant="body2" color={value && color ? color : undefined} sx={{ fontWeight: value && color ? 600 : undefined }}>
    {value ?? 0}
  </Typography>
);

/** The readers' warnings over the survey's inputs: a warning-coloured chip with the count, nothing when none. */
const WarningChip = ({ survey }: { survey: Pick<Survey, 'warningCount'> }) => {
  const translate = useTranslate();
  const count = warningChipCount(survey);
  if (count === null) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label={translate('resources.surveys.warning_chip', { smart_count: count })}
      data-testid="survey-warning-count"
    />
  );
};

/** Phones (below md): one line per survey, no table to scroll sideways. */
const SurveyListSmall = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const timeZone = useTimeZone();
  return (
    <List
      resource={RESOURCE}
      sort={NEWEST_FIRST}
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...filters]}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
      empty={<EmptyList />}
    >
      <SimpleList<Survey>
        primaryText={(survey) => survey.title}
        secondaryText={(survey) => {
          const warnings = warningChipCount(survey);
          return [survey.number, survey.customerName, warnings ? translate('resources.surveys.warning_chip', { smart_count: warnings }) : null].filter(Boolean).join(' · ');
        }}
        tertiaryText={(survey) => formatDate(survey.createdAt, locale, timeZone)}
        rowClick={(id) => recordPath.view(RESOURCE, id)}
        rowSx={() => ({ '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } })}
        data-testid="survey-list-small"
        aria-label={translate('resources.surveys.name', { smart_count: 2 })}
      />
    </List>
  );
};

/** The title, and a chip when the survey came from the public quote page. */
const SurveyTitle = ({ survey }: { survey: Survey }) => {
  const translate = useTranslate();
  return (
    <>
      {survey.title}
      {survey.source === 'quote-page' ? <Chip size="small" sx={{ ml: 1 }} label={translate('resources.surveys.quote.source')} data-testid="survey-from-quote-page" /> : null}
    </>
  );
};

/** docs/product.md §2 /surveys: newest first, with how far each survey's inputs are. */
export const SurveyList = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  if (small) return <SurveyListSmall />;
  return (
    <RecordList<Survey> sort={NEWEST_FIRST} filters={filters} exportColumns={exportColumns}>
      <DataTable.Col source="number" />
      <DataTable.Col source="title" render={(survey) => <SurveyTitle survey={survey as Survey} />} />
      <DataTable.Col source="customerId">
        <ReferenceName source="customerId" reference="customers" link={false} />
      </DataTable.Col>
      <DataTable.Col source="inputCount" align="right" render={(survey) => <Count value={survey.inputCount} />} />
      <DataTable.Col source="processingCount" align="right" render={(survey) => <Count value={survey.processingCount} color="info.main" />} />
      <DataTable.Col source="errorCount" align="right" render={(survey) => <Count value={survey.errorCount} color="error.main" />} />
      <DataTable.Col source="productCount" align="right" render={(survey) => <Count value={survey.productCount} />} />
      <DataTable.Col source="warningCount" align="right" render={(survey) => <WarningChip survey={survey as Survey} />} />
      <DataTable.Col source="createdAt" render={(survey) => <DateText value={survey.createdAt} withTime />} />
    </RecordList>
  );
};
