// Development aid: screenshots of one page at phone and desktop widths, optionally signed in.
//   node tests/e2e/shot.mjs http://127.0.0.1:8090/trails /tmp/trails [username password]
import {launchBrowser, PHONE, DESKTOP} from './lib/browser.mjs';

const [url, out, username, password] = process.argv.slice(2);
const browser = await launchBrowser();
for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  const page = await browser.newPage({viewport});
  page.on('console', (m) => console.log(`[${name} console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[${name} pageerror] ${e.message}`));
  if (username) {
    const origin = new URL(url).origin;
    await page.goto(`${origin}/login`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', {name: 'Sign in'}).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  }
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.screenshot({path: `${out}-${name}.png`, fullPage: true});
  await page.close();
}
await browser.close();
