import { named } from './page-loaders';

/*
 * The loaders of the pages inside the admin shell (layout `app`), by name; route-table.ts refers to them with
 * `shellPage('Name')`. They live here rather than in the route table because every dynamic import carries the
 * list of chunks to preload with it: ~50 pages' lists would add ~5 KB gzipped to the entry chunk, and so to
 * /signin. This module is its own small chunk, loaded with the first page inside the shell (in parallel with
 * the shell itself). Public pages are in public-pages.ts, the same way.
 */
export const shellPages = {
  AddValuePage: named(() => import('../features/databases/pages/AddValuePage'), 'AddValuePage'),
  ApiKeysPage: named(() => import('../features/api-access/pages/ApiKeysPage'), 'ApiKeysPage'),
  ApiLogPage: named(() => import('../features/api-access/pages/ApiLogPage'), 'ApiLogPage'),
  AppUserPage: named(() => import('../features/app-users/pages/AppUserPage'), 'AppUserPage'),
  AppUsersPage: named(() => import('../features/app-users/pages/AppUsersPage'), 'AppUsersPage'),
  AutofillPage: named(() => import('../features/databases/pages/AutofillPage'), 'AutofillPage'),
  ClearDatabasePage: named(() => import('../features/databases/pages/ClearDatabasePage'), 'ClearDatabasePage'),
  ChangePasswordPage: named(() => import('../features/profile/pages/ChangePasswordPage'), 'ChangePasswordPage'),
  CreateDemoServicePage: named(() => import('../features/services/pages/CreateDemoServicePage'), 'CreateDemoServicePage'),
  DatabaseRecordsPage: named(() => import('../features/databases/pages/DatabaseRecordsPage'), 'DatabaseRecordsPage'),
  DatabaseSearchPage: named(() => import('../features/databases/pages/DatabaseSearchPage'), 'DatabaseSearchPage'),
  DatabasesPage: named(() => import('../features/databases/pages/DatabasesPage'), 'DatabasesPage'),
  DevicesPage: named(() => import('../features/devices/pages/DevicesPage'), 'DevicesPage'),
  PostbackToolPage: named(() => import('../features/postback-tool/pages/PostbackToolPage'), 'PostbackToolPage'),
  ExportTemplatePage: named(() => import('../features/export-templates/pages/ExportTemplatePage'), 'ExportTemplatePage'),
  ExportTemplatesPage: named(() => import('../features/export-templates/pages/ExportTemplatesPage'), 'ExportTemplatesPage'),
  FirstLoginPage: named(() => import('../features/onboarding/pages/FirstLoginPage'), 'FirstLoginPage'),
  ImportValuesPage: named(() => import('../features/databases/pages/ImportValuesPage'), 'ImportValuesPage'),
  IpAllowListPage: named(() => import('../features/api-access/pages/IpAllowListPage'), 'IpAllowListPage'),
  LabelSheetPage: named(() => import('../features/barcodes/pages/LabelSheetPage'), 'LabelSheetPage'),
  LiveDashboardPage: named(() => import('../features/dashboard/pages/LiveDashboardPage'), 'LiveDashboardPage'),
  NewAppUserPage: named(() => import('../features/app-users/pages/NewAppUserPage'), 'NewAppUserPage'),
  NewDatabasePage: named(() => import('../features/databases/pages/NewDatabasePage'), 'NewDatabasePage'),
  NewExportTemplatePage: named(() => import('../features/export-templates/pages/NewExportTemplatePage'), 'NewExportTemplatePage'),
  NewQuestionPage: named(() => import('../features/questions/pages/NewQuestionPage'), 'NewQuestionPage'),
  NewServicePage: named(() => import('../features/services/pages/NewServicePage'), 'NewServicePage'),
  NewTaskPage: named(() => import('../features/tasks/pages/NewTaskPage'), 'NewTaskPage'),
  PickInterestsPage: named(() => import('../features/onboarding/pages/PickInterestsPage'), 'PickInterestsPage'),
  PreCreateServicePage: named(() => import('../features/services/pages/PreCreateServicePage'), 'PreCreateServicePage'),
  QuestionEditPage: named(() => import('../features/questions/pages/QuestionEditPage'), 'QuestionEditPage'),
  QuestionsPage: named(() => import('../features/questions/pages/QuestionsPage'), 'QuestionsPage'),
  ScanEditPage: named(() => import('../features/scan-edit/pages/ScanEditPage'), 'ScanEditPage'),
  ScanSearchFullPage: named(() => import('../features/scans/pages/ScanSearchFullPage'), 'ScanSearchFullPage'),
  ScanSearchListPage: named(() => import('../features/scans/pages/ScanSearchListPage'), 'ScanSearchListPage'),
  ScanSearchMapPage: named(() => import('../features/scans/pages/ScanSearchMapPage'), 'ScanSearchMapPage'),
  ScanSearchPhotoPage: named(() => import('../features/scans/pages/ScanSearchPhotoPage'), 'ScanSearchPhotoPage'),
  ScanSearchStatisticsPage: named(() => import('../features/scans/pages/ScanSearchStatisticsPage'), 'ScanSearchStatisticsPage'),
  ScheduledTasksPage: named(() => import('../features/tasks/pages/ScheduledTasksPage'), 'ScheduledTasksPage'),
  ServiceAdvancedPage: named(() => import('../features/services/pages/ServiceAdvancedPage'), 'ServiceAdvancedPage'),
  ServiceDonePage: named(() => import('../features/services/pages/ServiceDonePage'), 'ServiceDonePage'),
  ServiceQuestionsPage: named(() => import('../features/services/pages/ServiceQuestionsPage'), 'ServiceQuestionsPage'),
  ServiceTypePage: named(() => import('../features/services/pages/ServiceTypePage'), 'ServiceTypePage'),
  ServiceUsersPage: named(() => import('../features/services/pages/ServiceUsersPage'), 'ServiceUsersPage'),
  SettingsPage: named(() => import('../features/settings/pages/SettingsPage'), 'SettingsPage'),
  ServicesPage: named(() => import('../features/services/pages/ServicesPage'), 'ServicesPage'),
  TeamPage: named(() => import('../features/team/pages/TeamPage'), 'TeamPage'),
  TaskCreatePage: named(() => import('../features/tasks/pages/TaskCreatePage'), 'TaskCreatePage'),
  TaskEditPage: named(() => import('../features/tasks/pages/TaskEditPage'), 'TaskEditPage'),
  TaskInstancesPage: named(() => import('../features/tasks/pages/TaskInstancesPage'), 'TaskInstancesPage'),
  TaskLogPage: named(() => import('../features/tasks/pages/TaskLogPage'), 'TaskLogPage'),
  TaskNotificationsPage: named(() => import('../features/tasks/pages/TaskNotificationsPage'), 'TaskNotificationsPage'),
  TaskProgressPage: named(() => import('../features/tasks/pages/TaskProgressPage'), 'TaskProgressPage'),
  UnauthorizedPage: named(() => import('../features/system/pages/UnauthorizedPage'), 'UnauthorizedPage'),
  UploadRecordsPage: named(() => import('../features/databases/pages/UploadRecordsPage'), 'UploadRecordsPage'),
  UploadsPage: named(() => import('../features/uploads/pages/UploadsPage'), 'UploadsPage'),
  UserProfilePage: named(() => import('../features/profile/pages/UserProfilePage'), 'UserProfilePage'),
};

export type ShellPageName = keyof typeof shellPages;
