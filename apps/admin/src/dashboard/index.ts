import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazyScreens } from '../routing/lazy-screens';

const screen = lazyScreens(() => import('./screens'));

export default { page: screen('DashboardPage'), icon: DashboardIcon };
