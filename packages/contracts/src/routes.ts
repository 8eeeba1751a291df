import * as access from './api-access.js';
import * as auth from './auth.js';
import * as barcodes from './barcodes.js';
import * as settings from './settings.js';
import * as team from './team.js';
import * as services from './services.js';
import * as databases from './databases.js';
import * as questions from './questions.js';
import * as appUsers from './app-users.js';
import * as devices from './devices.js';
import * as tasks from './tasks.js';
import * as scanner from './scanner.js';
import * as scanData from './scan-data.js';
import * as scannerPages from './scanner-pages.js';
import * as postbackTool from './postback-tool.js';
import * as profile from './profile.js';
import * as specialized from './specialized.js';
import * as accountDeletion from './account-deletion.js';
import * as webhooks from './webhooks.js';
import * as integrations from './integrations.js';
import * as sso from './sso.js';
import * as fileStorage from './file-storage.js';
import * as twoFactor from './two-factor.js';
import * as scanTickets from './scan-tickets.js';
import * as scanToExcel from './scan-to-excel.js';
import * as tableBuilder from './table-builder.js';
import * as attendance from './attendance.js';
import * as checkInOut from './check-in-out.js';
import * as branding from './branding.js';
import * as billing from './billing.js';
import * as abMatching from './ab-matching.js';
import * as shortLinks from './short-links.js';
import * as portals from './portals.js';
import * as logistics from './logistics.js';

/** Every V2 route contract, keyed by a stable name; the server implements each, the web client calls them. */
export const v2Routes = {
  signUp: auth.signUp,
  verifyEmail: auth.verifyEmail,
  resendVerification: auth.resendVerification,
  signIn: auth.signIn,
  selectAccount: auth.selectAccount,
  verifySignIn: auth.verifySignIn,
  signOut: auth.signOut,
  forgotPassword: auth.forgotPassword,
  resetPassword: auth.resetPassword,
  acceptInvite: auth.acceptInvite,
  me: auth.me,
  getProfile: profile.getProfile,
  updateProfile: profile.updateProfile,
  changePassword: profile.changePassword,
  listSessions: profile.listSessions,
  revokeSession: profile.revokeSession,
  changeEmail: profile.changeEmail,
  confirmEmail: profile.confirmEmail,
  getTwoFactor: twoFactor.getTwoFactor,
  setUpTwoFactor: twoFactor.setUpTwoFactor,
  enableTwoFactor: twoFactor.enableTwoFactor,
  regenerateRecoveryCodes: twoFactor.regenerateRecoveryCodes,
  disableTwoFactor: twoFactor.disableTwoFactor,
  resetMemberTwoFactor: twoFactor.resetMemberTwoFactor,
  requireTwoFactor: twoFactor.requireTwoFactor,
  listTeam: team.listTeam,
  inviteTeamMember: team.inviteTeamMember,
  updateTeamMember: team.updateTeamMember,
  removeTeamMember: team.removeTeamMember,
  resendTeamInvite: team.resendTeamInvite,
  cancelTeamInvite: team.cancelTeamInvite,
  startOwnershipTransfer: team.startOwnershipTransfer,
  cancelOwnershipTransfer: team.cancelOwnershipTransfer,
  confirmOwnershipTransfer: team.confirmOwnershipTransfer,
  getSettings: settings.getSettings,
  updateSettings: settings.updateSettings,
  listApiKeys: access.listApiKeys,
  createApiKey: access.createApiKey,
  renameApiKey: access.renameApiKey,
  revokeApiKey: access.revokeApiKey,
  getIpAllowList: access.getIpAllowList,
  updateIpAllowList: access.updateIpAllowList,
  listApiLog: access.listApiLog,
  generateBarcode: barcodes.generateBarcode, generateLabels: barcodes.generateLabels, listBarcodeTemplates: barcodes.listBarcodeTemplates, createBarcodeTemplate: barcodes.createBarcodeTemplate, updateBarcodeTemplate: barcodes.updateBarcodeTemplate, deleteBarcodeTemplate: barcodes.deleteBarcodeTemplate, downloadTemplateLogo: barcodes.downloadTemplateLogo,
  listServices: services.listServices, getService: services.getService, createService: services.createService, updateService: services.updateService, deleteService: services.deleteService, setServiceUsers: services.setServiceUsers, setServiceQuestions: services.setServiceQuestions, createDemoService: services.createDemoService,
  listDatabases: databases.listDatabases, getDatabase: databases.getDatabase, createDatabase: databases.createDatabase, renameDatabase: databases.renameDatabase, deleteDatabase: databases.deleteDatabase, clearDatabase: databases.clearDatabase, searchValues: databases.searchValues, addValue: databases.addValue, editValue: databases.editValue, deleteValue: databases.deleteValue, autofillValues: databases.autofillValues, previewImport: databases.previewImport, importValues: databases.importValuesRoute, startImport: databases.startImport,
  listQuestions: questions.listQuestions, getQuestion: questions.getQuestion, createQuestion: questions.createQuestion, updateQuestion: questions.updateQuestion, deleteQuestion: questions.deleteQuestion, addAnswer: questions.addAnswer, deleteAnswer: questions.deleteAnswer,
  listAppUsers: appUsers.listAppUsers, getAppUser: appUsers.getAppUser, createAppUser: appUsers.createAppUser, updateAppUser: appUsers.updateAppUser, deleteAppUser: appUsers.deleteAppUser, appUsernameAvailable: appUsers.appUsernameAvailable, acceptAppUserInvite: appUsers.acceptAppUserInvite,
  listDevices: devices.listDevices, renameDevice: devices.renameDevice,
  taskCatalogue: tasks.taskCatalogue,
  listTasks: tasks.listTasks,
  getTask: tasks.getTask,
  createTask: tasks.createTask,
  updateTask: tasks.updateTask,
  deleteTask: tasks.deleteTask,
  runTask: tasks.runTask,
  listNotifications: tasks.listNotifications,
  listJobs: tasks.listJobs,
  getJob: tasks.getJob,
  cancelJob: tasks.cancelJob,
  retryJob: tasks.retryJob,
  downloadJobFile: tasks.downloadJobFile,
  uploadTaskSource: tasks.uploadTaskSource,
  appSignIn: scanner.appSignIn, appSignOut: scanner.appSignOut, appServices: scanner.appServices, appScan: scanner.appScan, appAnswers: scanner.appAnswers, appUpload: scanner.appUpload, appDatabase: scanner.appDatabase,
  recentScans: scanner.recentScans, searchScans: scanner.searchScans, getScan: scanner.getScan, updateScan: scanner.updateScan, deleteScans: scanner.deleteScans,
  scanStatistics: scanData.scanStatistics, scanLocations: scanData.scanLocations, scanPhotos: scanData.scanPhotos, scanFile: scanData.scanFile, listUploads: scanData.listUploads,
  listExportTemplates: scanData.listExportTemplates, getExportTemplate: scanData.getExportTemplate, createExportTemplate: scanData.createExportTemplate, updateExportTemplate: scanData.updateExportTemplate, deleteExportTemplate: scanData.deleteExportTemplate, exportColumnChoices: scanData.exportColumnChoices, startScanExport: scanData.startScanExport,
  appLocations: scannerPages.appLocations, appScanResponse: scannerPages.appScanResponse, scanResponse: scannerPages.scanResponse,
  testPostback: postbackTool.testPostback,
  getDeletionStatus: accountDeletion.getDeletionStatus,
  startAccountExport: accountDeletion.startAccountExport,
  requestDeletion: accountDeletion.requestDeletion,
  cancelDeletion: accountDeletion.cancelDeletion,
  listSpecialized: specialized.listSpecialized,
  getSpecialized: specialized.getSpecialized,
  createSpecialized: specialized.createSpecialized,
  updateSpecialized: specialized.updateSpecialized,
  deleteSpecialized: specialized.deleteSpecialized,
  listWebhooks: webhooks.listWebhooks, createWebhook: webhooks.createWebhook, updateWebhook: webhooks.updateWebhook, deleteWebhook: webhooks.deleteWebhook, rotateWebhookSecret: webhooks.rotateWebhookSecret, listWebhookDeliveries: webhooks.listWebhookDeliveries, redeliverWebhook: webhooks.redeliverWebhook, testWebhook: webhooks.testWebhook,
  hooksMe: integrations.hooksMe, hooksSubscribe: integrations.hooksSubscribe, hooksUnsubscribe: integrations.hooksUnsubscribe, hooksList: integrations.hooksList, hooksPoll: integrations.hooksPoll, hooksSample: integrations.hooksSample, hooksUpsertValue: integrations.hooksUpsertValue, hooksFindValue: integrations.hooksFindValue, hooksFindScan: integrations.hooksFindScan,
  listPostbackTargets: integrations.listPostbackTargets,
  scanTicketsSummary: scanTickets.scanTicketsSummary,
  scanTicketsExportStart: scanTickets.scanTicketsExportStart,
  scanToExcelRows: scanToExcel.scanToExcelRows,
  scanToExcelLink: scanToExcel.scanToExcelLink,
  scanToExcelLinkCreate: scanToExcel.scanToExcelLinkCreate,
  scanToExcelLinkRevoke: scanToExcel.scanToExcelLinkRevoke,
  scanToExcelDownload: scanToExcel.scanToExcelDownload,
  tableBuilderRows: tableBuilder.tableBuilderRows, tableBuilderRow: tableBuilder.tableBuilderRow, tableBuilderCellUpdate: tableBuilder.tableBuilderCellUpdate, tableBuilderExport: tableBuilder.tableBuilderExport,
  tableBuilderLinks: tableBuilder.tableBuilderLinks, tableBuilderLinkCreate: tableBuilder.tableBuilderLinkCreate, tableBuilderLinkRevoke: tableBuilder.tableBuilderLinkRevoke, shareLinkOpen: tableBuilder.shareLinkOpen, shareLinkCellUpdate: tableBuilder.shareLinkCellUpdate, appTableBuilderRow: tableBuilder.appTableBuilderRow, appTableBuilderRows: tableBuilder.appTableBuilderRows,
  listAttendanceSessions: attendance.listAttendanceSessions, createAttendanceSession: attendance.createAttendanceSession, updateAttendanceSession: attendance.updateAttendanceSession, deleteAttendanceSession: attendance.deleteAttendanceSession,
  attendanceRegister: attendance.attendanceRegisterRoute, attendanceOccurrenceReport: attendance.attendanceOccurrenceReport, attendancePeopleReport: attendance.attendancePeopleReport, attendanceExport: attendance.attendanceExport,
  attendancePortalSessions: attendance.attendancePortalSessions, attendancePortalRegister: attendance.attendancePortalRegister, attendancePortalMark: attendance.attendancePortalMark, attendancePortalClose: attendance.attendancePortalClose, attendancePortalExport: attendance.attendancePortalExport,
  checkInOutRoster: checkInOut.checkInOutRoster,
  checkInOutHistory: checkInOut.checkInOutHistory,
  portalCheckInOutInstances: checkInOut.portalCheckInOutInstances,
  portalCheckInOutRoster: checkInOut.portalCheckInOutRoster,
  portalCheckInOutHistory: checkInOut.portalCheckInOutHistory,
  portalCheckInOutMove: checkInOut.portalCheckInOutMove,
  getBranding: branding.getBranding, updateBranding: branding.updateBranding, uploadBrandingLogo: branding.uploadBrandingLogo, deleteBrandingLogo: branding.deleteBrandingLogo, publicBranding: branding.publicBrandingRoute, appBranding: branding.appBranding,
  abMatchingStats: abMatching.abMatchingStats,
  appAbMatchingReason: abMatching.appAbMatchingReason,
  listShortLinks: shortLinks.listShortLinks, getShortLink: shortLinks.getShortLink, createShortLink: shortLinks.createShortLink, updateShortLink: shortLinks.updateShortLink, revokeShortLink: shortLinks.revokeShortLink,
  getPortalAccess: portals.getPortalAccess, setPortalAccess: portals.setPortalAccess, portalMe: portals.portalMe, portalScans: portals.portalScans, portalDb: portals.portalDb, portalTaskRuns: portals.portalTaskRuns, portalTaskFile: portals.portalTaskFile,
  logisticsPackages: logistics.logisticsPackages,
  logisticsTimeline: logistics.logisticsTimeline,
  getMyPlan: billing.getMyPlan, getPlanStatus: billing.getPlanStatus, listPlans: billing.listPlans, previewPlanChange: billing.previewPlanChange, changePlan: billing.changePlan, cancelScheduledChange: billing.cancelScheduledChange,
  getBillingOverview: billing.getBillingOverview, updateBusinessDetails: billing.updateBusinessDetails, listInvoices: billing.listInvoices, downloadInvoice: billing.downloadInvoice,
  listCards: billing.listCards, setupCard: billing.setupCard, setDefaultCard: billing.setDefaultCard, removeCard: billing.removeCard,
  getSso: sso.getSso, updateSso: sso.updateSso, testSso: sso.testSso, ssoOptions: sso.ssoOptions, startSso: sso.startSso, startGoogle: sso.startGoogle, finishSso: sso.finishSso, appSsoOptions: sso.appSsoOptions, startAppSso: sso.startAppSso,
  listFileStores: fileStorage.listFileStores, startFileStoreOauth: fileStorage.startFileStoreOauth, finishFileStoreOauth: fileStorage.finishFileStoreOauth, connectFileStore: fileStorage.connectFileStore, testFileStore: fileStorage.testFileStore, setFileStoreTargets: fileStorage.setFileStoreTargets, disconnectFileStore: fileStorage.disconnectFileStore, listFileStorageCopies: fileStorage.listFileStorageCopies,
} as const;

export type V2Routes = typeof v2Routes;
export type V2RouteName = keyof V2Routes;
