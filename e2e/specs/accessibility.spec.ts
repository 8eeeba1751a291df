import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { createVerifiedOwner, expect, PASSWORD, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';

/*
 * Accessibility (issue 19). axe-core on every built page of the web app's route table, signed out for the
 * public pages and as an owner with realistic data for the others, at 1280 and 390 px: no serious or
 * critical violation. A page built later is checked without touching this file (the table is read at run
 * time). Then every main flow by keyboard alone.
 */

/** The part of a route table entry this spec reads (apps/web/src/app/route-types.ts). */
type RouteEntry = { name: string; path: string; layout: 'app' | 'public'; meta: { authenticate: boolean; title: string }; page?: unknown };
type RouteModules = {
  table: { routeTable: readonly RouteEntry[] };
  paths: { buildPath: (path: string, params?: Record<string, string | number | undefined>) => string };
};

/** The web app's own route table and path builder, loaded as they are (not a copy that could drift). */
async function routeModules(): Promise<RouteModules> {
  const at = (file: string) => new URL(`../../apps/web/src/app/${file}`, import.meta.url).href;
  const table = (await import(at('route-table.ts'))) as RouteModules['table'];
  const paths = (await import(at('route-paths.ts'))) as RouteModules['paths'];
  return { table, paths };
}

const APP_PASSWORD = 'scan-Gate-2468';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
/** WCAG 2.x A and AA plus axe's best practices: what "no serious or critical violation" is measured against. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

type Seed = {
  email: string;
  username: string;
  params: Record<string, string | number>;
  scanId: number;
  serviceId: number;
  /** Task id per task type (a type the server cannot create uses the generatebarcode task). */
  taskIds: Record<string, number>;
  /** A specialized service instance per type whose tab pages are built. */
  instances: Record<string, number>;
  /** The query of a table builder's share link (`?taskId=&token=`). */
  shareQuery: string;
  /** The app user's token and record, for the portals' pages (AP., CIO.), which their own sign-in guards. */
  portal: { token: string; user: { id: number; username: string } };
  /** A check in/out instance the app user has portal access to. */
  checkInOutId: number;
};

async function v2<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${e2eEnv().baseUrl}/api-v2/${path}/`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** One account with a database of values, questions, a service using both, an app user, scans, a template and tasks. */
async function seedAccount(request: APIRequestContext): Promise<Seed> {
  const email = uniqueEmail('a11y');
  const admin = await createVerifiedOwner(request, email);
  const database = await v2<{ id: number }>(request, admin, 'databases/create', { name: 'Tickets' });
  await v2(request, admin, 'databases/add-value', { id: database.id, value: 'TICKET-0042', response: 'Welcome, Ada. Seat 14B.', validity: 1 });
  await v2(request, admin, 'databases/add-value', { id: database.id, value: 'TICKET-0099', response: 'Refunded ticket', validity: 0 });
  const seat = await v2<{ id: number }>(request, admin, 'questions/create', { text: 'Seat', type: 'manual' });
  await v2(request, admin, 'questions/create', { text: 'Ticket photo', type: 'dropboximage' });
  const service = await v2<{ id: number }>(request, admin, 'services/create', { variables: { validation_method: 'database', service_name: 'Main gate', database_id: database.id } });
  await v2(request, admin, 'services/set-questions', { id: service.id, questions: [{ id: seat.id, condition: 'shared_submit', required: false }] });
  const username = `gate-${Date.now().toString(36)}`;
  const appUser = await v2<{ id: number }>(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [service.id] });
  // A team member with a pending invitation: `account/admins/{accountId}/` opens over the list.
  const teamMember = await v2<{ id: number }>(request, admin, 'team/invite', { email: `mo-${randomUUID()}@example.com`, name: 'Mo Admin', role: 'admin' });

  const signIn = await request.post(`${e2eEnv().baseUrl}/api-v2/app/signin/`, { data: { username, password: APP_PASSWORD, udid: `e2e-${randomUUID()}`, deviceName: 'Gate phone' } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const app = ((await signIn.json()) as { token: string }).token;
  const scans: { value: string; seat: string; at: string }[] = [
    { value: 'TICKET-0042', seat: '14B', at: '2026-11-02T09:00:00.000Z' },
    { value: 'TICKET-0099', seat: '3A', at: '2026-11-02T09:05:00.000Z' },
    { value: 'TICKET-7777', seat: '', at: '2026-11-03T16:45:00.000Z' },
  ];
  for (const scan of scans) {
    const answers = scan.seat ? [{ questionId: seat.id, values: [scan.seat] }] : [];
    await v2(request, app, 'app/scan', { serviceId: service.id, value: scan.value, clientScanId: randomUUID(), scannedAt: scan.at, answers, properties: { gps_location: '48.858370,2.294481' } });
  }
  // A check in/out instance with one value moved, which the app user may open in the portal.
  const checkInOut = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'check-in-out', name: 'Main door', settings: { portalUserIds: [appUser.id] }, userIds: [appUser.id] });
  await v2(request, app, 'app/scan', { serviceId: checkInOut.id, value: 'BADGE-1', clientScanId: randomUUID(), answers: [], properties: {} });
  const found = await v2<{ items: { id: number }[] }>(request, admin, 'scans/search', {});
  const scanId = found.items[0]?.id;
  expect(scanId, 'a seeded scan').toBeDefined();

  const template = await v2<{ id: number }>(request, admin, 'scans/templates/create', {
    name: 'Gate report',
    columns: [{ kind: 'field', field: 'value', header: 'Ticket' }, { kind: 'question', questionId: seat.id, header: 'Seat' }],
  });

  // A task of each type the server accepts, with inputs of that type; runNow on one gives a run to show.
  const labels = await v2<{ task: { id: number }; jobId: number | null }>(request, admin, 'tasks/create', {
    type: 'generatebarcode', name: 'Badges', runNow: true, inputs: { values: ['A-1', 'A-2'], layout: 'thermal-2x1', symbology: 'code128' },
  });
  const inputs: Record<string, Record<string, unknown>> = {
    downloaddatabase: { databaseId: database.id },
    clearDatabase: { databaseId: database.id },
    downloadscan: { serviceIds: [service.id] },
    exportscan: { templateId: template.id },
    bulkscanremoval: { olderThanDays: 90 },
    importdatabase: { databaseId: database.id, url: 'https://files.example.com/values.csv' },
    importuser: { url: 'https://files.example.com/users.csv' },
    postback: { url: 'https://erp.example.com/scans' },
    downloaddevices: {},
  };
  const taskIds: Record<string, number> = { generatebarcode: labels.task.id };
  for (const [type, typeInputs] of Object.entries(inputs)) {
    const response = await request.post(`${e2eEnv().baseUrl}/api-v2/tasks/create/`, { data: { type, name: `Nightly ${type}`, inputs: typeInputs }, headers: { Authorization: `Bearer ${admin}` } });
    if (response.ok()) taskIds[type] = ((await response.json()) as { task: { id: number } }).task.id;
  }
  expect(labels.jobId, 'the label run').not.toBeNull();

  // An API key with a good and a failed call, so the API pages show their lists rather than empty states.
  const apiKey = await v2<{ secret: string }>(request, admin, 'apikeys/create', { name: 'Warehouse sync' });
  for (const section of ['limits', 'nope']) await request.get(`${e2eEnv().baseUrl}/api/?section=${section}&action=retrieve&api_key=${apiKey.secret}`);
  // A webhook subscription, so the integrations page shows its card and the delivery log (an event the seed never causes).
  await v2(request, admin, 'webhooks/create', { url: 'https://erp.example.com/scanbase-hooks', description: 'ERP', events: ['import.finished'] });
  // A file store (WebDAV: the only kind connected without a provider), so the file-storage page shows a store card.
  await v2(request, admin, 'filestorage/connect', { kind: 'webdav', name: 'Office NAS', url: 'https://dav.example.com/files/scanbase/', username: 'nas-user', password: 'nas password' });

  // Specialized service instances: their tab pages open on a real instance of their type.
  const tickets = await v2<{ id: number; databaseId: number }>(request, admin, 'specialized/create', { type: 'scan-tickets', name: 'Festival gate', settings: { entryRule: 'reentry' }, userIds: [appUser.id] });
  await v2(request, admin, 'databases/autofill', { id: tickets.databaseId, count: 3, mode: 'random', length: 12 });
  const ticket = (await v2<{ items: { value: string }[] }>(request, admin, 'databases/values', { id: tickets.databaseId })).items[0]!.value;
  for (const value of [ticket, ticket, 'NOT-A-TICKET']) await v2(request, app, 'app/scan', { serviceId: tickets.id, value, clientScanId: randomUUID() });

  const sheet = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'scan-to-excel', name: 'Stock count', userIds: [appUser.id] });
  await v2(request, app, 'app/scan', { serviceId: sheet.id, value: 'SKU-1', clientScanId: randomUUID() });

  const table = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'table-builder', name: 'Laptops', userIds: [appUser.id] });
  await v2(request, admin, 'services/set-questions', { id: table.id, questions: [{ id: seat.id, condition: 'pre_submit', required: false }] });
  await v2(request, app, 'app/scan', { serviceId: table.id, value: 'LT-1', clientScanId: randomUUID(), answers: [{ questionId: seat.id, values: ['B12'] }] });
  const share = await v2<{ path: string }>(request, admin, 'table-builder/link-create', { id: table.id });

  const attendance = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'attendance', name: 'Morning class', settings: { leaderUserIds: [appUser.id] }, userIds: [appUser.id] });
  // The user and task portals (UP., TP.): the app user may use both, with the service and the label task shared.
  await v2(request, admin, 'portals/access/set', { appUserId: appUser.id, userPortal: true, taskPortal: true, serviceIds: [service.id], taskIds: [labels.task.id] });

  // A logistics instance with one package, so its page shows the list.
  const logistics = await v2<{ id: number }>(request, admin, 'specialized/create', { type: 'logistics', name: 'City deliveries', userIds: [appUser.id] });
  await v2(request, app, 'app/scan', { serviceId: logistics.id, value: 'PKG-1', clientScanId: randomUUID(), properties: { stage: 'Picked up' } });

  // A short link with a visit, so its page shows the QR code and the visits table.
  const shortLink = await v2<{ id: number; shortUrl: string }>(request, admin, 'links/create', { target: '/checkinout/signin/', label: 'Poster at the gate' });
  await request.get(shortLink.shortUrl, { maxRedirects: 0 });

  return {
    email,
    username,
    instances: { 'scan-tickets': tickets.id, 'scan-to-excel': sheet.id, attendance: attendance.id, 'check-in-out': checkInOut.id, 'table-builder': table.id, logistics: logistics.id },
    shareQuery: share.path.slice(share.path.indexOf('?')),
    portal: { token: app, user: { id: appUser.id, username } },
    checkInOutId: checkInOut.id,
    scanId: scanId!,
    serviceId: service.id,
    taskIds,
    params: { scanId: scanId!, serviceId: service.id, databaseId: database.id, questionId: seat.id, userId: appUser.id, accountId: teamMember.id, templateID: template.id, instanceId: labels.jobId!, token: 'a'.repeat(64), shorturlId: shortLink.id },
  };
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const request = await playwrightRequest.newContext();
  try {
    seed = await seedAccount(request);
  } finally {
    await request.dispose();
  }
});

type Target = { name: string; href: string; title: string; signedIn: boolean };

/** Every route with a page, with the seeded ids filled in; signed-out pages first. */
async function targets(): Promise<Target[]> {
  const { table, paths } = await routeModules();
  const query: Record<string, string> = {
    'CIO.index': `?instance_id=${seed.checkInOutId}`,
    'CIO.valueresponse': `?instance_id=${seed.checkInOutId}&value=BADGE-1`,
    'account.scans.edit': `?scanId=${seed.scanId}`,
    'crapp.edit_scan': `?scanId=${seed.scanId}`,
    'account.scans.templates.new': `?ids=${seed.serviceId}`,
    'app.sharelink': seed.shareQuery,
    // The table pages opened with the share token (the scanner's session is not in this browser).
    'app.custom': seed.shareQuery.replace('taskId=', 'tableId='),
    'app.devicelookup': `${seed.shareQuery.replace('taskId=', 'tableId=')}&deviceId=1`,
  };
  const list = table.routeTable
    .filter((def) => def.page !== undefined)
    .map((def) => {
      const type = /^account\.tasks\.(\w+)\.edit$/.exec(def.name)?.[1];
      const id = type ? (seed.taskIds[type] ?? seed.taskIds.generatebarcode) : undefined;
      const instanceId = seed.instances[/^account\.specialized\.([a-z-]+)(?:\.|$)/.exec(def.name)?.[1] ?? ''];
      const href = paths.buildPath(def.path, { ...seed.params, ...(id ? { id } : {}), ...(instanceId ? { instanceId } : {}) }) + (query[def.name] ?? '');
      return { name: def.name, href, title: def.meta.title, signedIn: def.meta.authenticate };
    });
  return [...list.filter((t) => !t.signedIn), ...list.filter((t) => t.signedIn)];
}

/**
 * Waits until the page's code, guard and data have loaded (no pending bar, spinner or skeleton) and its transitions
 * have ended: a dialog opened by its address fades in, and axe measuring half-way reads its text as too faint.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-label="Loading page"], .MuiCircularProgress-indeterminate, .MuiSkeleton-root').filter({ visible: true })).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
}

function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 200)}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
}

/**
 * Addresses the server answers with a file of their own (the API examples under /apidocs/examples/): the app's page
 * for them only loads that file, so they are opened by a full load and the file itself is checked.
 */
const isStaticFile = (href: string) => /\.html(?:[?#]|$)/.test(href);

/**
 * Opens a page as a link inside the app would (the router's history, no reload), which keeps the run short; the
 * first page of a session, a static file and the page after one are full loads.
 */
async function visit(page: Page, href: string): Promise<void> {
  const inApp = page.url().startsWith(e2eEnv().baseUrl) && (await page.evaluate(() => document.getElementById('root') !== null));
  if (!inApp || isStaticFile(href)) {
    await page.goto(href);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({ ...(window.history.state as object | null), __TSR_index: Date.now() }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, href);
}

/** Console errors naming the Content-Security-Policy, reported (not worked around). */
function watchCsp(page: Page, testInfo: TestInfo): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      testInfo.annotations.push({ type: 'csp', description: `${page.url()}: ${message.text()}` });
    }
  });
}

/** The pages are checked in groups, each a test of its own: one failure names its group, and no test runs for long. */
const GROUPS = 4;

for (let group = 0; group < GROUPS; group += 1) {
  test(`axe at 1280 and 390 px: no serious or critical violation on any built page, group ${group + 1} of ${GROUPS}`, async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    watchCsp(page, testInfo);
    // The portal pages (CIO, AP, UP, TP) open with the app user signed in to the portal, as its own sign-in leaves it.
    await page.addInitScript((portal) => {
      for (const flow of ['checkinout', 'attendance', 'userportal', 'taskportal']) {
        window.localStorage.setItem(`portal.${flow}.token`, portal.token);
        window.localStorage.setItem(`portal.${flow}.user`, JSON.stringify(portal.user));
      }
    }, seed.portal);
    const all = await targets();
    const size = Math.ceil(all.length / GROUPS);
    let signedIn = false;
    for (const target of all.slice(group * size, (group + 1) * size)) {
      await test.step(`${target.name} (${target.href})`, async () => {
        if (target.signedIn && !signedIn) {
          await page.goto('/signin');
          await signInWithForm(page, seed.email, PASSWORD);
          await expect(page).not.toHaveURL(/\/signin/);
          signedIn = true;
        }
        // A portal page (AP., CIO., UP., TP.) needs the portal's own app-user sign-in, kept in local storage like the sign-in page does.
        const flow = ({ AP: 'attendance', CIO: 'checkinout', UP: 'userportal', TP: 'taskportal' } as Record<string, string>)[target.name.split('.')[0] ?? ''] ?? null;
        if (flow && !target.name.endsWith('signin') && page.url().startsWith(e2eEnv().baseUrl)) {
          await page.evaluate(({ flow, token, user }) => {
            window.localStorage.setItem(`portal.${flow}.token`, token);
            window.localStorage.setItem(`portal.${flow}.user`, JSON.stringify(user));
          }, { flow, ...seed.portal });
        }
        // One load per page, checked at both widths (the layout follows the viewport without a reload).
        const started = Date.now();
        await page.setViewportSize(VIEWPORTS[0]);
        await visit(page, target.href);
        await expect(page).toHaveTitle(`${target.title} · Scanbase`);
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await settled(page);
          // Only violations: axe's passes and incomplete lists cost most of its time and are not read here.
          const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).analyze();
          expect.soft(describe(results.violations), `serious or critical axe violations on ${target.name} at ${viewport.width} px`).toEqual([]);
          // Reflow (WCAG 1.4.10): the page never scrolls sideways; a wide table scrolls inside its own card.
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          expect.soft(wide, `${target.name} at ${viewport.width} px is ${wide} px wide`).toBeLessThanOrEqual(viewport.width);
        }
        if (process.env.A11Y_TIMINGS) console.log(`${target.name}: ${Date.now() - started} ms`);
      });
    }
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: proves it is reachable by keyboard, in order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

/** Runs `check` on a page of a context the test opened itself; a failure carries what that page showed (Playwright's error context covers the test's own page only). */
async function withPageSnapshot(page: Page, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const snapshot = await page.locator('body').ariaSnapshot({ timeout: 5_000 }).catch(() => '(the page could not be read)');
    if (error instanceof Error) error.message += `\n\n${page.url()} showed:\n${snapshot}`;
    throw error;
  }
}

test('keyboard alone: sign in, create a service, scan, search, export', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const request = page.request;
  const email = uniqueEmail('keyboard');
  const admin = await createVerifiedOwner(request, email);
  const username = `door-${Date.now().toString(36)}`;
  await v2(request, admin, 'appusers/create', { username, password: APP_PASSWORD, serviceIds: [] });

  // Sign in: Tab between the fields, Enter submits.
  await page.goto('/signin?to=%2Faccount%2Fservices%2F');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/services\/$/);

  // Create a service: the type picker, the form, then tick the app user on the Users tab.
  await tabTo(page, page.getByRole('main').getByRole('link', { name: /New service|Create a service/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/services\/pre-create\/$/);
  await tabTo(page, page.getByRole('link', { name: /^Record scans\b/ }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/services\/new\/record$/);
  await tabTo(page, page.getByLabel('Service name'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Front door');
  await tabTo(page, page.getByRole('button', { name: 'Create and continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/services\/\d+\/users\/$/);
  await tabTo(page, page.getByRole('checkbox', { name: username }));
  await page.keyboard.press('Space');
  await expect(page.getByText('1 person can use this service.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Save and continue to Questions' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/services\/\d+\/questions\/$/);

  // Scan: the app user signs in on the scanner, picks the service and types a code.
  const context = await browser.newContext({ baseURL: e2eEnv().baseUrl });
  try {
    const scanner = await context.newPage();
    await scanner.goto('/scanner');
    await tabTo(scanner, scanner.getByLabel('Username'));
    await scanner.keyboard.type(username);
    await tabTo(scanner, scanner.getByLabel('Password', { exact: true }));
    await scanner.keyboard.type(APP_PASSWORD);
    await scanner.keyboard.press('Enter');
    // Their only service opens straight away.
    await expect(scanner.getByRole('heading', { name: 'Front door' })).toBeVisible();
    // Continuous scanning would take the result away after 1.5 s, quicker than a loaded machine may look: switch it off.
    await tabTo(scanner, scanner.getByRole('switch', { name: 'Continuous scanning' }));
    await scanner.keyboard.press('Space');
    await expect(scanner.getByRole('switch', { name: 'Continuous scanning' })).not.toBeChecked();
    await tabTo(scanner, scanner.getByLabel('Type a code'), { backwards: true });
    await scanner.keyboard.type('DOOR-KEY-0001');
    await scanner.keyboard.press('Enter');
    await withPageSnapshot(scanner, () => expect(scanner.getByTestId('result-value')).toHaveText('DOOR-KEY-0001'));
    // "Scan next" has the focus: Enter goes back to scanning.
    await expect(scanner.getByRole('button', { name: 'Scan next' })).toBeFocused();
    await scanner.keyboard.press('Enter');
    await expect(scanner.getByTestId('scan-result')).toBeHidden();
  } finally {
    await context.close();
  }

  // Search: the nav link, then "/" jumps to the value search.
  await tabTo(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Scans' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/scans\/search\/full\//);
  const table = page.getByRole('table', { name: 'Scans' });
  await expect(table.getByText('DOOR-KEY-0001')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search scanned values' })).toBeFocused();
  await page.keyboard.type('KEY-0001');
  await expect(page).toHaveURL(/value=KEY-0001/);
  await expect(table.getByRole('row').filter({ hasText: 'DOOR-KEY-0001' })).toHaveCount(1);

  // Export: the dialog opens on Enter, the CSV is made as a job, Enter on Download saves it.
  await tabTo(page, page.getByRole('button', { name: 'Export', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export scans' });
  await tabTo(page, dialog.getByRole('button', { name: 'Export 1 scan' }));
  await page.keyboard.press('Enter');
  const download = dialog.getByRole('button', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await tabTo(page, download, { backwards: true });
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  expect(await readFile(saved, 'utf8')).toContain('DOOR-KEY-0001');
});
