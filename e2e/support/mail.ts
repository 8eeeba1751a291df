import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eEnv } from './env.js';

type Captured = { to: string[]; raw: string };

/** Undoes quoted-printable and base64 body encodings well enough to find links in a mail. */
function readableBody(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Blocks = raw.match(/(?:^[A-Za-z0-9+/=]{40,}\r?\n)+/gm) ?? [];
  return [qp, ...base64Blocks.map((block) => Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'))].join('\n');
}

/** Waits for a mail to `to` containing a link that matches `pattern`; returns the first such link. */
export async function waitForLink(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const { mailDir } = e2eEnv();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(mailDir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as Captured;
      if (!mail.to.includes(to.toLowerCase())) continue;
      const match = readableBody(mail.raw).match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link like ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
