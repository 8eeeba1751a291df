import type { PrivilegeName } from '@scanbase/contracts';
import { signInPage } from './first-page';
import { publicPage, shellPage } from './page-loaders';
import type { PageLoader, PlannedArea, RouteDef, RouteLayout, RouteMeta } from './route-types';
import type { ShellPageName } from './shell-pages';
import { query, text, texts, whole, wholeOr, type SearchSchema } from './search-params';

/*
 * THE route table: every route of product spec section 2, with name, path, query parameters and
 * meta. A route without `page` is not available yet and shows what a later issue will build
 * (`planned`); `availability()` counts them so the number can be seen falling.
 */

type Options = {
  search?: SearchSchema;
  page?: PageLoader;
  planned?: PlannedArea;
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
/**
 * The pages of the specialized types are found in shell-pages.ts by name: `<Type>CreatePage` (the wizard),
 * `<Type><Tab>Page` for each tab (`ScanTicketsDetailsPage`), `<Type>Page` for a type without tabs. The names
 * are made here rather than listed, which keeps some forty strings out of the entry chunk (/signin's budget).
 */
const pascal = (text: string) => text.replace(/(?:^|-)([a-z])/g, (_match, letter: string) => letter.toUpperCase());
/** The page of a type's route (`tab` undefined: the wizard; '' for a type without tabs). */
function specializedPage(type: (typeof serviceTypes)[number], tab?: string): PageLoader {
  return shellPage(`${pascal(type)}${tab === undefined ? 'Create' : pascal(tab)}Page` as ShellPageName);
}
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
/** The table builder's grid in the address: one filter (`col`, `op`, `q`), `sort`, `dir`, `page`, hidden columns (`hide`). */
const tableGridQuery = texts('col', 'op', 'q', 'sort', 'dir', 'page', 'hide');
const referenceQuery = texts('referenceState', 'referenceParams');

const taskPages = {
  create: shellPage('TaskCreatePage'),
  edit: shellPage('TaskEditPage'),
  scheduled: shellPage('ScheduledTasksPage'),
  notifications: shellPage('TaskNotificationsPage'),
  instance: shellPage('TaskInstancesPage'),
  tasklog: shellPage('TaskLogPage'),
  progress: shellPage('TaskProgressPage'),
};

const servicePages = {
  list: shellPage('ServicesPage'),
  precreate: shellPage('PreCreateServicePage'),
  create: shellPage('NewServicePage'),
  demo: shellPage('CreateDemoServicePage'),
  type: shellPage('ServiceTypePage'),
  users: shellPage('ServiceUsersPage'),
  questions: shellPage('ServiceQuestionsPage'),
  advanced: shellPage('ServiceAdvancedPage'),
  done: shellPage('ServiceDonePage'),
};

const scanEditPage = shellPage('ScanEditPage');

const scanSearchPages: Record<(typeof scanViews)[number], PageLoader> = {
  full: shellPage('ScanSearchFullPage'),
  list: shellPage('ScanSearchListPage'),
  map: shellPage('ScanSearchMapPage'),
  photo: shellPage('ScanSearchPhotoPage'),
  statistics: shellPage('ScanSearchStatisticsPage'),
};

const title = (slug: string) => slug.replace(/[-_]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export const routeTable: readonly RouteDef[] = [
  // Public routes (no login).
  open('app.home', '/home', 'Home', { page: publicPage('HomePage') }),
  open('app.about', '/about', 'About Scanbase', { page: publicPage('AboutPage') }),
  open('app.contact', '/app-contact', 'Contact', { page: publicPage('ContactPage') }),
  open('app.apidocs', '/apidocs/{pageName?}', 'API documentation', { page: publicPage('ApiDocsPage') }),
  open('app.apidocs.csv2db', '/apidocs/examples/csv2db.html', 'Example: CSV to database', { page: publicPage('Csv2DbRedirectPage') }),
  // The start page for app users (invitation mail, poster QR code): open the scanner, its QR code, add to home screen (docs/SCANNER-HELP.md).
  open('app.aayor', '/aayor/', 'Get the scanner', { page: publicPage('OpenScannerPage') }),
  open('app.limitreached', '/limitreached/', 'Limit reached', { page: publicPage('LimitReachedPage') }),
  open('app.maintenance', '/maintenance/', 'Maintenance', { page: publicPage('MaintenancePage') }),
  open('app.apphelp', '/app/1.0/more/apphelp', 'Scanner app help', { page: publicPage('AppHelpPage') }),
  open('app.sdpro', '/app/1.0/more/sd-pro', 'Set up a hardware scanner', { page: publicPage('HardwareScannersPage') }),
  // The scanner's pages (app-user token of /scanner, kept by the scanner; not the admin session).
  open('app.mapview', '/app/1.0/mapview/', 'My scans map', { search: texts('service', 'period', 'from', 'to'), page: publicPage('MapViewPage') }),
  open('auth.resetpassword', '/resetpassword/{token}/', 'Choose a new password', { page: publicPage('ResetPasswordPage') }),
  open('auth.confirmemail', '/user/confirmemail/{role?}/{token}/', 'Join your team', { page: publicPage('AcceptInvitePage') }),
  open('auth.verifyemail', '/verify-email', 'Verify your email', { search: texts('email'), page: publicPage('VerifyEmailPage') }),
  open('auth.confirmmultiaccount', '/confirm-multi-account', 'Email already registered', { search: texts('email'), page: publicPage('ConfirmMultiAccountPage') }),
  open('app.custom', '/app-custom', 'Table', { search: texts('tableId', 'token').extend(tableGridQuery.shape), page: publicPage('AppCustomPage') }),
  open('auth.registration', '/registration', 'Create your account', { search: texts('email', 'multi'), page: publicPage('RegistrationPage') }),
  open('auth.activation', '/activation/{token}/', 'Activating your account', { page: publicPage('ActivationPage') }),
  open('auth.signin', '/signin', 'Sign in', { search: texts('to', 'company'), page: signInPage }),
  open('auth.selectcompany', '/select-company', 'Choose a company', { search: texts('to'), page: publicPage('SelectCompanyPage') }),
  open('auth.signinsso', '/signinSSO', 'Single sign-on', { search: codeQuery, page: publicPage('SsoSignInPage') }),
  open('auth.signincompany', '/signin-company', 'Sign in to a company', { search: texts('to', 'company'), page: publicPage('SignInCompanyPage') }),
  open('auth.forgotpassword', '/forgotpassword', 'Reset your password', { page: publicPage('ForgotPasswordPage') }),
  open('auth.forgotpassword.reset', '/forgotpassword/reset', 'Check your email', { search: texts('email'), page: publicPage('ForgotPasswordSentPage') }),
  open('auth.passwordresetsuccess', '/password-reset-success', 'Password changed', { page: publicPage('PasswordResetSuccessPage') }),
  open('app.devicelookup', '/device-lookup', 'Device lookup', { search: texts('tableId', 'deviceId', 'token').extend(tableGridQuery.shape), page: publicPage('DeviceLookupPage') }),
  open('app.sharelink', '/share-link', 'Shared link', { search: texts('taskId', 'token').extend(tableGridQuery.shape), page: publicPage('SharelinkPage') }),
  open('app.sharelinkexpired', '/share-link-expired', 'Link expired', { page: publicPage('SharelinkExpiredPage') }),
  open('auth.googleauth', '/google-auth', 'Google sign-in', { search: codeQuery, page: publicPage('SsoSignInPage') }),
  open('auth.ssofail', '/sso-fail/', 'Single sign-on failed', { search: texts('reason', 'detail'), page: publicPage('SsoFailPage') }),
  // The maker's app token or an administrator's session; anyone else is refused.
  open('app.scanresponse', '/scanresponse/{scanId}/', 'Scan response', { page: publicPage('ScanResponsePage') }),
  // Opened from the scanner app with a websiteToken in the address (adopted as the session before the guard runs); needs an admin like account.scans.edit.
  admin('crapp.edit_scan', '/crapp/scan/edit/', 'Edit scan', { search: texts('scanId'), page: scanEditPage }),

  // The browser scanner for app users (issue 6; our addition to the spec's routes). Its own app-token session, not the admin one.
  open('app.scanner', '/scanner', 'Scanner', { page: publicPage('ScannerPage') }),

  // Check in/out portal.
  member('CIO.index', '/checkinout/', 'Check in/out', { search: texts('instance_id'), layout: 'public', page: publicPage('CheckInOutPortalPage') }),
  open('CIO.signin', '/checkinout/signin/{aliasOrAdminId?}', 'Check in/out sign-in', { search: referenceQuery.extend({ instance_id: text }), page: publicPage('CheckInOutSignInPage') }),
  open('CIO.signincompany', '/checkinout/signin-company/', 'Check in/out: team sign-in', { search: texts('instance_id', 'company'), page: publicPage('CheckInOutCompanySignInPage') }),
  member('CIO.valueresponse', '/checkinout/valueresponse/', 'Check in/out result', { search: texts('instance_id', 'value'), layout: 'public', page: publicPage('CheckInOutValuePage') }),

  // Attendance sign-in.
  open('AP.signin', '/attendance/signin/', 'Attendance sign-in', { search: referenceQuery, page: publicPage('AttendanceSignInPage') }),
  // The attendance portal itself (our addition to the spec's routes): a leader's sessions and the live register of one occurrence.
  member('AP.sessions', '/attendance/', 'Attendance', { search: texts('instance_id', 'session_id', 'date'), layout: 'public', page: publicPage('AttendancePortalPage') }),

  // Task portal.
  open('TP.login', '/task-portal/login', 'Task portal sign-in', { search: pagedQuery.extend({ errCode: text }), page: publicPage('TaskPortalSignInPage') }),
  member('TP.tasks', '/task-portal/tasks/', 'Tasks', { search: pagedQuery, layout: 'public', page: publicPage('TaskPortalTasksPage') }),

  // User portal (shared preview).
  open('UP.login', '/share/preview/login', 'Sign in to view scans', { search: pagedQuery.extend({ errCode: text }), page: publicPage('UserPortalSignInPage') }),
  open('UP.account.logincompany', '/share/preview/account/login-company/', 'Choose a company', { search: pagedQuery, page: publicPage('UserPortalCompanySignInPage') }),
  open('UP.account.login', '/share/preview/account/login/', 'Sign in to view scans', { page: publicPage('UserPortalAccountSignInPage') }),
  member('UP.scans', '/share/preview/scans/', 'Shared scans', {
    search: pagedQuery.extend({ expandeds: text, start: text, end: text, search: text }),
    layout: 'public',
    page: publicPage('SharedScansPage'),
  }),
  member('UP.db', '/share/preview/db/', 'Shared database', {
    search: pagedQuery.extend(texts('duplicateType', 'value', 'valueCi', 'exactValue', 'response', 'exactResponse', 'responseCi').shape),
    layout: 'public',
    page: publicPage('SharedDbPage'),
  }),

  // Login-required routes.
  member('account.pickinterests', '/account/pickinterests/', 'What will you scan?', { page: shellPage('PickInterestsPage') }),
  member('app.unauthorized', '/unauthorized/', 'Not allowed', { page: shellPage('UnauthorizedPage') }),
  member('account.firstlogin', '/account/firstlogin/', 'Welcome to Scanbase', { page: shellPage('FirstLoginPage') }),
  member('app.pickinterest', '/pick-interest', 'What will you scan?', { layout: 'public', page: shellPage('PickInterestsPage') }),

  // Admin area: services.
  admin('account.services', '/account/services/', 'Services', { search: listQuery.extend({ servicetype: text }), page: servicePages.list }),
  admin('account.services.precreate', '/account/services/pre-create/', 'New service', { page: servicePages.precreate }),
  admin('account.services.new', '/account/services/new/{serviceType?}', 'New service', { page: servicePages.create }),
  admin('account.services.createdemo', '/account/services/create-demo/', 'Demo service', { page: servicePages.demo }),
  ...(['type', 'users', 'questions', 'advanced', 'done'] as const).map((tab) =>
    admin(`account.services.edit.${tab}`, `/account/services/{serviceId}/${tab}/`, `Service: ${tab === 'done' ? 'Summary' : title(tab)}`, { page: servicePages[tab] }),
  ),

  // Admin area: specialized services (alias curated-services), every type's wizard and tabs.
  admin('account.specialized', '/account/specialized-services/', 'Specialized services', { search: listQuery.extend({ type: text }), page: shellPage('SpecializedServicesPage') }),
  admin('account.specialized.create', '/account/specialized-services/create/', 'New specialized service', { page: shellPage('CreateSpecializedPage') }),
  ...serviceTypes.map((type) => admin(`account.specialized.create.${type}`, `/account/specialized-services/create/${type}/`, `New ${title(type)}`, { page: specializedPage(type) })),
  ...serviceTypes.flatMap((type) => {
    const tabs = instanceTabs[type];
    if (tabs.length === 0) return [admin(`account.specialized.${type}`, `/account/specialized-services/{instanceId}/${type}/`, title(type), { page: specializedPage(type, '') })];
    return tabs.map((tab) => {
      const search = type === 'table-builder' && tab === 'tableview' ? { search: tableGridQuery } : {};
      return admin(`account.specialized.${type}.${tab}`, `/account/specialized-services/{instanceId}/${type}/${tab}/`, `${title(type)}: ${title(tab)}`, { page: specializedPage(type, tab), ...search });
    });
  }),
  admin('account.curated', '/account/curated-services/{rest*}', 'Specialized services', {
    forward: (pathname, search) => pathname.replace('/account/curated-services', '/account/specialized-services') + search,
  }),

  // Admin area: scans.
  ...scanViews.map((view) =>
    admin(`account.scans.search.${view}`, `/account/scans/search/${view}/`, `Scans: ${title(view)}`, { search: scanSearchQuery, page: scanSearchPages[view] }),
  ),
  // The live dashboard (issue 6; our addition): the newest scans arriving over the websocket.
  admin('account.dashboard', '/account/dashboard/', 'Live dashboard', { page: shellPage('LiveDashboardPage') }),
  admin('account.scans.edit', '/account/scans/edit/', 'Edit scan', { search: texts('scanId'), page: scanEditPage }),
  admin('account.scans.uploads', '/account/scans/uploads/', 'Uploads', {
    search: texts('s', 'u', 'd', 'sd', 'st', 'ed', 'et', 'u_deleted', 's_deleted').extend({ page: whole, limit: whole }),
    page: shellPage('UploadsPage'),
  }),
  admin('account.scans.templates', '/account/scans/templates/', 'Export templates', { page: shellPage('ExportTemplatesPage') }),
  // `ids`: the SERVICE ids whose questions the builder offers (docs/WEB.md).
  admin('account.scans.templates.new', '/account/scans/templates/new/', 'New export template', { search: texts('ids'), page: shellPage('NewExportTemplatePage') }),
  admin('account.scans.templates.edit', '/account/scans/templates/{templateID}/', 'Export template', { page: shellPage('ExportTemplatePage') }),

  // Admin area: databases.
  admin('account.databases', '/account/databases/', 'Databases', { search: listQuery, page: shellPage('DatabasesPage') }),
  admin('account.databases.new', '/account/databases/new/', 'New database', { page: shellPage('NewDatabasePage') }),
  ...(
    [
      ['search', 'Search values', query({ search: text, page: whole, limit: whole }), shellPage('DatabaseSearchPage')],
      ['addvalue', 'Add value', undefined, shellPage('AddValuePage')],
      ['manage', 'Import values', texts('job'), shellPage('ImportValuesPage')],
      ['autofill', 'Autofill', undefined, shellPage('AutofillPage')],
      ['clear', 'Clear database', undefined, shellPage('ClearDatabasePage')],
      ['record', 'Records', query({ validity: text, response: text, page: whole, limit: whole }), shellPage('DatabaseRecordsPage')],
      ['record/upload', 'Upload records', texts('job'), shellPage('UploadRecordsPage')],
    ] as const
  ).map(([sub, label, search, page]) =>
    admin(`account.databases.${sub.replace('/', '.')}`, `/account/databases/{databaseId}/${sub}/`, `Database: ${label}`, { ...(search ? { search } : {}), page }),
  ),

  // Admin area: questions and users.
  admin('account.questions', '/account/questions/', 'Questions', { search: texts('searchType', 'search').extend({ page: whole }), page: shellPage('QuestionsPage') }),
  admin('account.questions.new', '/account/questions/new/', 'New question', { page: shellPage('NewQuestionPage') }),
  admin('account.questions.edit', '/account/questions/{questionId}/', 'Question', { page: shellPage('QuestionEditPage') }),
  admin('account.users', '/account/users/', 'Users', {
    search: listQuery.extend({ page: wholeOr(1), limit: wholeOr(50) }),
    page: shellPage('AppUsersPage'),
  }),
  admin('account.users.new', '/account/users/new/', 'New user', { page: shellPage('NewAppUserPage') }),
  admin('account.users.edit', '/account/users/{userId}/', 'User', { page: shellPage('AppUserPage') }),

  // Admin area: tasks.
  admin('account.tasks.new', '/account/tasks/new/', 'New task', { page: shellPage('NewTaskPage') }),
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
  admin('account.barcodes.labels', '/account/barcodes/labels/', 'Barcode labels', { page: shellPage('LabelSheetPage') }),

  // Other account pages.
  member('account.userprofile', '/account/userprofile/', 'Your profile', { privilege: 'user', search: texts('confirmEmail'), page: shellPage('UserProfilePage') }),
  admin('account.settings', '/account/settings/', 'Settings', { privilege: 'webapp_login', page: shellPage('SettingsPage') }),
  admin('account.links', '/account/links/', 'Links', { search: texts('q', 'status').extend({ page: whole }), page: shellPage('ShortLinksPage') }),
  admin('account.links.edit', '/account/links/{shorturlId}/', 'Link', { page: shellPage('ShortLinkPage') }),
  admin('account.billing', '/account/billing/', 'Billing', { privilege: 'billing', page: shellPage('BillingPage') }),
  ...['overview', 'business', 'invoices', 'creditcards'].map((tab) =>
    admin(`account.billing.${tab}`, `/account/billing/${tab}/`, `Billing: ${title(tab)}`, { privilege: 'billing', page: shellPage('BillingPage') }),
  ),
  // One page: the list, with `create/` and `{accountId}/` as modals over it (spec section 2).
  admin('account.admins', '/account/admins/', 'Administrators', { search: texts('transfer'), page: shellPage('TeamPage') }),
  admin('account.admins.create', '/account/admins/create/', 'Invite an administrator', { page: shellPage('TeamPage') }),
  admin('account.admins.edit', '/account/admins/{accountId}/', 'Administrator', { page: shellPage('TeamPage') }),
  admin('account.deleteaccount', '/account/deleteaccount/', 'Delete account', { owner: true, search: texts('restore'), page: shellPage('DeleteAccountPage') }),
  admin('account.myplan', '/account/myplan/', 'My plan', { page: shellPage('MyPlanPage') }),
  admin('account.plans', '/account/plans/', 'Plans', { search: texts('period'), page: shellPage('PlansPage') }),
  admin('account.upgradesuccess', '/account/upgradesuccess/', 'Plan upgraded', { search: texts('invoice'), page: shellPage('UpgradeSuccessPage') }),
  ...['change-plan', 'change-plan-upgrade', 'change-plan-schedule-downgrade', 'change-plan-schedule-upgrade'].map((slug) =>
    admin(`account.${slug.replace(/-/g, '')}`, `/account/${slug}/`, title(slug), { privilege: 'billing', search: texts('plan', 'period', 'timing'), page: shellPage('ChangePlanPage') }),
  ),
  admin('account.api', '/account/api/', 'API', { page: shellPage('ApiKeysPage') }),
  admin('account.api.key', '/account/api/key/', 'API keys', { page: shellPage('ApiKeysPage') }),
  admin('account.api.ipwhitelist', '/account/api/ipwhitelist/', 'API: IP allow-list', { page: shellPage('IpAllowListPage') }),
  admin('account.api.apilog', '/account/api/apilog/', 'API log', {
    search: texts('section', 'status', 'key').extend({ page: whole, limit: whole }),
    page: shellPage('ApiLogPage'),
  }),
  admin('account.customize', '/account/customize/', 'Customize', { privilege: 'webapp_login', page: shellPage('CustomizePage') }),
  admin('account.integrations', '/account/integrations/', 'Integrations', { page: shellPage('IntegrationsPage') }),
  admin('account.integrations.singlesignon', '/account/integrations/single-sign-on/', 'Integrations: Single sign-on', { owner: true, page: shellPage('SingleSignOnPage') }),
  admin('account.integrations.postback', '/account/integrations/postback/', 'Integrations: Postback', { page: shellPage('PostbackIntegrationPage') }),
  admin('account.integrations.filestorage', '/account/integrations/file-storage/', `Integrations: ${title('file-storage')}`, { privilege: 'webapp_login', page: shellPage('FileStoragePage') }),
  admin('account.integrations.zapier', '/account/integrations/zapier/', 'Integrations: Zapier', { page: shellPage('ZapierPage') }),
  admin('account.integrations.make', '/account/integrations/make/', 'Integrations: Make', { page: shellPage('MakePage') }),
  ...fileStorageProviders.map((provider) =>
    admin(`account.integrations.return.${provider.replace(/-/g, '')}`, `/account/integrations/file-storage/${provider}/return/`, `Connecting ${title(provider)}`, {
      search: texts('code', 'state', 'error', 'error_description'),
      privilege: 'webapp_login',
      page: shellPage('FileStorageReturnPage'),
    }),
  ),
  admin('account.postbacktool', '/account/postbacktool/', 'Postback tool', { page: shellPage('PostbackToolPage') }),
  admin('account.devices', '/account/devices/', 'Devices', { search: listQuery, page: shellPage('DevicesPage') }),
  admin('account.changepassword', '/account/changepassword/', 'Change password', { owner: true, page: shellPage('ChangePasswordPage') }),
];

/** Every route by name. */
export const routesByName: ReadonlyMap<string, RouteDef> = new Map(routeTable.map((def) => [def.name, def]));

/** How many routes have their real page, and how many still show "not available yet". */
export function availability(): { available: number; planned: number; total: number } {
  const planned = routeTable.filter((def) => !def.page && !def.forward).length;
  return { available: routeTable.length - planned, planned, total: routeTable.length };
}
