import type { MailMessage } from '../../platform/mail/mailer.js';
import { escapeXml as escapeHtml } from '../../platform/xml/xml-writer.js';
import type { MailBrand } from './branding.service.js';

const LOGO_CID = 'brand-logo@scanbase';

/** Escaped text with its line breaks kept. */
function paragraph(text: string): string {
  return escapeHtml(text).replace(/\n/g, '<br>');
}

/**
 * A mail to an account's app users in the account's branding: its logo (inline, `cid:`, so no mail client has to load
 * a picture from the web), its app name in a bar of its primary colour, the body, and the footer text. Every text is
 * escaped; colours were validated and normalised on saving.
 */
export function brandedMail(
  brand: MailBrand,
  m: { to: string; subject: string; paragraphs: string[]; link: { href: string; label: string }; after?: { text: string; href: string } },
): MailMessage {
  const logo = brand.logoPng ? `<img src="cid:${LOGO_CID}" alt="" height="40" style="height:40px;vertical-align:middle;margin-right:12px">` : '';
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;max-width:560px">',
    `<div style="background:${brand.primaryColor};color:${brand.primaryTextColor};padding:14px 18px;font-size:18px;font-weight:bold">${logo}${escapeHtml(brand.appName)}</div>`,
    '<div style="padding:18px">',
    ...m.paragraphs.map((p) => `<p>${paragraph(p)}</p>`),
    `<p><a href="${escapeHtml(m.link.href)}" style="display:inline-block;background:${brand.primaryColor};color:${brand.primaryTextColor};padding:10px 18px;text-decoration:none;border-radius:4px">${escapeHtml(m.link.label)}</a></p>`,
    m.after ? `<p>${paragraph(m.after.text)} <a href="${escapeHtml(m.after.href)}">${escapeHtml(m.after.href)}</a></p>` : '',
    `<p>— ${escapeHtml(brand.appName)}</p>`,
    brand.footerText ? `<p style="color:#555;font-size:13px;border-top:1px solid #ddd;padding-top:12px">${paragraph(brand.footerText)}</p>` : '',
    '</div></div>',
  ].join('');
  const text = [...m.paragraphs, `${m.link.label}: ${m.link.href}`, ...(m.after ? [`${m.after.text} ${m.after.href}`] : []), `— ${brand.appName}`, ...(brand.footerText ? [brand.footerText] : [])].join('\n\n');
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    ...(brand.logoPng ? { attachments: [{ filename: 'logo.png', content: brand.logoPng, contentType: 'image/png', cid: LOGO_CID }] } : {}),
  };
}
