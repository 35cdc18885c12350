// End to end: a trail's heights from the terrain model and back, and the Settings preference
// that makes uploads take them. Runs inside the planner module, on its server with the terrain
// tile it imported (a plane over N46E008) and its signed-in page.
import {expect, report, step} from './lib/steps.mjs';

// A phone's out-and-back walk north from 46.50°N 8.5°E: 0.001° (111 m) a minute, 20 out and 20
// back, its altitude jumping ±8 m around 2000 m as GPS altitude does. `east` moves it, so that a
// second one is not a duplicate.
function phoneWalk(east = 0) {
  const points = [];
  for (let k = 0; k <= 40; k++) {
    const along = k <= 20 ? k : 40 - k;
    const ele = 2000 + (k % 2 ? -8 : 8);
    const time = `2024-06-01T08:${String(k).padStart(2, '0')}:00Z`;
    points.push(`<trkpt lat="${(46.5 + 0.001 * along).toFixed(3)}" lon="${(8.5 + east).toFixed(3)}"><ele>${ele}</ele><time>${time}</time></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="a phone" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Phone walk</name><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

const statistic = (page, field) => page.locator(`[data-field="${field}"] dd`).first().innerText();

async function upload(context, origin, gpx) {
  const answer = await context.request.put(`${origin}/api/v1/trail/upload`, {headers: {'Content-Type': 'application/gpx+xml', Origin: origin}, data: gpx});
  expect(answer.status(), 200, 'the walk is uploaded');
  return answer.json();
}

export async function runTerrainHeightSteps({page, context, origin}) {
  await step("terrain heights: a trail's gain from the terrain model and back to the file's", async () => {
    const trail = await upload(context, origin, phoneWalk());
    await page.goto(`${origin}/trail/${trail.id}`);
    await page.getByRole('heading', {name: 'Phone walk'}).waitFor();
    const phoneGain = await statistic(page, 'elevation_gain');
    await page.getByRole('button', {name: 'Use terrain heights'}).click();
    await page.getByText("Heights from the server's terrain model").waitFor();
    const terrainGain = await statistic(page, 'elevation_gain');
    report(`gain: phone ${phoneGain}, terrain ${terrainGain}`);
    // The plane climbs 2 m every 3" northwards: 2.22 km north is 48 m.
    expect(terrainGain, '48 m', "the terrain's climb, not the phone's jitter");
    expect(Number.parseInt(phoneGain, 10) > 100, true, `the phone's altitude counted its jitter (${phoneGain})`);
    await page.getByRole('button', {name: "Use the file's heights"}).click();
    await page.getByRole('button', {name: 'Use terrain heights'}).waitFor();
    expect(await statistic(page, 'elevation_gain'), phoneGain, "the file's figures are back");
    expect(await page.getByText("Heights from the server's terrain model").count(), 0, 'and the note is gone');
  });

  await step('terrain heights: the Settings preference makes uploads of GPS altitude take the terrain', async () => {
    await page.goto(`${origin}/settings`);
    await page.getByLabel('From the terrain also when they look like GPS altitude').check();
    await page.getByRole('button', {name: 'Save preferences'}).click();
    await page.getByText('Preferences saved.').waitFor();
    await page.reload();
    expect(await page.getByLabel('From the terrain also when they look like GPS altitude').isChecked(), true, 'the choice is kept');
    const trail = await upload(context, origin, phoneWalk(0.01));
    expect(trail.elevation_source, 'terrain', 'the upload took the terrain heights');
    await page.goto(`${origin}/trail/${trail.id}`);
    await page.getByText("Heights from the server's terrain model").waitFor();
    await page.getByRole('button', {name: "Use the file's heights"}).waitFor();
  });
}
