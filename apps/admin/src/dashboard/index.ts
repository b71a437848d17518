import DashboardIcon from '@mui/icons-material/Dashboard';
import { DashboardPage } from './DashboardPage';

export default { page: DashboardPage, icon: DashboardIcon };
