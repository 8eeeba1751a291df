import { named } from './page-loaders';

/*
 * The loaders of the public pages (layout `public`) other than /signin, by name; route-table.ts refers to them
 * with `publicPage('Name')`. Like shell-pages.ts, they live outside the route table because each dynamic import
 * carries its list of chunks to preload, which would otherwise sit in the entry chunk and so in every first page
 * (docs/WEB.md, "First page"). The cost: a public page opened by its address waits for this small chunk before
 * its own; /signin fetches it as soon as someone types (preloadPublicPages).
 */
export const publicPages = {
  AboutPage: named(() => import('../features/info/pages/AboutPage'), 'AboutPage'),
  AppHelpPage: named(() => import('../features/scanner-help/pages/AppHelpPage'), 'AppHelpPage'),
  AcceptInvitePage: named(() => import('../features/auth/pages/AcceptInvitePage'), 'AcceptInvitePage'),
  ApiDocsPage: named(() => import('../features/apidocs/pages/ApiDocsPage'), 'ApiDocsPage'),
  AttendancePortalPage: named(() => import('../features/attendance/pages/AttendancePortalPage'), 'AttendancePortalPage'),
  AttendanceSignInPage: named(() => import('../features/portal/pages/PortalSignInPages'), 'AttendanceSignInPage'),
  CheckInOutPortalPage: named(() => import('../features/check-in-out/pages/CheckInOutPortalPage'), 'CheckInOutPortalPage'),
  CheckInOutValuePage: named(() => import('../features/check-in-out/pages/CheckInOutValuePage'), 'CheckInOutValuePage'),
  CheckInOutCompanySignInPage: named(() => import('../features/portal/pages/CheckInOutCompanySignInPage'), 'CheckInOutCompanySignInPage'),
  CheckInOutSignInPage: named(() => import('../features/portal/pages/PortalSignInPages'), 'CheckInOutSignInPage'),
  SharedDbPage: named(() => import('../features/shared-preview/pages/SharedDbPage'), 'SharedDbPage'),
  SharedScansPage: named(() => import('../features/shared-preview/pages/SharedScansPage'), 'SharedScansPage'),
  TaskPortalSignInPage: named(() => import('../features/portal/pages/PortalLoginPages'), 'TaskPortalSignInPage'),
  TaskPortalTasksPage: named(() => import('../features/task-portal/pages/TaskPortalTasksPage'), 'TaskPortalTasksPage'),
  UserPortalAccountSignInPage: named(() => import('../features/portal/pages/PortalLoginPages'), 'UserPortalAccountSignInPage'),
  UserPortalCompanySignInPage: named(() => import('../features/portal/pages/PortalLoginPages'), 'UserPortalCompanySignInPage'),
  UserPortalSignInPage: named(() => import('../features/portal/pages/PortalLoginPages'), 'UserPortalSignInPage'),
  ActivationPage: named(() => import('../features/auth/pages/ActivationPage'), 'ActivationPage'),
  ConfirmMultiAccountPage: named(() => import('../features/auth/pages/ConfirmMultiAccountPage'), 'ConfirmMultiAccountPage'),
  ContactPage: named(() => import('../features/info/pages/ContactPage'), 'ContactPage'),
  Csv2DbRedirectPage: named(() => import('../features/apidocs-examples/pages/Csv2DbRedirectPage'), 'Csv2DbRedirectPage'),
  ForgotPasswordPage: named(() => import('../features/auth/pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
  ForgotPasswordSentPage: named(() => import('../features/auth/pages/ForgotPasswordSentPage'), 'ForgotPasswordSentPage'),
  HardwareScannersPage: named(() => import('../features/scanner-help/pages/HardwareScannersPage'), 'HardwareScannersPage'),
  HomePage: named(() => import('../features/info/pages/HomePage'), 'HomePage'),
  LimitReachedPage: named(() => import('../features/system/pages/LimitReachedPage'), 'LimitReachedPage'),
  MapViewPage: named(() => import('../features/scanner/pages/MapViewPage'), 'MapViewPage'),
  MaintenancePage: named(() => import('../features/system/pages/MaintenancePage'), 'MaintenancePage'),
  OpenScannerPage: named(() => import('../features/scanner-help/pages/OpenScannerPage'), 'OpenScannerPage'),
  PasswordResetSuccessPage: named(() => import('../features/auth/pages/PasswordResetSuccessPage'), 'PasswordResetSuccessPage'),
  RegistrationPage: named(() => import('../features/auth/pages/RegistrationPage'), 'RegistrationPage'),
  ResetPasswordPage: named(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage'),
  ScannerPage: named(() => import('../features/scanner/pages/ScannerPage'), 'ScannerPage'),
  ScanResponsePage: named(() => import('../features/scanner/pages/ScanResponsePage'), 'ScanResponsePage'),
  AppCustomPage: named(() => import('../features/table-builder/pages/AppCustomPage'), 'AppCustomPage'),
  DeviceLookupPage: named(() => import('../features/table-builder/pages/DeviceLookupPage'), 'DeviceLookupPage'),
  SharelinkPage: named(() => import('../features/table-builder/pages/SharelinkPage'), 'SharelinkPage'),
  SharelinkExpiredPage: named(() => import('../features/table-builder/pages/SharelinkExpiredPage'), 'SharelinkExpiredPage'),
  SelectCompanyPage: named(() => import('../features/auth/pages/SelectCompanyPage'), 'SelectCompanyPage'),
  SsoFailPage: named(() => import('../features/sso/pages/SsoFailPage'), 'SsoFailPage'),
  SsoSignInPage: named(() => import('../features/sso/pages/SsoSignInPage'), 'SsoSignInPage'),
  SignInCompanyPage: named(() => import('../features/auth/pages/SignInCompanyPage'), 'SignInCompanyPage'),
  VerifyEmailPage: named(() => import('../features/auth/pages/VerifyEmailPage'), 'VerifyEmailPage'),
};

/** The second step of a sign-in with two-factor sign-in (a component of /signin, not a page; docs/ACCOUNT-TWO-FACTOR.md). */
export const twoFactorStep = () => import('../features/auth/components/TwoFactorStep').then(({ TwoFactorStep }) => ({ default: TwoFactorStep }));

export type PublicPageName = keyof typeof publicPages;
