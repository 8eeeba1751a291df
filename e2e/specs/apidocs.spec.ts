import { createVerifiedOwner, expect, test, uniqueEmail } from '../support/fixtures.js';

/*
 * The API documentation (/apidocs/{pageName?}): every page and every link between them resolves, deep links land on
 * their action, search finds actions, an administrator can run a read-only action, and the V2 and scanner references
 * render from the served OpenAPI document with the renderer loaded only there.
 */

test('every documentation page opens and every link between them reaches an existing page and anchor', async ({ page }) => {
  await page.goto('/apidocs/');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your systems to Scanbase' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'API documentation' });
  const pagePaths = await nav.locator('a[href^="/apidocs"]').evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))]);
  expect(pagePaths.length).toBeGreaterThan(5);

  const anchorsByPage = new Map<string, Set<string>>();
  const linksFound: { from: string; path: string; hash: string }[] = [];
  for (const path of pagePaths) {
    await page.goto(path);
    // The scanner page's h1 is the reference renderer's, drawn once the OpenAPI document has loaded.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^No page called/)).toHaveCount(0);
    if (path.endsWith('/v2') || path.endsWith('/scanner')) continue; // the reference renderer's own anchors are checked below
    anchorsByPage.set(path.replace(/\/$/, ''), new Set(await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id))));
    const links = await page.locator('main a[href], nav a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      const url = new URL(href);
      if (!url.pathname.startsWith('/apidocs/') || url.pathname.startsWith('/apidocs/examples/')) continue;
      linksFound.push({ from: path, path: url.pathname.replace(/\/$/, ''), hash: decodeURIComponent(url.hash.slice(1)) });
    }
  }
  expect(linksFound.length).toBeGreaterThan(20);
  for (const link of linksFound) {
    const known = pagePaths.map((p) => p.replace(/\/$/, ''));
    expect(known, `a link on ${link.from} points to ${link.path}`).toContain(link.path);
    if (link.hash && anchorsByPage.has(link.path)) expect([...anchorsByPage.get(link.path)!], `${link.from} -> ${link.path}#${link.hash}`).toContain(link.hash);
  }
});

test('a deep link opens its action, and search finds an action by name', async ({ page }) => {
  await page.goto('/apidocs/databases#showvalues');
  const heading = page.getByRole('heading', { level: 2, name: 'databases/showvalues' });
  await expect(heading).toBeInViewport();

  await page.goto('/apidocs/');
  await expect(page.getByRole('combobox', { name: 'Search the API documentation' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search the API documentation' })).toBeFocused();
  await page.keyboard.type('showvalues');
  await page.getByRole('option', { name: /databases\/showvalues/ }).click();
  await expect(page).toHaveURL(/\/apidocs\/databases#showvalues$/);
  await expect(heading).toBeInViewport();
  // Every action on the page has its sample in the four languages.
  await expect(page.getByRole('tab', { name: 'Python' })).toHaveCount(await page.getByRole('main').getByRole('heading', { level: 2 }).count());
});

test('an administrator runs a read-only action from the page and sees the raw reply', async ({ page, request }) => {
  const token = await createVerifiedOwner(request, uniqueEmail('apidocs'));
  await page.goto('/apidocs/');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.goto(`/apidocs/databases?websiteToken=${token}`);
  const form = page.getByRole('form', { name: 'Try databases/retrieve on this server' });
  await form.getByRole('button', { name: 'Run' }).click();
  await expect(form.getByText('HTTP 200')).toBeVisible();
  await expect(form.getByLabel('Reply of databases/retrieve', { exact: true })).toContainText('<status>1</status>');
  // Changing actions offer no "Try it".
  await expect(page.getByRole('form', { name: 'Try databases/delete on this server' })).toHaveCount(0);
});

test('the V2 reference opens by section and the scanner reference renders, from the served OpenAPI document', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/apidocs/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((s) => s.includes('redoc'))).toBe(false);

  // The V2 page lists its sections by group; one section renders only its own routes.
  await page.goto('/apidocs/v2');
  await expect(page.getByRole('heading', { level: 1, name: 'V2 JSON API' })).toBeVisible();
  const setUp = page.getByRole('region', { name: 'Scanning set-up' });
  await setUp.getByRole('link', { name: /^Databases/ }).click();
  await expect(page).toHaveURL(/\/apidocs\/v2\?section=databases$/);
  const root = page.getByTestId('redoc-root');
  await expect(root.getByText('/api-v2/databases/list/').first()).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Databases · V2 JSON API' })).toBeVisible();
  await expect(root.getByText('/api-v2/scans/search/')).toHaveCount(0);
  expect(scripts.some((s) => s.includes('redoc'))).toBe(true);

  // The section chooser moves to another section.
  await page.getByRole('combobox', { name: 'Section' }).click();
  await page.getByRole('option', { name: 'Scan data · Scans' }).click();
  await expect(page).toHaveURL(/\?section=scans$/);
  await expect(root.getByText('/api-v2/scans/search/').first()).toBeAttached({ timeout: 30_000 });
  await expect(root.getByText('/api-v2/databases/list/')).toHaveCount(0);

  // Search lands on a V2 route inside its section.
  await page.getByRole('combobox', { name: 'Search the API documentation' }).fill('databases/list');
  await page.getByRole('option', { name: /\/api-v2\/databases\/list\// }).click();
  await expect(page).toHaveURL(/\/apidocs\/v2\?section=databases#tag\/databases\/operation\//);
  await expect(root.getByText('/api-v2/databases/list/').first()).toBeAttached({ timeout: 30_000 });

  await page.goto('/apidocs/scanner');
  await expect(root.getByText('/api-v2/app/scan/').first()).toBeAttached({ timeout: 30_000 });
  await expect(root.getByText('/api-v2/databases/list/')).toHaveCount(0);
});

test('an unknown page lists the pages there are', async ({ page }) => {
  await page.goto('/apidocs/nonsense');
  await expect(page.getByRole('heading', { name: 'No page called “nonsense”' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Overview' })).toBeVisible();
});
