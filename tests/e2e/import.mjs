// End to end: bringing another service's export and connecting services. A person opens Import
// from the menu, picks Strava, drops a small Strava export made here (two GPX activities and one
// entered by hand); it uploads in pieces, the page follows the job to "2 imported, 1 skipped" with
// the skipped one's reason, maps the Ride type to another category, and finds the trails. In
// Settings they connect a wanderer server (address and token): its status shows "Configured" and
// the token never reaches the page; "Send to…" on a trail sends a copy there (the same server,
// reached on loopback) and links it, or says why not; they check, disable, enable and disconnect it.
// Then they connect Strava (a stand-in on loopback): sign in there and come back connected, sync
// a new activity into a trail, sign out and disconnect. Self-contained: it makes its own person.
import {join} from 'node:path';
import {audit, auditContext, failing, formatViolations} from './lib/a11y.mjs';
import {DESKTOP} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {expect, step, watchPage, report} from './lib/steps.mjs';
import {stravaExport} from './lib/strava_export.mjs';
import {CLIENT_ID, CLIENT_SECRET} from './lib/strava_stand_in.mjs';

const PASSWORD = 'import-e2e-secret';

async function expectClean(page, within, what) {
  const violations = await audit(page, {within});
  if (violations.length) console.log(formatViolations(what, violations));
  expect(failing(violations).map((v) => v.id).join(), '', `axe finds nothing serious in ${what}`);
}

export async function runImportSteps({browser, origin, out, strava}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
  await signUp(origin, 'importer', PASSWORD);
  const client = await apiClient(origin, 'importer', PASSWORD);
  const context = await auditContext(browser, {viewport: DESKTOP, reducedMotion: 'reduce'});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'importer', password: PASSWORD}});
  expect(login.status(), 200, 'importer signs in');
  const page = watchPage(await context.newPage(), 'importer');
  const {buffer} = stravaExport();
  const ids = {};
  // The wanderer connection points at this same server with an API token of another account
  // (run.mjs lets plugins reach loopback), so a trail can really be sent there.
  await signUp(origin, 'receiver', PASSWORD);
  const receiver = await apiClient(origin, 'receiver', PASSWORD);
  const minted = await receiver.call('PUT', '/api-token', {name: 'wanderer e2e'});
  expect(minted.status, 200, 'an API token for the connection');
  const TOKEN = minted.data.token;

  try {
    await step('import: the menu opens Import; Strava is chosen and the export uploads and is read to its summary', async () => {
      await page.goto(`${origin}/trails`);
      await page.getByRole('link', {name: 'Import', exact: true}).click();
      await page.getByRole('heading', {level: 1, name: 'Import an export'}).waitFor();
      // Without a choice, the archive is refused with a word at the choice.
      await page.getByLabel('Export archive').setInputFiles({name: 'strava-export.zip', mimeType: 'application/zip', buffer});
      await page.getByText('Choose where the export comes from first.').waitFor();
      await page.getByRole('radio', {name: 'Strava', exact: true}).check();
      const pieces = [];
      page.on('request', (request) => {
        if (request.url().includes('/data?offset=')) pieces.push(new URL(request.url()).searchParams.get('offset'));
      });
      await page.getByLabel('Export archive').setInputFiles({name: 'strava-export.zip', mimeType: 'application/zip', buffer});
      const job = page.locator('.import-job');
      await job.getByRole('heading', {name: 'Import of strava-export.zip'}).waitFor();
      const counts = job.getByRole('list', {name: 'Result'});
      await counts.waitFor({timeout: 30000});
      const text = (await counts.innerText()).replace(/\s+/g, ' ');
      for (const wanted of ['2 imported', '1 skipped', '0 failed']) expect(text.includes(wanted), true, `the summary says "${wanted}" (${text})`);
      expect(pieces.join(), '0', 'the archive went up in one piece from byte 0');
      const skipped = job.locator('.import-problems tbody tr');
      expect(await skipped.count(), 1, 'one problem row');
      const row = (await skipped.first().innerText()).replace(/\s+/g, ' ');
      expect(row.includes('Indoor Trainer') && row.includes('Skipped') && row.includes('no GPS file'), true, `the skipped activity with its reason (${row})`);
      await shot(page, 'import-summary-desktop');
    });

    await step('import: the category step lists Hike and Ride with suggestions; moving Ride to Walking changes one trail', async () => {
      const table = page.locator('.remap-table');
      await table.waitFor();
      const rows = (await table.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
      expect(rows.length, 2, `two activity types (${rows.join(' | ')})`);
      expect(rows.some((r) => r.startsWith('Hike')) && rows.some((r) => r.startsWith('Ride')), true, `Hike and Ride are listed (${rows.join(' | ')})`);
      const ride = page.getByLabel('Category for Ride');
      expect(await ride.locator('option:checked').innerText(), 'Biking', 'Ride starts at the suggested Biking');
      await ride.selectOption({label: 'Walking'});
      await expectClean(page, '.import-page', 'the import page with its summary and category step');
      await page.getByRole('button', {name: 'Apply', exact: true}).click();
      await page.getByText('1 trail changed.').waitFor();
      const mine = await client.call('GET', `/trail?filter=${encodeURIComponent('name ~ "Import "')}&perPage=50`);
      const trails = Array.isArray(mine.data) ? mine.data : mine.data?.items || [];
      const byName = Object.fromEntries(trails.map((t) => [t.name, t]));
      expect(Boolean(byName['Import Ridge Hike'] && byName['Import Valley Ride']), true, `both activities are trails (${Object.keys(byName).join(', ')})`);
      expect(byName['Import Valley Ride'].category, 'walkingcategory', 'the Ride trail is now Walking');
      expect(byName['Import Ridge Hike'].category, 'hikingcategory1', 'the Hike trail stays Hiking');
      expect(Boolean(byName['Indoor Trainer']), false, 'the hand-entered activity made no trail');
      ids.trail = byName['Import Ridge Hike'].id;
      await shot(page, 'import-remapped-desktop');
    });

    await step('import: the earlier import is listed as done and opens to its summary', async () => {
      const earlier = page.getByRole('list', {name: 'Earlier imports'});
      const entry = earlier.getByRole('listitem').filter({hasText: 'strava-export.zip'});
      await entry.filter({hasText: 'Done: 2 imported, 1 skipped, 0 failed'}).waitFor();
      expect(await entry.getByRole('button', {name: /Cancel/}).count(), 0, 'a finished import has no Cancel');
      await entry.getByRole('link', {name: 'strava-export.zip'}).click();
      await page.waitForURL(/\/import\?job=/);
      await page.locator('.import-job').getByRole('list', {name: 'Result'}).filter({hasText: '2 imported'}).waitFor();
      const jobs = await client.call('GET', '/plugin-system/import');
      expect(jobs.data.items.length, 1, 'the server lists one import');
    });

    await step('import: an import left half uploaded is listed with Cancel, opens without waiting, and cancels (phone)', async () => {
      const started = await client.call('PUT', '/plugin-system/import', {plugin: 'komoot', name: 'abandoned.zip', size: 4096});
      expect(started.status, 200, 'an import waits for its bytes');
      const phone = watchPage(await context.newPage(), 'importer-phone');
      await phone.setViewportSize({width: 390, height: 844});
      await phone.goto(`${origin}/import`);
      const entry = phone.getByRole('list', {name: 'Earlier imports'}).getByRole('listitem').filter({hasText: 'abandoned.zip'});
      await entry.filter({hasText: 'Uploading: 0 B of 4 KB'}).waitFor();
      await expectClean(phone, '.import-page', 'the import page on a phone');
      await phone.screenshot({path: join(out, 'screens', 'import-phone.png'), fullPage: true});
      await entry.getByRole('link', {name: 'abandoned.zip'}).click();
      await phone.locator('.import-job .import-status').filter({hasText: 'Uploading: 0 B of 4 KB'}).waitFor();
      await entry.getByRole('button', {name: 'Cancel the import of abandoned.zip'}).click();
      // A cancelled import is listed as cancelled, or forgotten at once.
      const abandoned = phone.getByRole('list', {name: 'Earlier imports'}).getByRole('listitem').filter({hasText: 'abandoned.zip'});
      await phone.waitForFunction(() => {
        const row = [...document.querySelectorAll('.import-row')].find((li) => li.textContent.includes('abandoned.zip'));
        return !row || row.textContent.includes('Cancelled');
      });
      expect(await abandoned.getByRole('button', {name: /Cancel/}).count(), 0, 'no Cancel left');
      await phone.locator('.import-job').getByText(/Cancelled|cancelled/).first().waitFor();
      const job = await client.call('GET', `/plugin-system/import/${started.data.id}`);
      expect(job.status === 404 || job.data.status === 'cancelled', true, `the server cancelled it (${job.status} ${job.data?.status})`);
      await phone.close();
    });

    await step('settings: a wanderer server is connected with its address and token; it shows "Configured" and never the token', async () => {
      await page.goto(`${origin}/settings`);
      const section = page.locator('#plugins');
      await section.getByRole('heading', {name: 'Connected services'}).waitFor();
      await section.getByText('No services are connected.').waitFor();
      await section.getByLabel('Service', {exact: true}).selectOption({label: 'wanderer or Cairn'});
      // Required settings are asked for before anything is sent.
      await section.getByRole('button', {name: 'Connect', exact: true}).click();
      await section.locator('[aria-invalid="true"]').first().waitFor();
      await section.getByLabel('Server address').fill(origin);
      await section.getByLabel('API token').fill(TOKEN);
      expect(await section.getByLabel('API token').getAttribute('type'), 'password', 'the token is typed in a password field');
      await section.getByRole('button', {name: 'Connect', exact: true}).click();
      const row = section.getByRole('list', {name: 'Your connected services'}).getByRole('listitem').filter({hasText: 'wanderer or Cairn'});
      await row.locator('.plugin-status').filter({hasText: 'Configured'}).waitFor();
      expect((await page.content()).includes(TOKEN), false, 'the token is not in the page after connecting');
      const stored = await client.call('GET', '/plugin-instance');
      expect(stored.data.length, 1, 'one connection stored');
      expect(stored.data[0].status, 'configured', 'the server says configured');
      expect(stored.data[0].auth.token, '', 'the API answers the token as ""');
      ids.instance = stored.data[0].id;
      // Reloaded, and in its settings dialog: the token field is empty and says it is stored.
      await page.reload();
      await section.locator('.plugin-status').filter({hasText: 'Configured'}).waitFor();
      await section.getByRole('button', {name: 'Settings of wanderer or Cairn'}).click();
      const dialog = page.getByRole('dialog', {name: 'Settings of wanderer or Cairn'});
      const token = dialog.getByLabel('API token');
      expect(await token.inputValue(), '', 'the token field is empty');
      expect(await token.getAttribute('placeholder'), '••• stored', 'the token field says one is stored');
      expect(await dialog.getByLabel('Server address').inputValue(), origin, 'the address is shown');
      await expectClean(page, 'dialog[open]', 'the connection settings dialog');
      // Saving without typing a token keeps it.
      await dialog.getByRole('button', {name: 'Save settings'}).click();
      await section.getByText('Settings saved.').waitFor();
      const kept = await client.call('GET', '/plugin-instance');
      expect(kept.data[0].status, 'configured', 'the stored token was kept');
      expect((await page.content()).includes(TOKEN), false, 'the token is not in the page');
      await expectClean(page, '#plugins', 'the connected services section');
      await section.screenshot({path: join(out, 'screens', 'settings-connected-services-desktop.png')});
    });

    await step('trail: "Send to…" offers the connection, sends the trail and links the copy', async () => {
      await page.goto(`${origin}/trail/${ids.trail}`);
      await page.getByRole('heading', {level: 1, name: 'Import Ridge Hike'}).waitFor();
      await page.getByRole('button', {name: 'Send to…'}).click();
      const dialog = page.getByRole('dialog', {name: 'Send “Import Ridge Hike”'});
      await dialog.getByRole('radio', {name: `wanderer or Cairn (${new URL(origin).host})`}).waitFor();
      await expectClean(page, 'dialog[open]', 'the send dialog');
      await dialog.getByRole('button', {name: 'Send', exact: true}).click();
      const said = dialog.locator('.field-error:not(:empty), .send-result .saved-note');
      await said.first().waitFor({timeout: 30000});
      report(`send to wanderer: ${await said.first().innerText()}`);
      const link = dialog.getByRole('link', {name: 'Open it on wanderer or Cairn'});
      await link.waitFor();
      const href = await link.getAttribute('href');
      expect(await link.getAttribute('target'), '_blank', 'the copy opens in a new tab');
      const copyId = href.split('/').filter(Boolean).pop();
      const copy = await receiver.call('GET', `/trail/${copyId}`);
      expect(copy.status === 200 && copy.data.name, 'Import Ridge Hike', `the copy at ${href} exists`);
      expect(copy.data.author, receiver.user.id, 'the copy belongs to the account of the token');
      await page.screenshot({path: join(out, 'screens', 'trail-send-to-desktop.png')});
      await page.keyboard.press('Escape');
      // A refusal is said in words too: a connection whose server cannot be reached.
      const broken = await client.call('PUT', '/plugin-instance', {plugin_id: 'wanderer', enabled: true, config: {url: 'http://127.0.0.1:9'}, auth: {token: 'nothing'}});
      expect(broken.status, 200, 'a second connection to a closed port');
      await page.reload();
      await page.getByRole('button', {name: 'Send to…'}).click();
      await dialog.getByRole('radio', {name: 'wanderer or Cairn (127.0.0.1:9)'}).check();
      await dialog.getByRole('button', {name: 'Send', exact: true}).click();
      const refusal = dialog.locator('.field-error:not(:empty)');
      await refusal.waitFor({timeout: 30000});
      const words = await refusal.innerText();
      expect(words.startsWith('Not sent: ') && words.length > 20, true, `the refusal is said in words (${words})`);
      await page.keyboard.press('Escape');
      expect((await client.call('DELETE', `/plugin-instance/${broken.data.id}`)).status < 300, true, 'the broken connection is removed');
    });

    await step('settings: the connection is checked, disabled, enabled and disconnected', async () => {
      await page.goto(`${origin}/settings`);
      const section = page.locator('#plugins');
      const row = section.getByRole('listitem').filter({hasText: 'wanderer or Cairn'});
      await row.locator('.plugin-status').filter({hasText: 'Configured'}).waitFor();
      await row.getByRole('button', {name: 'Check wanderer or Cairn'}).click();
      await row.locator('.saved-note').filter({hasText: /^The sign-in works/}).waitFor({timeout: 30000});
      await row.getByRole('button', {name: 'Disable wanderer or Cairn'}).click();
      await row.locator('.plugin-status').filter({hasText: 'Disabled'}).waitFor();
      expect((await client.call('GET', `/plugin-instance/${ids.instance}`)).data.enabled, false, 'the server has it disabled');
      await row.getByRole('button', {name: 'Enable wanderer or Cairn'}).click();
      await row.getByRole('button', {name: 'Disable wanderer or Cairn'}).waitFor();
      await row.getByRole('button', {name: 'Disconnect wanderer or Cairn'}).click();
      await page.getByRole('dialog', {name: 'Disconnect wanderer or Cairn?'}).getByRole('button', {name: 'Disconnect'}).click();
      await section.getByText('No services are connected.').waitFor();
      expect((await client.call('GET', '/plugin-instance')).data.length, 0, 'the connection is gone on the server');
    });

    if (strava) {
      await step('settings: Strava is connected through its sign-in page and comes back connected', async () => {
        await page.goto(`${origin}/settings`);
        const section = page.locator('#plugins');
        await section.getByLabel('Service', {exact: true}).selectOption({label: 'Strava'});
        await section.getByLabel('Client ID').fill(CLIENT_ID);
        await section.getByLabel('Client secret').fill(CLIENT_SECRET);
        // Strava's page answers at once with the way back, as after "Authorize".
        await section.getByRole('button', {name: 'Save and sign in'}).click();
        await page.waitForURL(`${origin}/settings/connected`, {timeout: 30000}).catch(() => {});
        await page.waitForURL((url) => url.pathname === '/settings', {timeout: 30000});
        expect(page.url().includes('code='), false, 'the code is not left in the address');
        const row = section.getByRole('listitem').filter({hasText: 'Strava'});
        await row.locator('.plugin-status').filter({hasText: 'Configured'}).waitFor({timeout: 30000});
        await row.getByText('Connected to Strava as Ada Lovelace.').waitFor();
        expect(strava.seen.tokens >= 1, true, 'the code was traded at the token endpoint');
        expect((await page.content()).includes(CLIENT_SECRET), false, 'the client secret is not in the page');
        const stored = await client.call('GET', '/plugin-instance');
        const instance = stored.data.find((i) => i.plugin_id === 'strava');
        expect(instance?.auth?.access_token, '', 'the access token is answered as ""');
        ids.strava = instance.id;
        await expectClean(page, '#plugins', 'the connected services section with Strava');
      });

      await step('settings: "Sync now" brings the new Strava activity in as a trail', async () => {
        const section = page.locator('#plugins');
        const row = section.getByRole('listitem').filter({hasText: 'Strava'});
        await row.getByRole('button', {name: 'Sync now with Strava'}).click();
        await row.locator('.saved-note').filter({hasText: /Sync done: 1 imported/}).waitFor({timeout: 60000});
        const trails = await client.call('GET', `/trail?perPage=50&filter=${encodeURIComponent("name='Strava e2e morning'")}`);
        expect(trails.data.items.length, 1, 'the activity is a trail');
        expect(trails.data.items[0].description, 'Synced from the stand-in', 'with its description');
        await page.screenshot({path: join(out, 'screens', 'settings-strava-synced-desktop.png')});
      });

      await step('settings: signing out of Strava tells it, then the connection is removed', async () => {
        const section = page.locator('#plugins');
        const row = section.getByRole('listitem').filter({hasText: 'Strava'});
        await row.getByRole('button', {name: 'Sign out of Strava'}).click();
        await row.locator('.plugin-status').filter({hasText: 'Needs sign-in'}).waitFor({timeout: 30000});
        expect(strava.seen.deauthorized, 1, 'Strava was told');
        await row.getByRole('button', {name: 'Disconnect Strava'}).click();
        await page.getByRole('dialog', {name: 'Disconnect Strava?'}).getByRole('button', {name: 'Disconnect'}).click();
        await section.getByText('No services are connected.').waitFor();
      });
    }
  } finally {
    await context.close();
  }
}
