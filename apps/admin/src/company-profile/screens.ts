// The company profile's screen: loaded as one chunk the first time it is shown (index.ts, lazyScreens).
export { CompanyProfilePage } from './CompanyProfilePage';
