import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string; subject: string; text: string; html: string; attachments: { filename: string; contentType: string; content: Buffer }[] };

/** A real SMTP server on loopback that keeps every message it receives (the mail peer for tests). */
export type SmtpCatcher = {
  url: string;
  messages: CaughtMail[];
  /** Waits for the next message to this address and answers it. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
};

/** Starts an SMTP server on 127.0.0.1 at a free port. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];
  const taken = new Set<CaughtMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
          const attachments = parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content }));
          const mail: CaughtMail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', attachments };
          messages.push(mail);
          const i = waiters.findIndex((w) => to.includes(w.to));
          if (i >= 0) {
            taken.add(mail);
            waiters.splice(i, 1)[0]?.resolve(mail);
          }
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(to, timeoutMs = 10_000) {
      const wanted = to.toLowerCase();
      const ready = messages.find((m) => !taken.has(m) && m.to.includes(wanted));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to: wanted, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains the given path fragment. */
export function linkIn(mail: CaughtMail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in mail "${mail.subject}"`);
  return link;
}
