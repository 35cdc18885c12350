// End to end: numbers you can correct and edits you cannot lose. A distance typed over the GPS
// file's shows "computed: …" with "Use computed", and both show on the trail page; leaving an
// edited form by an app link asks (Cancel stays, Discard leaves), a reload asks the browser's
// question, and a save the server refuses keeps what was typed with the reason at the field.
// Self-contained: it makes its own person and trail through the API.
import {join} from 'node:path';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {equatorGpx} from './lib/fixtures.mjs';
import {expect, report, step, watchPage} from './lib/steps.mjs';
import {audit, failing, formatViolations} from './lib/a11y.mjs';

const PASSWORD = 'edith-corrects-numbers';

async function signedInPage(browser, origin, viewport, label) {
  // bypassCSP: pages accept axe's injected script (lib/a11y.mjs).
  const context = await browser.newContext({viewport, reducedMotion: 'reduce', bypassCSP: true});
  const response = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username: 'edith', password: PASSWORD}});
  expect(response.status(), 200, 'edith signs in');
  return {context, page: watchPage(await context.newPage(), label)};
}

async function shot(page, out, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({path: join(out, 'screens', `${name}.png`), fullPage: true});
}

async function expectAccessible(page, what, within = null) {
  const violations = await audit(page, {within});
  if (violations.length) console.log(formatViolations(what, violations));
  expect(failing(violations).map((v) => v.id).join(), '', `no serious or critical accessibility violations: ${what}`);
}

async function openEditor(page, origin, id) {
  await page.goto(`${origin}/trail/${id}/edit`);
  await page.getByRole('button', {name: 'Save details'}).waitFor();
  await page.waitForLoadState('networkidle');
}

// The edit page's details form (the waypoint form has fields of the same names).
const details = (page) => page.locator('form', {has: page.getByRole('button', {name: 'Save details'})});

// The statistics of the trail page as one line of text.
async function trailPageNumbers(page, origin, id) {
  await page.goto(`${origin}/trail/${id}`);
  // The list is drawn before its figures arrive; a loaded machine once read it empty.
  const stats = page.locator('dl.stats').filter({hasText: /\d/}).first();
  await stats.waitFor();
  return (await stats.innerText()).replace(/\s+/g, ' ');
}

export async function runEditingSteps({browser, origin, out}) {
  let id = '';
  let client = null;
  let computedInput = '';
  await step('editing: edith has a trail from a GPS file (10.0 km)', async () => {
    await signUp(origin, 'edith', PASSWORD);
    client = await apiClient(origin, 'edith', PASSWORD);
    // Away from the main run's public Equator Ridge, which would make this one its duplicate.
    const {gpx} = equatorGpx({name: 'Equator Ridge', startLon: 42.8, points: 901, lonStep: 0.0001, lowEle: 500, highEle: 1400, stepSeconds: 5});
    const created = await client.call('PUT', '/trail/upload', new Uint8Array(Buffer.from(gpx)), {'Content-Type': 'application/gpx+xml'});
    expect(created.status, 200, 'the GPS file uploads');
    expect(JSON.stringify(created.data.overrides), '[]', 'nothing is overridden yet');
    id = created.data.id;
    // As the form writes it: kilometres with at most two decimals.
    computedInput = String(Number((created.data.computed_distance / 1000).toFixed(2)));
    expect(created.data.computed_distance, created.data.distance, 'the computed distance is the distance in effect');
  });

  const desktop = await signedInPage(browser, origin, DESKTOP, 'editing');
  const page = desktop.page;
  try {
    await step('editing: a distance typed over the GPS file’s is kept, shown with its computed value, and reset by “Use computed”', async () => {
      await openEditor(page, origin, id);
      const distance = details(page).getByLabel('Distance (km)');
      expect(await distance.inputValue(), computedInput, 'the field shows the computed distance');
      await distance.fill('12.5');
      await page.getByRole('status').filter({hasText: 'Unsaved changes'}).waitFor();
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByRole('status').filter({hasText: /Saved at/}).waitFor();
      const note = page.locator('.computed-note');
      await note.waitFor();
      expect((await note.innerText()).includes('computed: 10.0 km'), true, `the note shows the computed value (${await note.innerText()})`);
      expect(await page.locator('.computed-note').count(), 1, 'only the distance is overridden');
      const stored = await client.call('GET', `/trail/${id}`);
      expect(`${stored.data.distance} ${JSON.stringify(stored.data.overrides)}`, '12500 ["distance"]', 'the API keeps the override');
      expect(stored.data.computed_distance > 10000, true, 'and the computed distance beside it');
      await expectAccessible(page, 'the edit page with an overridden distance');
      await shot(page, out, 'trail-edit-override-desktop');

      let numbers = await trailPageNumbers(page, origin, id);
      expect(numbers.includes('12.5 km'), true, `the trail page shows the typed distance (${numbers})`);
      expect(numbers.includes('900 m'), true, `and the gain the file gives (${numbers})`);

      await openEditor(page, origin, id);
      await page.getByRole('button', {name: /Use computed distance/}).click();
      expect(await details(page).getByLabel('Distance (km)').inputValue(), computedInput, '“Use computed” puts the computed distance back');
      await page.getByRole('status').filter({hasText: 'Unsaved changes'}).waitFor();
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByRole('status').filter({hasText: /Saved at/}).waitFor();
      expect(await page.locator('.computed-note').count(), 0, 'no override is left');
      const reset = await client.call('GET', `/trail/${id}`);
      expect(`${reset.data.distance === reset.data.computed_distance} ${JSON.stringify(reset.data.overrides)}`, 'true []', 'the API has the computed distance again');
      numbers = await trailPageNumbers(page, origin, id);
      expect(numbers.includes('10.0 km'), true, `the trail page shows the computed distance (${numbers})`);
    });

    await step('editing: leaving an edited form by a link asks; Cancel stays with the edit, Discard leaves', async () => {
      await openEditor(page, origin, id);
      await details(page).getByLabel('Location', {exact: true}).fill('Somewhere on the equator');
      const trailsLink = page.locator('#nav').getByRole('link', {name: 'Trails'});
      await trailsLink.click();
      const dialog = page.getByRole('dialog', {name: 'Leave without saving?'});
      await dialog.waitFor();
      await expectAccessible(page, 'the leave dialog');
      await page.screenshot({path: join(out, 'screens', 'trail-edit-leave-dialog-desktop.png')});
      await dialog.getByRole('button', {name: 'Cancel'}).click();
      await dialog.waitFor({state: 'detached'});
      expect(new URL(page.url()).pathname, `/trail/${id}/edit`, 'Cancel stays on the edit page');
      expect(await details(page).getByLabel('Location', {exact: true}).inputValue(), 'Somewhere on the equator', 'with what was typed');
      await trailsLink.click();
      await dialog.getByRole('button', {name: 'Discard changes'}).click();
      await page.waitForURL(`${origin}/trails`);
      const stored = await client.call('GET', `/trail/${id}`);
      expect(stored.data.location, '', 'the discarded location was not saved');

      // Untouched (or saved) forms let the person go without a question.
      await openEditor(page, origin, id);
      await trailsLink.click();
      await page.waitForURL(`${origin}/trails`);
      expect(await page.getByRole('dialog').count(), 0, 'an untouched form does not ask');
    });

    await step('editing: a reload with unsaved changes asks the browser’s question; dismissed, the edit stays', async () => {
      await openEditor(page, origin, id);
      await details(page).getByLabel('Location', {exact: true}).fill('Typed before a reload');
      await page.evaluate(() => {
        window.stillTheSamePage = true;
      });
      const asked = page.waitForEvent('dialog');
      page.evaluate(() => location.reload()).catch(() => {});
      const dialog = await asked;
      expect(dialog.type(), 'beforeunload', 'the browser asks before unloading');
      await dialog.dismiss();
      expect(await page.evaluate(() => window.stillTheSamePage === true), true, 'the page was not reloaded');
      expect(await details(page).getByLabel('Location', {exact: true}).inputValue(), 'Typed before a reload', 'what was typed is still there');
      // Typed back to what was saved, the form holds nothing to lose: the next page load is free.
      await details(page).getByLabel('Location', {exact: true}).fill('');
      expect(await page.evaluate(() => document.querySelector('.save-status').textContent), '', 'no unsaved changes are left');
    });

    await step('editing: a save the server refuses keeps the form unsaved and says what failed at the field', async () => {
      await openEditor(page, origin, id);
      const name = details(page).getByLabel('Name', {exact: true});
      // The field stops typing at 500 characters; a client without that limit meets the server's.
      await name.evaluate((input) => input.removeAttribute('maxlength'));
      await name.fill('N'.repeat(501));
      await details(page).getByLabel('Location', {exact: true}).fill('Kept after a refusal');
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.locator('[name="name"][aria-invalid="true"]').waitFor();
      const error = (await page.locator(`#${await name.getAttribute('id')}-error`).innerText()).trim();
      expect(error.length > 0, true, `the name field says why (${error})`);
      expect((await name.inputValue()).length, 501, 'the typed name stays');
      expect(await details(page).getByLabel('Location', {exact: true}).inputValue(), 'Kept after a refusal', 'the other fields stay');
      await page.getByRole('status').filter({hasText: 'Unsaved changes: not saved'}).waitFor();
      await shot(page, out, 'trail-edit-refused-desktop');

      // With the server out of reach the form stays too, the reason on top, and leaving asks.
      await name.fill('Equator Ridge');
      await page.route('**/api/v1/trail/*', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue()));
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.locator('form .form-error:not([hidden])').first().waitFor();
      await page.unroute('**/api/v1/trail/*');
      expect(await details(page).getByLabel('Location', {exact: true}).inputValue(), 'Kept after a refusal', 'the form is kept when the server cannot be reached');
      await page.locator('#nav').getByRole('link', {name: 'Trails'}).click();
      const dialog = page.getByRole('dialog', {name: 'Leave without saving?'});
      await dialog.waitFor();
      await dialog.getByRole('button', {name: 'Cancel'}).click();
      await page.getByRole('button', {name: 'Save details'}).click();
      await page.getByRole('status').filter({hasText: /Saved at/}).waitFor();
      const stored = await client.call('GET', `/trail/${id}`);
      expect(stored.data.location, 'Kept after a refusal', 'the kept edit saves once the server answers');
    });

    await step('editing: the new-trail form asks before its typed values are left behind', async () => {
      await page.goto(`${origin}/trail/new?manual=1`);
      await page.getByLabel('Name', {exact: true}).fill('Not created yet');
      await page.locator('#nav').getByRole('link', {name: 'Lists'}).click();
      const dialog = page.getByRole('dialog', {name: 'Leave without saving?'});
      await dialog.waitFor();
      await dialog.getByRole('button', {name: 'Discard changes'}).click();
      await page.waitForURL(`${origin}/lists`);
    });

    await step('editing: the override and the leave dialog at phone width', async () => {
      const phone = await signedInPage(browser, origin, PHONE, 'editing-phone');
      try {
        const typed = await client.call('POST', `/trail/${id}`, {name: 'Equator Ridge', distance: 12500});
        expect(JSON.stringify(typed.data.overrides), '["distance"]', 'the distance is overridden again');
        await openEditor(phone.page, origin, id);
        await phone.page.locator('.computed-note').waitFor();
        await expectAccessible(phone.page, 'the edit page with an override at phone width');
        await shot(phone.page, out, 'trail-edit-override-phone');
        await details(phone.page).getByLabel('Location', {exact: true}).fill('On a phone');
        // Phones fold the header's links behind "Menu".
        await phone.page.getByRole('button', {name: 'Menu'}).click();
        await phone.page.locator('#nav').getByRole('link', {name: 'Trails'}).click();
        await phone.page.getByRole('dialog', {name: 'Leave without saving?'}).waitFor();
        await expectAccessible(phone.page, 'the leave dialog at phone width');
        await phone.page.screenshot({path: join(out, 'screens', 'trail-edit-leave-dialog-phone.png')});
        report('editing: override, reset, leave dialog, reload guard and refused save checked at desktop and phone widths');
      } finally {
        await phone.context.close();
      }
    });
  } finally {
    await desktop.context.close();
  }
}
