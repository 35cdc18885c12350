// What a map's canvas shows: Leaflet draws tracks on <canvas>, so the test reads its pixels.

const TRACK = [194, 65, 12];  // TRACK_COLOR in web/lib/map.js
const CURSOR = [29, 78, 216];  // the profile's hover marker

// Every pixel of `color` (±12 per channel, nearly opaque) on the canvases inside `locator`'s
// element, in CSS pixels from the element's top left: {width, height, points: [[x, y], ...]}.
export async function colorPixels(locator, color = TRACK) {
  return locator.evaluate((element, rgb) => {
    const rect = element.getBoundingClientRect();
    const points = [];
    for (const canvas of element.querySelectorAll('canvas')) {
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (data[i + 3] < 200) continue;
          if (Math.abs(data[i] - rgb[0]) > 12 || Math.abs(data[i + 1] - rgb[1]) > 12 || Math.abs(data[i + 2] - rgb[2]) > 12) continue;
          const px = box.left + x / scale - rect.left;
          const py = box.top + y / scale - rect.top;
          if (px >= 0 && py >= 0 && px < rect.width && py < rect.height) points.push([px, py]);
        }
      }
    }
    return {width: rect.width, height: rect.height, points};
  }, color);
}

// Per CSS-pixel column of `locator`'s element, how many pixels have `color`.
export async function colorColumns(locator, color = TRACK) {
  const {width, points} = await colorPixels(locator, color);
  const columns = new Array(Math.ceil(width)).fill(0);
  for (const [x] of points) columns[Math.floor(x)] += 1;
  return columns;
}

// Where the pixels of `color` are: count, centre and bounding box ({n: 0} when none).
export async function colorBox(locator, color = TRACK) {
  const {points} = await colorPixels(locator, color);
  if (!points.length) return {n: 0};
  const box = {n: points.length, cx: 0, cy: 0, minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity};
  for (const [x, y] of points) {
    box.cx += x / points.length;
    box.cy += y / points.length;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
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
