/** The icon of each menu entry (the route table names them; drawing them is the layout's job). */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BugReportIcon from '@mui/icons-material/BugReport';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CloudIcon from '@mui/icons-material/Cloud';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DnsIcon from '@mui/icons-material/Dns';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import FolderIcon from '@mui/icons-material/Folder';
import GroupIcon from '@mui/icons-material/Group';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import LinkIcon from '@mui/icons-material/Link';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PercentIcon from '@mui/icons-material/Percent';
import PlaceIcon from '@mui/icons-material/Place';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import SyncIcon from '@mui/icons-material/Sync';
import TableChartIcon from '@mui/icons-material/TableChart';
import TuneIcon from '@mui/icons-material/Tune';
import type { MenuIcon } from '../routes/types';

export const MENU_ICONS: Record<MenuIcon, SvgIconComponent> = {
  sheet: TableChartIcon,
  request: AddCircleOutlineIcon,
  mail: MailIcon,
  engineer: BuildIcon,
  dispatch: CalendarMonthIcon,
  reminders: NotificationsIcon,
  reports: AssessmentIcon,
  brands: BusinessIcon,
  microsoft: CloudIcon,
  xero: LinkIcon,
  settings: SettingsIcon,
  errors: BugReportIcon,
  contacts: ContactsIcon,
  sites: PlaceIcon,
  propertyManagers: HomeWorkIcon,
  siteContacts: ContactPhoneIcon,
  departments: AccountTreeIcon,
  files: FolderIcon,
  users: GroupIcon,
  mailAccounts: MailIcon,
  mailServers: DnsIcon,
  siteConfig: TuneIcon,
  globalErrors: ErrorOutlineIcon,
  taxRates: PercentIcon,
  items: CategoryIcon,
  dashboard: DashboardIcon,
  sql: StorageIcon,
  deletedMails: DeleteSweepIcon,
  sync: SyncIcon,
  drive: ApartmentIcon,
  tasks: ChecklistIcon,
  taskLists: ListAltIcon,
};
