import * as access from './api-access.js';
import * as auth from './auth.js';
import * as barcodes from './barcodes.js';
import * as settings from './settings.js';
import * as team from './team.js';

/** Every V2 route contract, keyed by a stable name; the server implements each, the web client calls them. */
export const v2Routes = {
  signUp: auth.signUp,
  verifyEmail: auth.verifyEmail,
  resendVerification: auth.resendVerification,
  signIn: auth.signIn,
  selectAccount: auth.selectAccount,
  signOut: auth.signOut,
  forgotPassword: auth.forgotPassword,
  resetPassword: auth.resetPassword,
  acceptInvite: auth.acceptInvite,
  me: auth.me,
  listTeam: team.listTeam,
  inviteTeamMember: team.inviteTeamMember,
  updateTeamMember: team.updateTeamMember,
  removeTeamMember: team.removeTeamMember,
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
} as const;

export type V2Routes = typeof v2Routes;
export type V2RouteName = keyof V2Routes;
