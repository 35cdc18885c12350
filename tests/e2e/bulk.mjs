// End to end: acting on many trails at once. Selection mode on the trails page (a checkbox per
// card, Shift for a range, "Select all N matching"), adding three trails to a new list,
// exporting them as one zip, changing visibility of a mix of own and shared trails (the summary
// names the refused one), deleting three with a confirmation; "Save to list" on the trail page;
// a list's view-only link opened by someone signed out. Phone and desktop, screenshots, axe on
// the new bar and dialogs. Self-contained: it makes its own people and trails through the API.
import {join} from 'node:path';
import {audit, auditContext, failing, formatViolations} from './lib/a11y.mjs';
import {DESKTOP, PHONE} from './lib/browser.mjs';
import {apiClient, signUp} from './lib/server.mjs';
import {expect, step, watchPage} from './lib/steps.mjs';

const PASSWORD = 'bulk-e2e-secret';

async function expectClean(page, within, what) {
  const violations = await audit(page, {within});
  if (violations.length) console.log(formatViolations(what, violations));
  expect(failing(violations).map((v) => v.id).join(), '', `axe finds nothing serious in ${what}`);
}

// A signed-in page (cookie session) of `username` at `viewport`, taking axe's script.
async function signedInPage(browser, origin, username, viewport, label) {
  const context = await auditContext(browser, {viewport, reducedMotion: 'reduce', acceptDownloads: true});
  const login = await context.request.post(`${origin}/api/v1/auth/login`, {data: {username, password: PASSWORD}});
  expect(login.status(), 200, `${username} signs in`);
  return {context, page: watchPage(await context.newPage(), label)};
}

// The number of files in a zip (its central directory's entries).
function zipEntries(buffer) {
  let n = 0;
  for (let i = buffer.indexOf('PK\x01\x02'); i >= 0; i = buffer.indexOf('PK\x01\x02', i + 4)) n += 1;
  return n;
}

export async function runBulkSteps({browser, origin, out}) {
  const shot = (page, name) => page.screenshot({path: join(out, 'screens', `${name}.png`)});
  await signUp(origin, 'bulky', PASSWORD);
  await signUp(origin, 'sharer', PASSWORD);
  const bulky = await apiClient(origin, 'bulky', PASSWORD);
  const sharer = await apiClient(origin, 'sharer', PASSWORD);
  const ids = {};
  for (const name of ['Bulk A', 'Bulk B', 'Bulk C', 'Bulk Keep']) {
    const made = await bulky.call('PUT', '/trail', {name, author: bulky.user.id, public: false, lat: 3, lon: 31});
    expect(made.status, 200, `${name} is created`);
    ids[name] = made.data.id;
  }
  // sharer's trail bulky may edit but not make public.
  const shared = await sharer.call('PUT', '/trail', {name: 'Bulk Zz shared', author: sharer.user.id, public: false, lat: 3, lon: 31.1});
  expect(shared.status, 200, 'the shared trail is created');
  ids.shared = shared.data.id;
  const grant = await sharer.call('PUT', '/trail-share', {trail: ids.shared, user: bulky.user.id, permission: 'edit'});
  expect(grant.status, 200, 'sharer lets bulky edit it');

  const {context, page} = await signedInPage(browser, origin, 'bulky', DESKTOP, 'bulky');
  const bar = page.getByRole('region', {name: 'Selected trails'});
  const summary = bar.locator('.bulk-summary');
  const checkbox = (name) => page.getByRole('checkbox', {name: `Select ${name}`});
  let listId = '';

  try {
    await step('bulk: selection mode checks a card and Shift+click checks the range up to another', async () => {
      await page.goto(`${origin}/trails?q=Bulk&sort=name`);
      await page.locator('.trail-grid li').nth(4).waitFor();
      await page.getByRole('button', {name: 'Select', exact: true}).click();
      await checkbox('Bulk A').click();
      await checkbox('Bulk C').click({modifiers: ['Shift']});
      expect(await checkbox('Bulk B').isChecked(), true, 'Shift+click checked the trail between');
      expect(await checkbox('Bulk Keep').isChecked(), false, 'the range ends at the clicked card');
      expect(await bar.locator('.bulk-count').innerText(), '3 trails selected', 'the bar counts the selection');
      // The keyboard toggles a card's box too.
      await checkbox('Bulk Keep').focus();
      await page.keyboard.press('Space');
      expect(await checkbox('Bulk Keep').isChecked(), true, 'Space checks a focused box');
      await page.keyboard.press('Space');
      await shot(page, 'bulk-selection-desktop');
      // The sticky bar covers the cards that scroll behind it; at the end of the page it sits
      // below them, so axe measures the boxes themselves. The filters above have scrolled under
      // the sticky header by then (cards with a like button make the page taller), so they are
      // measured at the top of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectClean(page, '.trails-search', 'the trails page filters in selection mode');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectClean(page, '.trail-grid', 'the trail cards in selection mode');
      await expectClean(page, '.bulk-bar', 'the selection bar');
    });

    await step('bulk: three trails go into a new list made from the "Add to list" dialog', async () => {
      await bar.getByRole('button', {name: 'Add to list…'}).click();
      const dialog = page.getByRole('dialog', {name: 'Add 3 trails to a list'});
      await dialog.getByLabel('List', {exact: true}).selectOption({label: 'New list…'});
      await dialog.getByLabel('Name of a new list').fill('Bulk picks');
      await expectClean(page, 'dialog[open]', 'the add-to-list dialog');
      await shot(page, 'bulk-add-to-list-desktop');
      await dialog.getByRole('button', {name: 'Add to list'}).click();
      await summary.filter({hasText: '3 added to “Bulk picks”'}).waitFor();
      const mine = await bulky.call('GET', `/list?filter=${encodeURIComponent('name = "Bulk picks"')}`);
      listId = mine.data[0]?.id;
      expect([...(mine.data[0]?.trails || [])].sort().join(), [ids['Bulk A'], ids['Bulk B'], ids['Bulk C']].sort().join(), 'the list holds the three trails');
    });

    await step('bulk: the three trails export as one zip of GPX files, and of GeoJSON files', async () => {
      for (const [label, extension] of [['Export GPX', '.gpx'], ['Export GeoJSON', '.geojson']]) {
        const downloading = page.waitForEvent('download');
        await bar.getByRole('button', {name: label}).click();
        const download = await downloading;
        expect(download.suggestedFilename(), 'trails.zip', `${label} saves one zip`);
        const chunks = [];
        for await (const chunk of await download.createReadStream()) chunks.push(chunk);
        const zip = Buffer.concat(chunks).toString('latin1');
        expect(zipEntries(zip), 3, `${label}: three files in the zip`);
        // Safe file names: the server writes a space as '_'.
        for (const name of ['Bulk_A', 'Bulk_B', 'Bulk_C']) expect(zip.includes(`${name}${extension}`), true, `${label}: ${name}${extension} is in it`);
      }
    });

    await step('bulk: "Select all matching" takes the whole filter; making them public changes own trails and names the refused shared one', async () => {
      await bar.getByRole('button', {name: 'Clear'}).click();
      await bar.getByRole('button', {name: 'Select all 5 matching'}).click();
      await bar.locator('.bulk-count').filter({hasText: '5 trails selected'}).waitFor();
      await bar.getByRole('button', {name: 'Visibility…'}).click();
      const dialog = page.getByRole('dialog', {name: 'Who sees these trails'});
      await dialog.getByLabel('Visibility').selectOption('true');
      await expectClean(page, 'dialog[open]', 'the visibility dialog');
      await dialog.getByRole('button', {name: 'Change visibility'}).click();
      await summary.filter({hasText: '4 changed, 1 not allowed: “Bulk Zz shared”'}).waitFor();
      await shot(page, 'bulk-summary-desktop');
      const own = await bulky.call('GET', `/trail/${ids['Bulk Keep']}`);
      expect(own.data.public, true, 'an own trail is public now');
      const theirs = await sharer.call('GET', `/trail/${ids.shared}`);
      expect(theirs.data.public, false, 'the shared trail stays private');
    });

    await step('bulk: deleting three trails asks "Delete 3 trails?" and removes them', async () => {
      await bar.getByRole('button', {name: 'Clear'}).click();
      await checkbox('Bulk A').click();
      await checkbox('Bulk C').click({modifiers: ['Shift']});
      await bar.getByRole('button', {name: 'Delete…'}).click();
      const dialog = page.getByRole('dialog', {name: 'Delete 3 trails?'});
      await dialog.waitFor();
      await expectClean(page, 'dialog[open]', 'the delete confirmation');
      await shot(page, 'bulk-delete-confirm-desktop');
      await dialog.getByRole('button', {name: 'Delete 3 trails'}).click();
      await summary.filter({hasText: '3 deleted'}).waitFor();
      await checkbox('Bulk A').waitFor({state: 'detached'});
      for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) expect((await bulky.call('GET', `/trail/${ids[name]}`)).status, 404, `${name} is gone`);
      expect((await bulky.call('GET', `/trail/${ids['Bulk Keep']}`)).status, 200, 'Bulk Keep stays');
      expect(await bar.locator('.bulk-count').innerText(), '0 trails selected', 'deleted trails leave the selection');
    });
  } finally {
    await context.close();
  }

  const phone = await signedInPage(browser, origin, 'bulky', PHONE, 'bulky-phone');
  try {
    await step('bulk (phone): the selection bar and its boxes fit and stay usable on a phone', async () => {
      const {page: p} = phone;
      await p.goto(`${origin}/trails?q=Bulk&sort=name`);
      await p.locator('.trail-grid li').nth(1).waitFor();
      await p.getByRole('button', {name: 'Select', exact: true}).click();
      await p.getByRole('checkbox', {name: 'Select Bulk Keep'}).click();
      const phoneBar = p.getByRole('region', {name: 'Selected trails'});
      expect(await phoneBar.locator('.bulk-count').innerText(), '1 trail selected', 'one trail selected on the phone');
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      expect(width <= PHONE.width, true, `no sideways scrolling (${width} px)`);
      await p.screenshot({path: join(out, 'screens', 'bulk-selection-phone.png'), fullPage: false});
      await expectClean(p, '.bulk-bar', 'the selection bar on a phone');
      await phoneBar.getByRole('button', {name: 'Delete…'}).click();
      const dialog = p.getByRole('dialog', {name: 'Delete 1 trail?'});
      await dialog.waitFor();
      await p.screenshot({path: join(out, 'screens', 'bulk-delete-confirm-phone.png')});
      await expectClean(p, 'dialog[open]', 'the delete confirmation on a phone');
      await dialog.getByRole('button', {name: 'Cancel'}).click();
    });

    await step('bulk (phone): "Save to list" on the trail page checks the lists it is in and adds it to another', async () => {
      const {page: p} = phone;
      await p.goto(`${origin}/trail/${ids['Bulk Keep']}`);
      await p.getByRole('button', {name: 'Save to list'}).click();
      const dialog = p.getByRole('dialog', {name: 'Save “Bulk Keep” to a list'});
      const box = dialog.getByRole('checkbox', {name: 'Bulk picks'});
      await box.waitFor();
      expect(await box.isChecked(), false, 'Bulk Keep is not in Bulk picks yet');
      await expectClean(p, 'dialog[open]', 'the save-to-list dialog');
      await box.check();
      await dialog.getByText('Added to “Bulk picks”.').waitFor();
      await dialog.getByRole('button', {name: 'New list…'}).click();
      await dialog.getByLabel('Name of the new list').fill('Keepers');
      await dialog.getByRole('button', {name: 'Create and add'}).click();
      await dialog.getByRole('checkbox', {name: 'Keepers'}).waitFor();
      expect(await dialog.getByRole('checkbox', {name: 'Keepers'}).isChecked(), true, 'the new list holds the trail');
      await p.screenshot({path: join(out, 'screens', 'bulk-save-to-list-phone.png')});
      const list = await bulky.call('GET', `/list/${listId}`);
      expect(list.data.trails.includes(ids['Bulk Keep']), true, 'Bulk picks holds Bulk Keep');
    });
  } finally {
    await phone.context.close();
  }

  const owner = await signedInPage(browser, origin, 'bulky', DESKTOP, 'bulky-share');
  let link = '';
  try {
    await step('bulk: a list gets a view-only link from its share dialog', async () => {
      const {page: p} = owner;
      await p.goto(`${origin}/list/${listId}`);
      await p.getByRole('button', {name: 'Share'}).click();
      const dialog = p.getByRole('dialog', {name: 'Share “Bulk picks”'});
      await dialog.getByRole('button', {name: 'Create link'}).click();
      const input = dialog.getByLabel('Share link');
      await input.waitFor();
      link = await input.inputValue();
      expect(link.startsWith(`${origin}/list/${listId}?share=`), true, `the link opens the list (${link})`);
      await expectClean(p, 'dialog[open]', 'the list share dialog with a link');
      await p.screenshot({path: join(out, 'screens', 'bulk-list-link-desktop.png')});
    });
  } finally {
    await owner.context.close();
  }

  await step('bulk: someone signed out opens the list link and sees the list and its trail', async () => {
    const context = await auditContext(browser, {viewport: PHONE, reducedMotion: 'reduce'});
    const p = watchPage(await context.newPage(), 'visitor');
    try {
      await p.goto(link);
      await p.getByRole('heading', {level: 1, name: 'Bulk picks'}).waitFor();
      const row = p.getByRole('link', {name: 'Bulk Keep'});
      await row.waitFor();
      await p.screenshot({path: join(out, 'screens', 'bulk-list-link-visitor-phone.png')});
      await row.click();
      await p.getByRole('heading', {level: 1, name: 'Bulk Keep'}).waitFor();
      await p.goto(`${origin}/list/${listId}`);
      await p.getByText(/not found|could not be found|doesn.t exist/i).first().waitFor();
    } finally {
      await context.close();
    }
  });
}
