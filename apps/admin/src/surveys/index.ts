import AssignmentIcon from '@mui/icons-material/Assignment';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/**
 * Surveys (docs/product.md §2 /surveys, docs/api-surveys.md): customer inquiries read into products.
 * The list, the create dialog over it, and the view where inputs are added, followed while they are
 * read, and what was read is reviewed beside its source.
 */
export default {
  list: screen('SurveyList'),
  create: screen('SurveyCreate'),
  show: screen('SurveyShow'),
  icon: AssignmentIcon,
  recordRepresentation: 'title',
};
