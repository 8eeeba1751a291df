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

/** An invitation to a company that requires single sign-on: no password to set, the person signs in through the company's identity provider. */
export function inviteSsoMail(to: string, companyName: string, link: string): MailMessage {
  return message(to, `You are invited to ${companyName} on Scanbase`, `You have been invited to join ${companyName} on Scanbase. ${companyName} signs in with single sign-on: you need no Scanbase password.`, 'Sign in with SSO', link, `On the page, enter ${to} and sign in at your company’s identity provider. The invitation works for 7 days.`);
}

/** The link that confirms a new sign-in email, sent to the new address. */
export function confirmEmailChangeMail(to: string, link: string): MailMessage {
  return message(to, 'Confirm your new Scanbase email', 'You asked to sign in to Scanbase with this address from now on.', 'Confirm this email address', link, 'The link works for 24 hours; until it is opened, your sign-in email stays as it was. If you did not ask for this, ignore this mail.');
}

/** The notice sent to the old address when a change of sign-in email is asked for. */
export function emailChangeNoticeMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Scanbase sign-in email is being changed',
    text: `Someone signed in as you asked to change your Scanbase sign-in email to ${newEmail}. It changes only once the link mailed to that address is opened.\n\nIf this was not you, sign in and change your password, then sign out your other sessions on Your profile.\n\n— Scanbase`,
    html: `<p>Someone signed in as you asked to change your Scanbase sign-in email to <b>${escapeHtml(newEmail)}</b>. It changes only once the link mailed to that address is opened.</p><p style="color:#555">If this was not you, sign in and change your password, then sign out your other sessions on Your profile.</p><p>— Scanbase</p>`,
  };
}

/** Tells a team member that an administrator switched their two-factor sign-in off. */
export function twoFactorResetMail(to: string, companyName: string, byName: string, signInLink: string): MailMessage {
  return message(
    to,
    'Your Scanbase two-factor sign-in was reset',
    `${byName} switched off two-factor sign-in for your login to ${companyName} on Scanbase, and your sessions were signed out.`,
    'Sign in and set it up again',
    signInLink,
    'If you did not ask for this, tell your account owner at once and change your password.',
  );
}

/** Asks the team member the owner named to confirm that they take over the account. */
export function transferOwnershipMail(to: string, companyName: string, ownerName: string, link: string): MailMessage {
  return message(
    to,
    `Become the owner of ${companyName} on Scanbase?`,
    `${ownerName} wants to hand ${companyName} over to you: you would become its owner (billing, deleting the account, the team) and ${ownerName} an administrator. Nothing changes until you confirm, signed in with this email address.`,
    'Review and confirm',
    link,
    'The link works for 72 hours. If you do not want the account, ignore this mail.',
  );
}

/** Tells one side of a finished transfer of ownership what changed. */
export function ownershipTransferredMail(to: string, companyName: string, newOwner: string, forNewOwner: boolean): MailMessage {
  const text = forNewOwner
    ? `You are now the owner of ${companyName} on Scanbase. The previous owner stays on the team as an administrator.`
    : `${newOwner} is now the owner of ${companyName} on Scanbase. You stay on the team as an administrator with every privilege; you sign in as before.`;
  return {
    to,
    subject: `${companyName} has a new owner`,
    text: `${text}\n\n— Scanbase`,
    html: `<p>${escapeHtml(text)}</p><p>— Scanbase</p>`,
  };
}
