import type { PrivilegeName } from '@scanbase/contracts';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { PageLoader, RouteDef, RouteLayout, RouteMeta } from './route-types';
import { query, text, texts, whole } from './search-params';

/*
 * THE route table: every route of product spec section 2, with name, path, query parameters and
 * meta. A route without `page` is not available yet and shows what a later issue will build
 * (`planned`); `availability()` counts them so the number can be seen falling.
 */

type Options = {
  search?: z.ZodType<Record<string, unknown>>;
  page?: PageLoader;
  planned?: readonly string[];
  privilege?: PrivilegeName;
  owner?: boolean;
  layout?: RouteLayout;
  forward?: RouteDef['forward'];
};

function route(name: string, path: string, meta: RouteMeta, layout: RouteLayout, options: Options): RouteDef {
  const { privilege, owner, layout: layoutOverride, ...rest } = options;
  const fullMeta: RouteMeta = { ...meta };
  if (privilege) fullMeta.privilege = privilege;
  if (owner) fullMeta.owner = true;
  return { name, path, meta: fullMeta, layout: layoutOverride ?? layout, ...rest };
}

/** No sign-in needed. */
const open = (name: string, path: string, title: string, options: Options = {}) =>
  route(name, path, { authenticate: false, title }, 'public', options);
/** Any signed-in session. */
const member = (name: string, path: string, title: string, options: Options = {}) =>
  route(name, path, { authenticate: true, title }, 'app', options);
/** Signed in with an admin role (owner, billing_admin, admin). */
const admin = (name: string, path: string, title: string, options: Options = {}) =>
  route(name, path, { authenticate: true, admin: true, title }, 'app', options);

/** A page loader for a named export; each page file becomes its own chunk. */
const named = <T extends Record<K, ComponentType>, K extends string>(load: () => Promise<T>, key: K): PageLoader =>
  () => load().then((module) => module[key]);


// What each area will offer, shown on its "not available yet" pages.
const soon = {
  publicTools: ['Public help and tool pages linked from the scanner apps'],
  apidocs: ['Reference for the legacy XML API and the V2 JSON API', 'Examples such as importing a CSV file into a database'],
  portal: ['Sign-in and pages for visitors and app users of this portal'],
  sso: ['Single sign-on with your identity provider', 'Google sign-in'],
  share: ['Opening shared task results with a share link', 'A clear page when a link has expired'],
  device: ['Looking up a device and its table data from the scanner app'],
  scanEdit: ['Editing a scan: value, answers, properties and photos', 'Opening the editor from the scanner app'],
  specialized: ['Ready-made services: table builder, check in/out, logistics, A/B barcode matching, attendance, ticket scanning, scan to Excel', 'Details, users, questions, tables and exports per instance'],
  scans: ['Search scans with every filter kept in the address', 'Full, list, map, photo and statistics views', 'Edit scans and review uploads', 'Export templates'],
  databases: ['Databases of valid values with search, add, import, autofill and clear', 'Record-level view and record uploads'],
  users: ['App users who scan: list, create, edit, assign to services'],
  devices: ['Devices that scan for your account and their status'],
  billing: ['Billing overview, business details, invoices and credit cards', 'Plans, upgrades and scheduled plan changes'],
  api: ['API keys', 'IP allow-list for the legacy API', 'API call log'],
  integrations: ['Postback to your server', 'File storage providers', 'Zapier and Make', 'Single sign-on'],
  customize: ['Branding: logo and colours of the portals and emails'],
  settings: ['Account settings: time zone and how times are shown, admin email'],
  account: ['Your profile, links and team administrators', 'Changing your password and deleting the account'],
  postback: ['A tool to test postback URLs against your server'],
} as const;

const serviceTypes = ['table-builder', 'check-in-out', 'logistics', 'ab-barcode-matching', 'attendance', 'scan-tickets', 'scan-to-excel'] as const;
const instanceTabs: Record<(typeof serviceTypes)[number], readonly string[]> = {
  'table-builder': ['details', 'tableview', 'users', 'questions', 'shareurl', 'advanced'],
  'check-in-out': ['details', 'checklist', 'users', 'questions', 'advanced'],
  logistics: [],
  'ab-barcode-matching': ['type', 'users', 'questions', 'advanced'],
  attendance: [],
  'scan-tickets': ['details', 'database', 'history', 'users'],
  'scan-to-excel': ['table-view', 'details', 'users', 'exportfields', 'scans'],
};
const taskTypes = ['downloaddatabase', 'downloadscan', 'generatebarcode', 'exportscan', 'clearDatabase', 'importdatabase', 'bulkscanremoval', 'importuser', 'postback', 'downloadcheckinout', 'downloaddevices', 'importcheckinoutscans', 'importtablebuilderscans'] as const;
const createOnlyTaskTypes = ['exportuser', 'importtable'] as const;
const scanViews = ['full', 'list', 'map', 'photo', 'statistics'] as const;
const fileStorageProviders = ['dropbox', 'google-drive', 'onedrive'] as const;

const listQuery = query({ page: whole, limit: whole, search: text, sortby: text, sortdirection: text });
const pagedQuery = query({ q: text, page: whole, limit: whole });
const scanSearchQuery = texts(
  'value', 'exact_value', 'value_ci', 'response', 'response_ci', 'exact_response', 'property_name', 'property_value', 'scan_ids', 'answer',
  'exact_answer', 'recent_scan', 'property', 'exact_property', 'data_received', 'sort_order', 'tz', 'period', 'p_metric', 'p_number', 'sort_by',
  'category', 'result', 'start_date', 'start_time', 'end_date', 'end_time', 'service_ids', 'user_ids', 'device_ids', 'u_deleted', 's_deleted',
  'template', 'preview',
).extend({ page: whole, limit: whole });
const codeQuery = texts('code', 'error');
const referenceQuery = texts('referenceState', 'referenceParams');

const taskPages = {
  create: named(() => import('../features/tasks/pages/TaskCreatePage'), 'TaskCreatePage'),
  edit: named(() => import('../features/tasks/pages/TaskEditPage'), 'TaskEditPage'),
  scheduled: named(() => import('../features/tasks/pages/ScheduledTasksPage'), 'ScheduledTasksPage'),
  notifications: named(() => import('../features/tasks/pages/TaskNotificationsPage'), 'TaskNotificationsPage'),
  instance: named(() => import('../features/tasks/pages/TaskInstancesPage'), 'TaskInstancesPage'),
  tasklog: named(() => import('../features/tasks/pages/TaskLogPage'), 'TaskLogPage'),
  progress: named(() => import('../features/tasks/pages/TaskProgressPage'), 'TaskProgressPage'),
};

const servicePages = {
  list: named(() => import('../features/services/pages/ServicesPage'), 'ServicesPage'),
  precreate: named(() => import('../features/services/pages/PreCreateServicePage'), 'PreCreateServicePage'),
  create: named(() => import('../features/services/pages/NewServicePage'), 'NewServicePage'),
  demo: named(() => import('../features/services/pages/CreateDemoServicePage'), 'CreateDemoServicePage'),
  type: named(() => import('../features/services/pages/ServiceTypePage'), 'ServiceTypePage'),
  users: named(() => import('../features/services/pages/ServiceUsersPage'), 'ServiceUsersPage'),
  questions: named(() => import('../features/services/pages/ServiceQuestionsPage'), 'ServiceQuestionsPage'),
  advanced: named(() => import('../features/services/pages/ServiceAdvancedPage'), 'ServiceAdvancedPage'),
  done: named(() => import('../features/services/pages/ServiceDonePage'), 'ServiceDonePage'),
};

const scanEditPage = named(() => import('../features/scan-edit/pages/ScanEditPage'), 'ScanEditPage');

const scanSearchPages: Record<(typeof scanViews)[number], PageLoader> = {
  full: named(() => import('../features/scans/pages/ScanSearchFullPage'), 'ScanSearchFullPage'),
  list: named(() => import('../features/scans/pages/ScanSearchListPage'), 'ScanSearchListPage'),
  map: named(() => import('../features/scans/pages/ScanSearchMapPage'), 'ScanSearchMapPage'),
  photo: named(() => import('../features/scans/pages/ScanSearchPhotoPage'), 'ScanSearchPhotoPage'),
  statistics: named(() => import('../features/scans/pages/ScanSearchStatisticsPage'), 'ScanSearchStatisticsPage'),
};

const title = (slug: string) => slug.replace(/[-_]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export const routeTable: readonly RouteDef[] = [
  // Public routes (no login).
  open('app.home', '/home', 'Home', { page: named(() => import('../features/info/pages/HomePage'), 'HomePage') }),
  open('app.about', '/about', 'About Scanbase', { page: named(() => import('../features/info/pages/AboutPage'), 'AboutPage') }),
  open('app.contact', '/app-contact', 'Contact', { page: named(() => import('../features/info/pages/ContactPage'), 'ContactPage') }),
  open('app.apidocs', '/apidocs/{pageName?}', 'API documentation', { planned: soon.apidocs }),
  open('app.apidocs.csv2db', '/apidocs/examples/csv2db.html', 'Example: CSV to database', { planned: soon.apidocs }),
  open('app.aayor', '/aayor/', 'Scanbase', { planned: soon.publicTools }),
  open('app.limitreached', '/limitreached/', 'Limit reached', { page: named(() => import('../features/system/pages/LimitReachedPage'), 'LimitReachedPage') }),
  open('app.maintenance', '/maintenance/', 'Maintenance', { page: named(() => import('../features/system/pages/MaintenancePage'), 'MaintenancePage') }),
  open('app.apphelp', '/app/1.0/more/apphelp', 'Scanner app help', { planned: soon.publicTools }),
  open('app.sdpro', '/app/1.0/more/sd-pro', 'Scanner app: SD Pro', { planned: soon.publicTools }),
  open('app.mapview', '/app/1.0/mapview/', 'Map view', { planned: soon.publicTools }),
  open('auth.resetpassword', '/resetpassword/{token}/', 'Choose a new password', { page: named(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage') }),
  open('auth.confirmemail', '/user/confirmemail/{role?}/{token}/', 'Join your team', { page: named(() => import('../features/auth/pages/AcceptInvitePage'), 'AcceptInvitePage') }),
  open('auth.verifyemail', '/verify-email', 'Verify your email', { search: texts('email'), page: named(() => import('../features/auth/pages/VerifyEmailPage'), 'VerifyEmailPage') }),
  open('auth.confirmmultiaccount', '/confirm-multi-account', 'Email already registered', { search: texts('email'), page: named(() => import('../features/auth/pages/ConfirmMultiAccountPage'), 'ConfirmMultiAccountPage') }),
  open('app.custom', '/app-custom', 'Custom app page', { search: texts('tableId'), planned: soon.publicTools }),
  open('auth.registration', '/registration', 'Create your account', { search: texts('email', 'multi'), page: named(() => import('../features/auth/pages/RegistrationPage'), 'RegistrationPage') }),
  open('auth.activation', '/activation/{token}/', 'Activating your account', { page: named(() => import('../features/auth/pages/ActivationPage'), 'ActivationPage') }),
  open('auth.signin', '/signin', 'Sign in', { search: texts('to', 'company'), page: named(() => import('../features/auth/pages/SignInPage'), 'SignInPage') }),
  open('auth.selectcompany', '/select-company', 'Choose a company', { search: texts('to'), page: named(() => import('../features/auth/pages/SelectCompanyPage'), 'SelectCompanyPage') }),
  open('auth.signinsso', '/signinSSO', 'Single sign-on', { search: codeQuery, planned: soon.sso }),
  open('auth.signincompany', '/signin-company', 'Sign in to a company', { search: texts('to', 'company'), page: named(() => import('../features/auth/pages/SignInCompanyPage'), 'SignInCompanyPage') }),
  open('auth.forgotpassword', '/forgotpassword', 'Reset your password', { page: named(() => import('../features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage') }),
  open('auth.forgotpassword.reset', '/forgotpassword/reset', 'Check your email', { search: texts('email'), page: named(() => import('../features/auth/pages/ForgotPasswordSentPage'), 'ForgotPasswordSentPage') }),
  open('auth.passwordresetsuccess', '/password-reset-success', 'Password changed', { page: named(() => import('../features/auth/pages/PasswordResetSuccessPage'), 'PasswordResetSuccessPage') }),
  open('app.devicelookup', '/device-lookup', 'Device lookup', { search: texts('tableId', 'deviceId'), planned: soon.device }),
  open('app.sharelink', '/share-link', 'Shared link', { search: texts('taskId', 'token'), planned: soon.share }),
  open('app.sharelinkexpired', '/share-link-expired', 'Link expired', { planned: soon.share }),
  open('auth.googleauth', '/google-auth', 'Google sign-in', { search: codeQuery, planned: soon.sso }),
  open('auth.ssofail', '/sso-fail/', 'Single sign-on failed', { planned: soon.sso }),
  open('app.scanresponse', '/scanresponse/{scanId}/', 'Scan response', { planned: soon.scanEdit }),
  // Opened from the scanner app with a websiteToken in the address (adopted as the session before the guard runs); needs an admin like account.scans.edit.
  admin('crapp.edit_scan', '/crapp/scan/edit/', 'Edit scan', { search: texts('scanId'), page: scanEditPage }),

  // The browser scanner for app users (issue 6; our addition to the spec's routes). Its own app-token session, not the admin one.
  open('app.scanner', '/scanner', 'Scanner', { page: named(() => import('../features/scanner/pages/ScannerPage'), 'ScannerPage') }),

  // Check in/out portal.
  member('CIO.index', '/checkinout/', 'Check in/out', { search: texts('instance_id'), layout: 'public', planned: soon.portal }),
  open('CIO.signin', '/checkinout/signin/{aliasOrAdminId?}', 'Check in/out sign-in', { search: referenceQuery.extend({ instance_id: text }), planned: soon.portal }),
  open('CIO.signincompany', '/checkinout/signin-company/', 'Check in/out: choose a company', { search: texts('instance_id'), planned: soon.portal }),
  member('CIO.valueresponse', '/checkinout/valueresponse/', 'Check in/out result', { search: texts('instance_id'), layout: 'public', planned: soon.portal }),

  // Attendance sign-in.
  open('AP.signin', '/attendance/signin/', 'Attendance sign-in', { search: referenceQuery, planned: soon.portal }),

  // Task portal.
  open('TP.login', '/task-portal/login', 'Task portal sign-in', { search: pagedQuery.extend({ errCode: text }), planned: soon.portal }),
  member('TP.tasks', '/task-portal/tasks/', 'Tasks', { search: pagedQuery, layout: 'public', planned: soon.portal }),

  // User portal (shared preview).
  open('UP.login', '/share/preview/login', 'Sign in to view scans', { search: pagedQuery.extend({ errCode: text }), planned: soon.portal }),
  open('UP.account.logincompany', '/share/preview/account/login-company/', 'Choose a company', { search: pagedQuery, planned: soon.portal }),
  open('UP.account.login', '/share/preview/account/login/', 'Sign in to view scans', { planned: soon.portal }),
  member('UP.scans', '/share/preview/scans/', 'Shared scans', {
    search: pagedQuery.extend({ expandeds: text, start: text, end: text, search: text }),
    layout: 'public',
    planned: soon.portal,
  }),
  member('UP.db', '/share/preview/db/', 'Shared database', {
    search: pagedQuery.extend(texts('duplicateType', 'value', 'valueCi', 'exactValue', 'response', 'exactResponse', 'responseCi').shape),
    layout: 'public',
    planned: soon.portal,
  }),

  // Login-required routes.
  member('account.pickinterests', '/account/pickinterests/', 'What will you scan?', { page: named(() => import('../features/onboarding/pages/PickInterestsPage'), 'PickInterestsPage') }),
  member('app.unauthorized', '/unauthorized/', 'Not allowed', { page: named(() => import('../features/system/pages/UnauthorizedPage'), 'UnauthorizedPage') }),
  member('account.firstlogin', '/account/firstlogin/', 'Welcome to Scanbase', { page: named(() => import('../features/onboarding/pages/FirstLoginPage'), 'FirstLoginPage') }),
  member('app.pickinterest', '/pick-interest', 'What will you scan?', { layout: 'public', page: named(() => import('../features/onboarding/pages/PickInterestsPage'), 'PickInterestsPage') }),

  // Admin area: services.
  admin('account.services', '/account/services/', 'Services', { search: listQuery.extend({ servicetype: text }), page: servicePages.list }),
  admin('account.services.precreate', '/account/services/pre-create/', 'New service', { page: servicePages.precreate }),
  admin('account.services.new', '/account/services/new/{serviceType?}', 'New service', { page: servicePages.create }),
  admin('account.services.createdemo', '/account/services/create-demo/', 'Demo service', { page: servicePages.demo }),
  ...(['type', 'users', 'questions', 'advanced', 'done'] as const).map((tab) =>
    admin(`account.services.edit.${tab}`, `/account/services/{serviceId}/${tab}/`, `Service: ${tab === 'done' ? 'Summary' : title(tab)}`, { page: servicePages[tab] }),
  ),

  // Admin area: specialized services (alias curated-services).
  admin('account.specialized', '/account/specialized-services/', 'Specialized services', { planned: soon.specialized }),
  admin('account.specialized.create', '/account/specialized-services/create/', 'New specialized service', { planned: soon.specialized }),
  ...serviceTypes.map((type) =>
    admin(`account.specialized.create.${type}`, `/account/specialized-services/create/${type}/`, `New ${title(type)}`, { planned: soon.specialized }),
  ),
  ...serviceTypes.flatMap((type) => {
    const tabs = instanceTabs[type];
    if (tabs.length === 0) {
      return [admin(`account.specialized.${type}`, `/account/specialized-services/{instanceId}/${type}/`, title(type), { planned: soon.specialized })];
    }
    return tabs.map((tab) =>
      admin(`account.specialized.${type}.${tab}`, `/account/specialized-services/{instanceId}/${type}/${tab}/`, `${title(type)}: ${title(tab)}`, {
        planned: soon.specialized,
      }),
    );
  }),
  admin('account.curated', '/account/curated-services/{rest*}', 'Specialized services', {
    forward: (pathname, search) => pathname.replace('/account/curated-services', '/account/specialized-services') + search,
  }),

  // Admin area: scans.
  ...scanViews.map((view) =>
    admin(`account.scans.search.${view}`, `/account/scans/search/${view}/`, `Scans: ${title(view)}`, { search: scanSearchQuery, page: scanSearchPages[view] }),
  ),
  // The live dashboard (issue 6; our addition): the newest scans arriving over the websocket.
  admin('account.dashboard', '/account/dashboard/', 'Live dashboard', { page: named(() => import('../features/dashboard/pages/LiveDashboardPage'), 'LiveDashboardPage') }),
  admin('account.scans.edit', '/account/scans/edit/', 'Edit scan', { search: texts('scanId'), page: scanEditPage }),
  admin('account.scans.uploads', '/account/scans/uploads/', 'Uploads', {
    search: texts('s', 'u', 'd', 'sd', 'st', 'ed', 'et', 'u_deleted', 's_deleted').extend({ page: whole, limit: whole }),
    page: named(() => import('../features/uploads/pages/UploadsPage'), 'UploadsPage'),
  }),
  admin('account.scans.templates', '/account/scans/templates/', 'Export templates', { page: named(() => import('../features/export-templates/pages/ExportTemplatesPage'), 'ExportTemplatesPage') }),
  // `ids`: the SERVICE ids whose questions the builder offers (docs/WEB.md).
  admin('account.scans.templates.new', '/account/scans/templates/new/', 'New export template', { search: texts('ids'), page: named(() => import('../features/export-templates/pages/NewExportTemplatePage'), 'NewExportTemplatePage') }),
  admin('account.scans.templates.edit', '/account/scans/templates/{templateID}/', 'Export template', { page: named(() => import('../features/export-templates/pages/ExportTemplatePage'), 'ExportTemplatePage') }),

  // Admin area: databases.
  admin('account.databases', '/account/databases/', 'Databases', { search: listQuery, page: named(() => import('../features/databases/pages/DatabasesPage'), 'DatabasesPage') }),
  admin('account.databases.new', '/account/databases/new/', 'New database', { page: named(() => import('../features/databases/pages/NewDatabasePage'), 'NewDatabasePage') }),
  ...(
    [
      ['search', 'Search values', query({ search: text, page: whole, limit: whole }), named(() => import('../features/databases/pages/DatabaseSearchPage'), 'DatabaseSearchPage')],
      ['addvalue', 'Add value', undefined, named(() => import('../features/databases/pages/AddValuePage'), 'AddValuePage')],
      ['manage', 'Import values', texts('job'), named(() => import('../features/databases/pages/ImportValuesPage'), 'ImportValuesPage')],
      ['autofill', 'Autofill', undefined, named(() => import('../features/databases/pages/AutofillPage'), 'AutofillPage')],
      ['clear', 'Clear database', undefined, named(() => import('../features/databases/pages/ClearDatabasePage'), 'ClearDatabasePage')],
      ['record', 'Records', query({ validity: text, response: text, page: whole, limit: whole }), named(() => import('../features/databases/pages/DatabaseRecordsPage'), 'DatabaseRecordsPage')],
      ['record/upload', 'Upload records', texts('job'), named(() => import('../features/databases/pages/UploadRecordsPage'), 'UploadRecordsPage')],
    ] as const
  ).map(([sub, label, search, page]) =>
    admin(`account.databases.${sub.replace('/', '.')}`, `/account/databases/{databaseId}/${sub}/`, `Database: ${label}`, { ...(search ? { search } : {}), page }),
  ),

  // Admin area: questions and users.
  admin('account.questions', '/account/questions/', 'Questions', { search: texts('searchType', 'search').extend({ page: whole }), page: named(() => import('../features/questions/pages/QuestionsPage'), 'QuestionsPage') }),
  admin('account.questions.new', '/account/questions/new/', 'New question', { page: named(() => import('../features/questions/pages/NewQuestionPage'), 'NewQuestionPage') }),
  admin('account.questions.edit', '/account/questions/{questionId}/', 'Question', { page: named(() => import('../features/questions/pages/QuestionEditPage'), 'QuestionEditPage') }),
  admin('account.users', '/account/users/', 'Users', {
    search: listQuery.extend({ page: whole.default(1), limit: whole.default(50) }),
    page: named(() => import('../features/app-users/pages/AppUsersPage'), 'AppUsersPage'),
  }),
  admin('account.users.new', '/account/users/new/', 'New user', { page: named(() => import('../features/app-users/pages/NewAppUserPage'), 'NewAppUserPage') }),
  admin('account.users.edit', '/account/users/{userId}/', 'User', { page: named(() => import('../features/app-users/pages/AppUserPage'), 'AppUserPage') }),

  // Admin area: tasks.
  admin('account.tasks.new', '/account/tasks/new/', 'New task', { page: named(() => import('../features/tasks/pages/NewTaskPage'), 'NewTaskPage') }),
  ...taskTypes.flatMap((type) => [
    admin(`account.tasks.${type}.create`, `/account/tasks/${type}/create/`, `New task: ${title(type)}`, { search: texts('prefill'), page: taskPages.create }),
    admin(`account.tasks.${type}.edit`, `/account/tasks/${type}/edit/{id}/`, `Task: ${title(type)}`, { page: taskPages.edit }),
  ]),
  ...createOnlyTaskTypes.map((type) =>
    admin(`account.tasks.${type}.create`, `/account/tasks/${type}/create/`, `New task: ${title(type)}`, { search: texts('prefill'), page: taskPages.create }),
  ),
  admin('account.tasks.scheduled', '/account/tasks/scheduled/', 'Tasks: Scheduled', { search: listQuery.extend({ show: text }), page: taskPages.scheduled }),
  admin('account.tasks.notifications', '/account/tasks/notifications/', 'Tasks: Notifications', { search: listQuery, page: taskPages.notifications }),
  admin('account.tasks.instance', '/account/tasks/instance/', 'Tasks: Runs', { search: listQuery, page: taskPages.instance }),
  admin('account.tasks.tasklog', '/account/tasks/tasklog/', 'Tasks: Task log', { search: listQuery.extend(texts('state', 'type', 'from', 'to').shape), page: taskPages.tasklog }),
  admin('account.tasks.progress', '/account/tasks/progress/{instanceId}/', 'Task progress', { page: taskPages.progress }),

  // Admin area: barcodes (label sheets; our addition to the spec's routes).
  admin('account.barcodes.labels', '/account/barcodes/labels/', 'Barcode labels', { page: named(() => import('../features/barcodes/pages/LabelSheetPage'), 'LabelSheetPage') }),

  // Other account pages.
  member('account.userprofile', '/account/userprofile/', 'Your profile', { privilege: 'user', planned: soon.account }),
  admin('account.settings', '/account/settings/', 'Settings', { privilege: 'webapp_login', planned: soon.settings }),
  admin('account.links', '/account/links/', 'Links', { planned: soon.account }),
  admin('account.links.edit', '/account/links/{shorturlId}/', 'Link', { planned: soon.account }),
  admin('account.billing', '/account/billing/', 'Billing', { privilege: 'billing', planned: soon.billing }),
  ...['overview', 'business', 'invoices', 'creditcards'].map((tab) =>
    admin(`account.billing.${tab}`, `/account/billing/${tab}/`, `Billing: ${title(tab)}`, { privilege: 'billing', planned: soon.billing }),
  ),
  admin('account.admins', '/account/admins/', 'Administrators', { planned: soon.account }),
  admin('account.admins.create', '/account/admins/create/', 'Add an administrator', { planned: soon.account }),
  admin('account.admins.edit', '/account/admins/{accountId}/', 'Administrator', { planned: soon.account }),
  admin('account.deleteaccount', '/account/deleteaccount/', 'Delete account', { owner: true, planned: soon.account }),
  admin('account.myplan', '/account/myplan/', 'My plan', { planned: soon.billing }),
  admin('account.plans', '/account/plans/', 'Plans', { planned: soon.billing }),
  admin('account.upgradesuccess', '/account/upgradesuccess/', 'Plan upgraded', { planned: soon.billing }),
  ...['change-plan', 'change-plan-upgrade', 'change-plan-schedule-downgrade', 'change-plan-schedule-upgrade'].map((slug) =>
    admin(`account.${slug.replace(/-/g, '')}`, `/account/${slug}/`, title(slug), { privilege: 'billing', planned: soon.billing }),
  ),
  admin('account.api', '/account/api/', 'API', { planned: soon.api }),
  ...['key', 'ipwhitelist', 'apilog'].map((tab) =>
    admin(`account.api.${tab}`, `/account/api/${tab}/`, `API: ${title(tab)}`, { planned: soon.api }),
  ),
  admin('account.customize', '/account/customize/', 'Customize', { planned: soon.customize }),
  admin('account.integrations', '/account/integrations/', 'Integrations', { planned: soon.integrations }),
  ...['postback', 'file-storage', 'zapier', 'single-sign-on', 'make'].map((tab) =>
    admin(`account.integrations.${tab.replace(/-/g, '')}`, `/account/integrations/${tab}/`, `Integrations: ${title(tab)}`, {
      planned: soon.integrations,
    }),
  ),
  ...fileStorageProviders.map((provider) =>
    admin(`account.integrations.return.${provider.replace(/-/g, '')}`, `/account/integrations/file-storage/${provider}/return/`, `Connecting ${title(provider)}`, {
      search: texts('code', 'state', 'error', 'error_description'),
      planned: soon.integrations,
    }),
  ),
  admin('account.postbacktool', '/account/postbacktool/', 'Postback tool', { planned: soon.postback }),
  admin('account.devices', '/account/devices/', 'Devices', { search: listQuery, page: named(() => import('../features/devices/pages/DevicesPage'), 'DevicesPage') }),
  admin('account.changepassword', '/account/changepassword/', 'Change password', { owner: true, planned: soon.account }),
];

/** Every route by name. */
export const routesByName: ReadonlyMap<string, RouteDef> = new Map(routeTable.map((def) => [def.name, def]));

/** How many routes have their real page, and how many still show "not available yet". */
export function availability(): { available: number; planned: number; total: number } {
  const planned = routeTable.filter((def) => !def.page && !def.forward).length;
  return { available: routeTable.length - planned, planned, total: routeTable.length };
}
