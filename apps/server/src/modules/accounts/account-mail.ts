import type { MailMessage } from '../../platform/mail/mailer.js';
import { escapeXml as escapeHtml } from '../../platform/xml/xml-writer.js';

function message(to: string, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n\n— Scanbase`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p style="color:#555">${escapeHtml(outro)}</p><p>— Scanbase</p>`,
  };
}

/** The email-verification mail sent after registration. */
export function verificationMail(to: string, companyName: string, link: string): MailMessage {
  return message(to, 'Confirm your email for Scanbase', `Welcome to Scanbase! Confirm your email address to finish setting up ${companyName}.`, 'Confirm your email', link, 'The link works for 48 hours. If you did not sign up, ignore this mail.');
}

/** The password-reset mail. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return message(to, 'Reset your Scanbase password', 'Someone asked to reset the password of your Scanbase login.', 'Choose a new password', link, 'The link works for one hour. If you did not ask for this, ignore this mail: your password stays as it is.');
}

/** The invitation a new team member receives. */
export function inviteMail(to: string, companyName: string, link: string): MailMessage {
  return message(to, `You are invited to ${companyName} on Scanbase`, `You have been invited to join ${companyName} on Scanbase.`, 'Accept the invitation', link, 'The invitation works for 7 days.');
}
