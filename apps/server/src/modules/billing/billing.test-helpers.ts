import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Writes a plan file to a temp dir and answers its path. */
export function writePlanFile(content: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanbase-plans-'));
  const file = path.join(dir, 'plans.json');
  fs.writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}

/** A free plan with small limits and no extra features, and a paid plan without limits (prices in dollars). */
export const testPlans = {
  billingEnabled: true,
  defaultPlan: 'free',
  plans: [
    {
      id: 'free',
      name: 'Free',
      priceMonth: 0,
      priceYear: 0,
      limits: { scansPerMonth: 3, devices: 1, appUsers: 1, services: 2, databaseValues: 2, apiPerMinute: 5, apiPerDay: 100 },
      features: { api: false, postback: false, sso: false, branding: false, integrations: false },
    },
    { id: 'pro', name: 'Pro', priceMonth: 29, priceYear: 290 },
    { id: 'team', name: 'Team', priceMonth: 99.5, priceYear: 995, limits: { services: 50, appUsers: 3, apiPerMinute: 4 } },
  ],
};

/**
 * The text a pdfkit PDF shows: its content streams inflated, and the strings of each text operator (hex or literal)
 * decoded as WinAnsi (Latin-1 for the characters we write), one operator a line.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      out.push(parts.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
    re.lastIndex = end;
  }
  return out.join('\n');
}
