// The first-load budget for a large archive: 600 public trails of real-looking shape (rosa's),
// so the trails page's overview map has to bring hundreds of lines. Runs after the main
// scenario's own budget step, which measures the page with the scenario's few trails.
import {join} from 'node:path';
import {signUp, apiClient} from './lib/server.mjs';
import {wanderingGpx} from './lib/fixtures.mjs';
import {measureColdLoads} from './lib/budget.mjs';
import {DESKTOP} from './lib/browser.mjs';
import {trackPixelColumns} from './lib/canvas.mjs';
import {expect, step, report, watchPage} from './lib/steps.mjs';

const ARCHIVE = 600;
const PASSWORD = 'rosa-walks-a-lot';

export async function runArchiveSteps({browser, origin, out}) {
  await step(`budget: first load of the trails page with ${ARCHIVE} public trails`, async () => {
    await signUp(origin, 'rosa', PASSWORD);
    const rosa = await apiClient(origin, 'rosa', PASSWORD);
    // Her uploads are public without saying so each time.
    const settings = await rosa.call('PUT', '/settings', {user: rosa.user.id, privacy: {trails: 'public'}});
    expect(settings.status, 200, 'rosa makes her trails public by default');
    const started = Date.now();
    for (let i = 0; i < ARCHIVE; i++) {
      const created = await rosa.call('PUT', `/trail/upload?ignoreDuplicates=true&name=Walk%20${i}`, new Uint8Array(Buffer.from(wanderingGpx(i))), {'Content-Type': 'application/gpx+xml'});
      expect(`${created.status} ${created.data?.public}`, '200 true', `walk ${i} uploads as a public trail`);
    }
    const seedMs = Date.now() - started;

    // A visitor's overview map brings every public trail, each as its sketch.
    const context = await browser.newContext({viewport: DESKTOP});
    const page = watchPage(await context.newPage(), 'archive');
    const mapAnswers = [];
    const lineFields = new Set();
    page.on('response', (response) => {
      const url = new URL(response.url());
      // The map's requests: light records with their lines, no author (the cards' have one).
      const fields = url.searchParams.get('fields') || '';
      if (url.pathname !== '/api/v1/trail' || url.searchParams.has('expand') || !/^id,name,(sketch|preview)\b/.test(fields)) return;
      lineFields.add(url.searchParams.get('fields'));
      mapAnswers.push(response.json().then((answer) => answer.items.length));
    });
    // Only rosa's walks (alice's public trail on the equator would shrink them to a dot).
    await page.goto(`${origin}/trails?q=Walk`);
    await page.locator('.trail-grid li').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The map asks once the cards, Leaflet and the trails' box are there: under load that can
    // come after a quiet half second, so its answers are waited for, not only the network.
    let mapTrails = 0;
    for (let waited = 0; waited < 15000; waited += 100) {
      mapTrails = (await Promise.all(mapAnswers)).reduce((a, b) => a + b, 0);
      if (mapTrails >= ARCHIVE) break;
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
    expect(mapTrails, ARCHIVE, 'the map fetched every matching trail');
    expect([...lineFields].join(' '), 'id,name,sketch,line_breaks,lat,lon', 'as sketches, not previews');
    const map = page.getByRole('region', {name: 'Map of the matching trails'});
    await page.screenshot({path: join(out, 'screens', 'trails-archive-desktop.png')});
    const drawnColumns = (await trackPixelColumns(map)).filter((n) => n > 0).length;
    expect(drawnColumns > 300, true, `the lines cover the map (${drawnColumns} columns with track pixels)`);
    await context.close();

    const {runs, bytes, interactiveMs: ms} = await measureColdLoads(browser, `${origin}/trails`, '.trail-grid li', DESKTOP);
    report(`${ARCHIVE} public trails (seeded in ${(seedMs / 1000).toFixed(1)} s): first load of /trails ${(bytes / 1024).toFixed(1)} KB in ${runs[0].requests} requests (budget 300 KB; fetch/xhr ${((runs[0].byType.Fetch || 0) / 1024).toFixed(1)} KB), interactive in ${ms.toFixed(0)} ms (median of 3: ${runs.map((r) => r.interactiveMs.toFixed(0)).join(', ')} ms)`);
    expect(bytes <= 300 * 1024, true, `first load ${bytes} bytes within 300 KB`);
  });
}
