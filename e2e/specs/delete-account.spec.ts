import { e2eEnv } from '../support/env.js';
import { PASSWORD, createVerifiedOwner, expect, signInWithForm, test, uniqueEmail } from '../support/fixtures.js';
import { waitForLink } from '../support/mail.js';

test('delete account: download everything as a ZIP, schedule the deletion with the company name and password, keep it through the mailed link', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { baseUrl } = e2eEnv();
  const email = uniqueEmail('delete');
  const token = await createVerifiedOwner(request, email, 'Closing Shop');
  // Something to export: a service.
  const created = await request.post(`${baseUrl}/api-v2/services/create/`, { headers: { Authorization: `Bearer ${token}` }, data: { variables: { validation_method: 'record', service_name: 'Front gate' } } });
  expect(created.status()).toBe(200);

  await page.goto('/account/deleteaccount/');
  await signInWithForm(page, email);
  await expect(page.getByRole('heading', { name: 'Delete account', level: 1 })).toBeVisible();

  // Step 1: the download is prepared by a run with a progress bar, then offered with its size.
  await page.getByRole('button', { name: 'Prepare the download' }).click();
  const downloadButton = page.getByRole('button', { name: /^Download ZIP/ });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^scanbase-account-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of zip) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('tables/services.csv'))).toBe(true);

  // Step 2: the button stays off until the company name is typed; a wrong password is named on its field.
  const deleteButton = page.getByRole('button', { name: 'Delete Closing Shop' });
  await expect(deleteButton).toBeDisabled();
  await page.getByLabel('Type Closing Shop to confirm').fill('closing shop');
  await page.getByLabel('Your password').fill('not the password');
  await deleteButton.click();
  await expect(page.getByText('Wrong password')).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await deleteButton.click();
  await expect(page.getByRole('heading', { name: '2. Deletion scheduled' })).toBeVisible();
  await expect(page.getByText(/will be deleted on/)).toBeVisible();

  // The mailed link keeps the account.
  const link = await waitForLink(email, /\/account\/deleteaccount\/\?restore=[\w-]+/);
  await page.goto(link);
  await expect(page.getByText('Your account is kept: the deletion is cancelled.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Delete the account' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/deleteaccount\/$/);
});
