import { CreateDialog } from '../shared/CreateDialog';
import { SurveyInputs } from './SurveyInputs';
import { SurveyList } from './SurveyList';

/** /surveys/create: the title and the customer in a dialog over the list; saving opens the survey to add its inputs. */
export const SurveyCreate = () => (
  <>
    <SurveyList />
    <CreateDialog>
      <SurveyInputs />
    </CreateDialog>
  </>
);
