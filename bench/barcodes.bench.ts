import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import bwipjs, { type RenderOptions } from 'bwip-js';
import { printRows, type BenchRow } from './lib/report.js';
import { startScanbase } from './lib/servers.js';

// Barcode figures (issue 8): images/s through POST /api-v2/barcode/generate/ against bwip-js
// called directly in this process, and the time for a 1,000-label PDF. Every request carries a
// distinct value, so the render cache never answers: these are real renders.

const SECONDS = 5;

/** bwip-js directly, in sequence, for `seconds`: the physical limit of one core. */
async function directRate(make: (i: number) => RenderOptions, seconds: number): Promise<number> {
  for (let i = 0; i < 40; i += 1) await bwipjs.toBuffer(make(-i - 1));
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    await bwipjs.toBuffer(make(n));
    n += 1;
  }
  return n / ((performance.now() - start) / 1000);
}

/** Images per second through the HTTP endpoint, each request a new value. */
async function httpRate(url: string, token: string, body: (i: number) => Record<string, unknown>, seconds: number): Promise<number> {
  let i = 0;
  const result = await autocannon({
    url: `${url}/api-v2/barcode/generate/`,
    method: 'POST',
    connections: 4,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(i++)) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`generate bench saw ${result.non2xx} non-2xx and ${result.errors} errors`);
  return result.requests.average;
}

/** Images/s for QR and Code 128 (HTTP vs direct) and seconds for a 1,000-label PDF. */
export async function run(): Promise<BenchRow[]> {
  const sb = await startScanbase({ V2_LIMIT_PER_MINUTE: '1000000000' });
  try {
    const email = 'barcodes-bench@example.com';
    const password = 'bench password 1';
    await sb.container.auth.createVerifiedAccount({ companyName: 'Bench', name: 'Bench', email, password });
    const signIn = await fetch(`${sb.url}/api-v2/auth/signin/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const { token } = (await signIn.json()) as { token: string };
    const labels = async (symbology: string, prefix = '') => {
      const started = performance.now();
      const res = await fetch(`${sb.url}/api-v2/barcode/labels/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ layout: 'avery-l7160', symbology, range: { prefix: `${symbology.toUpperCase()}${prefix}-`, start: 1, end: 1000, padding: 6 } }),
      });
      const pdf = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`labels answered ${res.status}: ${pdf.toString().slice(0, 200)}`);
      return (performance.now() - started) / 1000;
    };
    // The first sheet after the server started or rendered nothing for a while: the render threads start with it
    // (they stop when idle) and bwip-js is not yet compiled hot.
    if (sb.container.barcodes.renderThreads() !== 0) throw new Error('the render threads should not run before the first render');
    const coldQrPdf = await labels('qrcode', 'COLD');
    // Steady state: warm the worker pool and the direct path alike (cold bwip-js is several times slower).
    await sb.container.barcodes.warmUp();

    // The options the service builds for these requests (render defaults), so both sides draw the same image.
    const qrValue = (i: number) => `https://scan.example.com/v/4006381333931-${String(i).padStart(6, '0')}`;
    const c128Value = (i: number) => `SCN-4006381333931-${String(i).padStart(6, '0')}`;
    const qrDirect = await directRate((i) => ({ bcid: 'qrcode', text: qrValue(1_000_000 + i), scale: 4, padding: 4, barcolor: '000000', backgroundcolor: 'FFFFFF' }), SECONDS);
    const qrHttp = await httpRate(sb.url, token, (i) => ({ value: qrValue(i), symbology: 'qrcode' }), SECONDS);
    const c128Direct = await directRate(
      (i) => ({ bcid: 'code128', text: c128Value(1_000_000 + i), scale: 2, padding: 10, barcolor: '000000', backgroundcolor: 'FFFFFF', height: 15, includetext: true, textxalign: 'center', textsize: 5, textyalign: 'below', textcolor: '000000' }),
      SECONDS,
    );
    const c128Http = await httpRate(sb.url, token, (i) => ({ value: c128Value(i), symbology: 'code128' }), SECONDS);

    const qrPdf = await labels('qrcode');
    const c128Pdf = await labels('code128');

    return [
      { name: 'bwip-js direct: QR PNG (scale 4)', value: qrDirect, unit: 'img/s' },
      { name: 'V2 barcode/generate QR (4 conn, distinct values)', value: qrHttp, unit: 'img/s', baseline: qrDirect, baselineName: 'bwip-js direct', ratio: qrHttp / qrDirect, goal: '>= 0.7' },
      { name: 'bwip-js direct: Code 128 PNG (scale 2, text)', value: c128Direct, unit: 'img/s' },
      { name: 'V2 barcode/generate Code 128 (4 conn)', value: c128Http, unit: 'img/s', baseline: c128Direct, baselineName: 'bwip-js direct', ratio: c128Http / c128Direct, goal: '>= 0.7' },
      { name: '1,000-label PDF, QR, A4 3x7 (distinct values), first render after start: threads start cold', value: coldQrPdf, unit: 's', goal: '< 5 s' },
      { name: '1,000-label PDF, QR, A4 3x7 (distinct values)', value: qrPdf, unit: 's', baseline: coldQrPdf, baselineName: 'cold', ratio: coldQrPdf / qrPdf, goal: '< 5 s' },
      { name: '1,000-label PDF, Code 128, A4 3x7', value: c128Pdf, unit: 's', goal: '< 5 s' },
    ];
  } finally {
    await sb.container.barcodes.close();
    await sb.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printRows('barcodes', await run());
}
