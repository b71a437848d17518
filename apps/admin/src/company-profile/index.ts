import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

/** The company profile: one page, in the Settings group of the menu. */
export default { page: screen('CompanyProfilePage'), icon: StorefrontIcon };
