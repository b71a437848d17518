// The area's screens: loaded as one chunk the first time one is shown (index.ts, lazyScreens).
export { SurveyCreate } from './SurveyCreate';
export { SurveyList } from './SurveyList';
export { SurveyShow } from './SurveyShow';
