/** One entry of the navigation drawer: a label, the route it opens, and the path prefix that marks it active. */
export type NavItem = { label: string; route: string; activePrefix: string; icon: NavIcon; tourId?: string };
export type NavIcon = 'services' | 'specialized' | 'scans' | 'databases' | 'questions' | 'users' | 'tasks' | 'barcodes' | 'devices' | 'billing' | 'plan' | 'api' | 'integrations' | 'links' | 'customize' | 'settings' | 'team' | 'start' | 'dashboard';

/** The admin areas, grouped as the drawer shows them. */
export const navGroups: readonly { heading: string; items: readonly NavItem[] }[] = [
  {
    heading: 'Start',
    items: [{ label: 'Getting started', route: 'account.firstlogin', activePrefix: '/account/firstlogin', icon: 'start' }],
  },
  {
    heading: 'Scanning',
    items: [
      { label: 'Live dashboard', route: 'account.dashboard', activePrefix: '/account/dashboard', icon: 'dashboard' },
      { label: 'Services', route: 'account.services', activePrefix: '/account/services', icon: 'services', tourId: 'nav-services' },
      { label: 'Specialized services', route: 'account.specialized', activePrefix: '/account/specialized-services', icon: 'specialized' },
      { label: 'Scans', route: 'account.scans.search.full', activePrefix: '/account/scans', icon: 'scans', tourId: 'nav-scans' },
      { label: 'Databases', route: 'account.databases', activePrefix: '/account/databases', icon: 'databases', tourId: 'nav-databases' },
      { label: 'Questions', route: 'account.questions', activePrefix: '/account/questions', icon: 'questions' },
      { label: 'Barcode labels', route: 'account.barcodes.labels', activePrefix: '/account/barcodes', icon: 'barcodes' },
    ],
  },
  {
    heading: 'People and devices',
    items: [
      { label: 'Users', route: 'account.users', activePrefix: '/account/users', icon: 'users', tourId: 'nav-users' },
      { label: 'Devices', route: 'account.devices', activePrefix: '/account/devices', icon: 'devices' },
    ],
  },
  {
    heading: 'Automation',
    items: [
      { label: 'Tasks', route: 'account.tasks.scheduled', activePrefix: '/account/tasks', icon: 'tasks', tourId: 'nav-tasks' },
      { label: 'API', route: 'account.api', activePrefix: '/account/api', icon: 'api' },
      { label: 'Integrations', route: 'account.integrations', activePrefix: '/account/integrations', icon: 'integrations' },
      { label: 'Links', route: 'account.links', activePrefix: '/account/links', icon: 'links' },
    ],
  },
  {
    heading: 'Account',
    items: [
      { label: 'My plan', route: 'account.myplan', activePrefix: '/account/myplan', icon: 'plan' },
      { label: 'Billing', route: 'account.billing', activePrefix: '/account/billing', icon: 'billing' },
      { label: 'Customize', route: 'account.customize', activePrefix: '/account/customize', icon: 'customize' },
      { label: 'Administrators', route: 'account.admins', activePrefix: '/account/admins', icon: 'team' },
      { label: 'Settings', route: 'account.settings', activePrefix: '/account/settings', icon: 'settings', tourId: 'nav-settings' },
    ],
  },
];
