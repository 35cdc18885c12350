// What a map's canvas shows: Leaflet draws tracks on <canvas>, so the test reads its pixels.

const TRACK = [194, 65, 12];  // TRACK_COLOR in web/lib/map.js
const CURSOR = [29, 78, 216];  // the profile's hover marker

// Per CSS-pixel column of `locator`'s element, how many pixels have `color` (±12 per channel).
export async function colorColumns(locator, color = TRACK) {
  return locator.evaluate((element, rgb) => {
    const rect = element.getBoundingClientRect();
    const columns = new Array(Math.ceil(rect.width)).fill(0);
    for (const canvas of element.querySelectorAll('canvas')) {
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (data[i + 3] < 200) continue;
          if (Math.abs(data[i] - rgb[0]) > 12 || Math.abs(data[i + 1] - rgb[1]) > 12 || Math.abs(data[i + 2] - rgb[2]) > 12) continue;
          const column = Math.floor(box.left + x / scale - rect.left);
          const row = box.top + y / scale - rect.top;
          if (column >= 0 && column < columns.length && row >= 0 && row < rect.height) columns[column] += 1;
        }
      }
    }
    return columns;
  }, color);
}

export const trackPixelColumns = (locator) => colorColumns(locator, TRACK);
export const cursorPixelColumns = (locator) => colorColumns(locator, CURSOR);

// Number of separate runs of non-empty columns (gaps of 3 or fewer columns are bridged).
export function countRuns(columns) {
  let runs = 0;
  let gap = Infinity;
  for (const count of columns) {
    if (count > 0) {
      if (gap > 3) runs += 1;
      gap = 0;
    } else {
      gap += 1;
    }
  }
  return runs;
}

// Mean column of the coloured pixels, or null when there are none.
export function centroid(columns) {
  let sum = 0;
  let n = 0;
  columns.forEach((count, x) => {
    sum += count * x;
    n += count;
  });
  return n ? sum / n : null;
}
