import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: { filename: string; content: Buffer; contentType: string; /** Shown inline where the HTML says `cid:<this>`. */ cid?: string }[] };

/** The mail port: SMTP when configured, the log otherwise. */
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/** Sends through nodemailer to SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Writes each message, links included, to the log so a single-machine install still works without SMTP. */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    send(message) {
      log.info({ mail: { to: message.to, subject: message.subject } }, `Mail (no SMTP_URL set) to ${message.to}: ${message.subject}\n${message.text}`);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
