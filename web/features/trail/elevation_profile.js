// The elevation profile: one <canvas> drawn from the server's downsampled profile (≤800 points,
// however long the track; broken where the file's segments break), with axes in the viewer's
// units. Pointer, touch and keyboard (it is a slider: ←/→, Home/End, PageUp/PageDown) move a
// cursor and report the point to the map.
import {h, uniqueId} from '../../lib/dom.js';
import {formatDistance, formatElevation, distanceUnit, elevationUnit} from '../../lib/format.js';

const PAD = {left: 46, right: 12, top: 10, bottom: 24};
const HEIGHT = 180;
const LINE = '#2f5d50';
const FILL = 'rgba(47, 93, 80, 0.18)';
const GRID = '#e1e3de';
const TEXT = '#55605b';
const CURSOR = '#1d4ed8';

// Min and max elevation of a profile answer, or null when it has none.
export function profileRange(profile) {
  let min = Infinity;
  let max = -Infinity;
  for (const point of profile?.points || []) {
    const ele = point[1];
    if (ele === null || ele === undefined) continue;
    if (ele < min) min = ele;
    if (ele > max) max = ele;
  }
  return Number.isFinite(min) ? {min, max} : null;
}

// elevationProfile(profile, {units, onPoint(point|null)}) -> {element, destroy()}
// `point` is {distance, elevation, lat, lon}.
export function elevationProfile(profile, {units = 'metric', onPoint = () => {}} = {}) {
  // The points that start a new segment of the file: the line is not drawn into them.
  const starts = new Set();
  const breaks = new Set(Array.isArray(profile.breaks) ? profile.breaks : []);
  const points = [];
  profile.points.forEach((p, i) => {
    if (breaks.has(i)) starts.add(points.length);
    if (Array.isArray(p) && Number.isFinite(p[0])) points.push(p);
  });
  const distances = points.map((p) => p[0]);
  const total = Math.max(profile.distance || 0, distances[distances.length - 1] || 0);
  const range = profileRange(profile);
  const summaryId = uniqueId('profile-summary');
  const canvas = h('canvas', {
    class: 'profile-canvas',
    tabindex: 0,
    role: 'slider',
    'aria-label': 'Elevation profile',
    'aria-describedby': summaryId,
    'aria-valuemin': 0,
    'aria-valuemax': Math.round(total),
    'aria-valuenow': 0,
    'aria-valuetext': 'Move with the arrow keys to follow the trail on the map',
  });
  const tip = h('div', {class: 'profile-tip', 'aria-hidden': 'true', hidden: true});
  const box = h('div', {class: 'profile-box'}, canvas, tip);
  const summary = h(
    'p',
    {class: 'profile-summary muted', id: summaryId},
    `Elevation from ${formatElevation(range.min, units)} to ${formatElevation(range.max, units)} over ${formatDistance(total, units)}.`,
  );
  const element = h('div', {class: 'trail-profile'}, box, summary);

  let width = 0;
  const pad = {...PAD}; // the left margin grows with the labels
  let current = -1;
  const scale = {x: () => 0, y: () => 0};

  function layout() {
    const dpr = window.devicePixelRatio || 1;
    width = box.clientWidth;
    if (!width) return;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(HEIGHT * dpr);
    canvas.style.height = `${HEIGHT}px`;
    draw();
  }

  function draw() {
    const ctx = canvas.getContext('2d');
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, HEIGHT);
    const plotH = HEIGHT - pad.top - pad.bottom;
    // A flat track still gets a few metres of axis, so ticks stay readable.
    const flat = range.max - range.min < 10 ? 5 : 0;
    const eleTicks = ticks(range.min - flat, range.max + flat, elevationUnit(units).meters, 4);
    const lo = Math.min(range.min, eleTicks[0]);
    const hi = Math.max(range.max, eleTicks[eleTicks.length - 1], lo + 1);
    // The left margin fits the widest elevation label ("1 250 m", "12 500 ft").
    ctx.font = '11px system-ui, sans-serif';
    pad.left = Math.ceil(Math.max(...eleTicks.map((v) => ctx.measureText(formatElevation(v, units)).width))) + 10;
    const plotW = width - pad.left - pad.right;
    scale.x = (d) => pad.left + (total ? (d / total) * plotW : 0);
    scale.y = (e) => pad.top + plotH - ((e - lo) / (hi - lo)) * plotH;

    ctx.fillStyle = TEXT;
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const value of eleTicks) {
      const y = Math.round(scale.y(value)) + 0.5;
      line(ctx, pad.left, y, width - pad.right, y);
      ctx.fillText(formatElevation(value, units), pad.left - 4, y);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const distTicks = ticks(0, total, distanceUnit(units).meters, Math.max(3, Math.floor(plotW / 70)));
    for (const value of distTicks) {
      if (value > total) continue;
      const x = Math.round(scale.x(value)) + 0.5;
      line(ctx, x, pad.top, x, HEIGHT - pad.bottom);
      // The labels at both ends stay inside the canvas.
      const text = axisDistance(value, units);
      const half = ctx.measureText(text).width / 2;
      ctx.fillText(text, Math.min(Math.max(x, half + 1), width - half - 1), HEIGHT - pad.bottom + 6);
    }

    // Area and line, with gaps where the track has no elevation and between its segments.
    const bottom = HEIGHT - pad.bottom;
    ctx.beginPath();
    let open = false;
    let firstX = 0;
    let lastX = 0;
    const area = new Path2D();
    for (const [i, [d, e]] of points.entries()) {
      if (starts.has(i) && open) {
        area.lineTo(lastX, bottom);
        open = false;
      }
      if (e === null || e === undefined) {
        if (open) area.lineTo(lastX, bottom);
        open = false;
        continue;
      }
      const x = scale.x(d);
      const y = scale.y(e);
      if (!open) {
        ctx.moveTo(x, y);
        area.moveTo(x, bottom);
        area.lineTo(x, y);
        firstX = x;
      } else {
        ctx.lineTo(x, y);
        area.lineTo(x, y);
      }
      lastX = x;
      open = true;
    }
    if (open) area.lineTo(lastX, bottom);
    area.lineTo(firstX, bottom);
    ctx.fillStyle = FILL;
    ctx.fill(area);
    ctx.strokeStyle = LINE;
    ctx.lineWidth = 2;
    ctx.lineJoin = 'round';
    ctx.stroke();

    if (current >= 0) drawCursor(ctx, points[current]);
  }

  function drawCursor(ctx, [d, e]) {
    const x = scale.x(d);
    ctx.strokeStyle = CURSOR;
    ctx.lineWidth = 1.5;
    line(ctx, x, pad.top, x, HEIGHT - pad.bottom);
    if (e !== null && e !== undefined) {
      ctx.fillStyle = CURSOR;
      ctx.beginPath();
      ctx.arc(x, scale.y(e), 4.5, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  function select(index) {
    if (!points.length) return;
    current = Math.max(0, Math.min(points.length - 1, index));
    const [d, e, lat, lon] = points[current];
    const text = `${formatDistance(d, units)} · ${e === null || e === undefined ? 'no elevation' : formatElevation(e, units)}`;
    tip.textContent = text;
    tip.hidden = false;
    const x = scale.x(d);
    // Keep the tooltip inside the box at both ends.
    tip.style.left = `${Math.max(0, Math.min(width - tip.offsetWidth, x - tip.offsetWidth / 2))}px`;
    canvas.setAttribute('aria-valuenow', String(Math.round(d)));
    canvas.setAttribute('aria-valuetext', `${formatDistance(d, units)}, elevation ${e === null || e === undefined ? 'unknown' : formatElevation(e, units)}`);
    draw();
    onPoint({distance: d, elevation: e, lat, lon});
  }

  function unselect() {
    current = -1;
    tip.hidden = true;
    draw();
    onPoint(null);
  }

  function indexAt(clientX) {
    const rect = canvas.getBoundingClientRect();
    const plotW = width - pad.left - pad.right;
    const d = ((clientX - rect.left - pad.left) / plotW) * total;
    return nearest(distances, d);
  }

  canvas.addEventListener('pointermove', (event) => select(indexAt(event.clientX)));
  canvas.addEventListener('pointerdown', (event) => select(indexAt(event.clientX)));
  canvas.addEventListener('pointerleave', (event) => {
    // A finger lifting leaves the marker where it was; a mouse leaving clears it.
    if (event.pointerType === 'mouse' && document.activeElement !== canvas) unselect();
  });
  canvas.addEventListener('blur', () => unselect());
  canvas.addEventListener('keydown', (event) => {
    const step = Math.max(1, Math.round(points.length / 100));
    const moves = {
      ArrowRight: step,
      ArrowUp: step,
      ArrowLeft: -step,
      ArrowDown: -step,
      PageUp: step * 10,
      PageDown: -step * 10,
    };
    let next;
    if (event.key in moves) next = (current < 0 ? 0 : current) + moves[event.key];
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = points.length - 1;
    else return;
    event.preventDefault();
    select(next);
  });

  const observer = new ResizeObserver(() => {
    if (box.clientWidth !== width) layout();
  });
  observer.observe(box);
  return {element, destroy: () => observer.disconnect()};
}

function line(ctx, x1, y1, x2, y2) {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

// Index of the value in sorted `values` closest to `target` (binary search).
function nearest(values, target) {
  let lo = 0;
  let hi = values.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < target) lo = mid;
    else hi = mid;
  }
  return Math.abs(values[lo] - target) <= Math.abs(values[hi] - target) ? lo : hi;
}

// Round tick values (in metres) between lo and hi, spaced 1/2/5×10^n in the display unit.
function ticks(lo, hi, unitMeters, count) {
  const span = Math.max((hi - lo) / unitMeters, 1e-6);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) * unitMeters;
  const values = [];
  // Multiples of the step, not a running sum, so 7 × 0.1 mi stays exactly "0.7 mi".
  const first = Math.floor(lo / step);
  for (let i = first; i * step <= hi + step * 0.999; i++) values.push(i * step);
  return values;
}

function axisDistance(meters, units) {
  const unit = distanceUnit(units);
  const value = Math.round((meters / unit.meters) * 1000) / 1000;
  const digits = value === Math.round(value) ? 0 : value * 10 === Math.round(value * 10) ? 1 : 2;
  return `${value.toFixed(digits)} ${unit.label}`;
}
