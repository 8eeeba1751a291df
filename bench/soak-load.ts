import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

// The soak's load generator, in its own process (forked by soak.bench.ts) so that its work and
// memory stay out of the server's figures. It runs one paced loop per kind of request until the
// deadline, then sends the latencies and errors back to the parent.

/** What the parent sends to start the load. */
export type SoakPlan = {
  url: string;
  adminToken: string;
  appTokens: string[];
  serviceId: number;
  importDatabaseId: number;
  seconds: number;
  tickets: number;
};

/** What the load generator answers at the end: latencies in ms per kind, and every failure. */
export type SoakResult = { latencies: Record<string, number[]>; errors: string[] };

const KINDS = ['healthz', 'scan', 'search', 'export', 'import'] as const;
type Kind = (typeof KINDS)[number];

function ticket(tickets: number): string {
  return `TICKET-${String(1 + Math.floor(Math.random() * tickets)).padStart(6, '0')}`;
}

async function run(plan: SoakPlan): Promise<SoakResult> {
  const latencies = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
  const errors: string[] = [];
  const deadline = performance.now() + plan.seconds * 1000;
  const admin = { authorization: `Bearer ${plan.adminToken}` };

  const call = async (route: string, body: unknown, headers: Record<string, string>): Promise<Record<string, unknown>> => {
    const res = await fetch(`${plan.url}/api-v2/${route}/`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  const ops: Record<Kind, () => Promise<void>> = {
    healthz: async () => {
      const res = await fetch(`${plan.url}/healthz`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`healthz: HTTP ${res.status}`);
    },
    scan: async () => {
      const token = plan.appTokens[Math.floor(Math.random() * plan.appTokens.length)]!;
      await call('app/scan', { serviceId: plan.serviceId, value: ticket(plan.tickets), clientScanId: randomUUID(), properties: { capture_type: 'camera' } }, { authorization: `Bearer ${token}` });
    },
    // A substring search, as typed in the search box (about 1% of the scans match).
    search: async () => {
      await call('scans/search', { value: ticket(plan.tickets).slice(0, 11), limit: 50 }, admin);
    },
    // An export job from start to downloaded file, as the progress page follows it.
    export: async () => {
      const { jobId } = (await call('scans/export-start', { filters: { value: ticket(plan.tickets).slice(0, 11) }, format: 'csv' }, admin)) as { jobId: number };
      for (;;) {
        const job = await call('jobs/get', { id: jobId }, admin);
        if (job.state === 'succeeded') break;
        if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`export job ${jobId} ${String(job.state)}: ${String(job.error)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const file = await fetch(`${plan.url}/api-v2/jobs/download/`, { method: 'POST', headers: { 'content-type': 'application/json', ...admin }, body: JSON.stringify({ id: jobId }) });
      const body = await file.arrayBuffer();
      if (file.status !== 200 || body.byteLength === 0) throw new Error(`jobs/download: HTTP ${file.status}`);
    },
    // 1,000 new values per import through the multipart route (the database grows all along).
    import: async () => {
      const batch = randomUUID().slice(0, 8);
      const csv = Array.from({ length: 1000 }, (_, i) => `IMP-${batch}-${i},Row ${i},1`).join('\n');
      const form = new FormData();
      form.append('params', JSON.stringify({ id: plan.importDatabaseId }));
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'values.csv');
      const res = await fetch(`${plan.url}/api-v2/databases/import/`, { method: 'POST', headers: admin, body: form });
      const report = (await res.json()) as { imported?: number };
      if (res.status !== 200 || report.imported !== 1000) throw new Error(`databases/import: HTTP ${res.status} ${JSON.stringify(report).slice(0, 200)}`);
    },
  };

  // Requests per second of each kind (scans over several loops, like several gates at once).
  const pace: [Kind, number, number][] = [
    ['healthz', 1, 20],
    ['scan', 4, 25],
    ['search', 1, 5],
    ['export', 1, 0.5],
    ['import', 1, 0.2],
  ];
  const loop = async (kind: Kind, perSecond: number): Promise<void> => {
    const interval = 1000 / perSecond;
    let next = performance.now() + Math.random() * interval;
    while (next < deadline) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const started = performance.now();
      try {
        await ops[kind]();
        latencies[kind].push(performance.now() - started);
      } catch (error) {
        errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Paced, not closed-loop: a slow answer does not lower the offered load later on.
      next = Math.max(next + interval, performance.now() - interval);
    }
  };
  await Promise.all(pace.flatMap(([kind, loops, perSecond]) => Array.from({ length: loops }, () => loop(kind, perSecond))));
  return { latencies, errors };
}

process.once('message', (plan: SoakPlan) => {
  run(plan).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`soak load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
});
