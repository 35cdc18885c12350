// The numbers behind the statistics charts: a round top for a bar chart's scale, bars placed in
// a box, a year's months with the empty ones filled in, and the calendar's weeks of days. Pure,
// so the layout is tested without a browser.

// The smallest "round" number (1, 2, 2.5 or 5 times a power of ten) at or above `value`; 1 for
// nothing to show.
export function niceMax(value) {
  const v = Number(value);
  if (!(v > 0) || !Number.isFinite(v)) return 1;
  const power = 10 ** Math.floor(Math.log10(v));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = step * power;
    if (top >= v * (1 - 1e-12)) return top;
  }
  return 10 * power;
}

// barLayout(values, {width, height, gap}) -> {max, bars: [{x, y, width, height, value}]}:
// one bar per value side by side across `width`, scaled so niceMax(largest) fills `height`
// (SVG's y grows downwards, so a bar's top is height - its height). A bar of a value above 0 is
// at least 1 unit high, so a small month is still seen; negative or missing values are 0.
export function barLayout(values, {width = 600, height = 160, gap = 2} = {}) {
  const clean = values.map((v) => (Number(v) > 0 ? Number(v) : 0));
  const max = niceMax(Math.max(0, ...clean));
  const n = clean.length || 1;
  const slot = width / n;
  const barWidth = Math.max(1, slot - gap);
  const bars = clean.map((value, i) => {
    const h = value > 0 ? Math.max(1, (value / max) * height) : 0;
    return {x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h, value};
  });
  return {max, bars};
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function monthName(index) {
  return MONTH_NAMES[index] || '';
}

// The twelve months of `year` ('YYYY-MM' keys), each the stats' row or zeros; without a year
// the twelve months up to and including `today`'s.
export function monthSeries(months, {year, today = new Date()} = {}) {
  const byKey = new Map((Array.isArray(months) ? months : []).map((m) => [String(m.month), m]));
  const keys = [];
  if (year) {
    for (let m = 1; m <= 12; m++) keys.push(`${year}-${String(m).padStart(2, '0')}`);
  } else {
    const y = today.getUTCFullYear();
    const m = today.getUTCMonth();
    for (let back = 11; back >= 0; back--) {
      const d = new Date(Date.UTC(y, m - back, 1));
      keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
    }
  }
  return keys.map((key) => ({count: 0, distance: 0, elevation_gain: 0, duration: 0, moving_duration: 0, ...byKey.get(key), month: key, label: monthName(Number(key.slice(5, 7)) - 1)}));
}

// Every year from the first to the last the stats know (a gap year as zeros), oldest first.
export function yearSeries(years) {
  const rows = (Array.isArray(years) ? years : []).filter((y) => Number.isInteger(Number(y.year)));
  if (!rows.length) return [];
  const byYear = new Map(rows.map((y) => [Number(y.year), y]));
  const first = Math.min(...byYear.keys());
  const last = Math.max(...byYear.keys());
  const out = [];
  for (let y = first; y <= last; y++) out.push({count: 0, distance: 0, elevation_gain: 0, duration: 0, moving_duration: 0, ...byYear.get(y), year: y, label: String(y)});
  return out;
}

// The heat level 0–4 of a day's count against the busiest day's.
export function heatLevel(value, max) {
  const v = Number(value) || 0;
  if (v <= 0 || !(max > 0)) return 0;
  return Math.min(4, Math.max(1, Math.ceil((v / max) * 4)));
}

const DAY = 86400000;
const isoDay = (time) => new Date(time).toISOString().slice(0, 10);

// calendarLayout(calendar, {year, end, weeks}) -> {weeks, cells, months, max}: the days as a
// grid of weeks (columns, Monday first) and weekdays (rows 0 = Monday .. 6 = Sunday), ending
// with the week of `end` (the last day of `year` when given, else today) and going back `weeks`
// weeks (53 covers a year). Each cell {date, week, weekday, count, distance, level}; days after
// `end` are left out. `months` are {week, label} where a month's first day falls.
export function calendarLayout(calendar, {year, end, weeks = 53} = {}) {
  const days = new Map();
  for (const day of Array.isArray(calendar) ? calendar : []) {
    if (typeof day?.date === 'string') days.set(day.date.slice(0, 10), day);
  }
  const last = year ? Date.UTC(Number(year), 11, 31) : Date.parse(`${isoDay(end ? new Date(end).getTime() : Date.now())}T00:00:00Z`);
  const lastWeekday = (new Date(last).getUTCDay() + 6) % 7;
  const start = last - (lastWeekday + (weeks - 1) * 7) * DAY;
  const cells = [];
  const months = [];
  let max = 0;
  for (let time = start, i = 0; time <= last; time += DAY, i++) {
    const date = isoDay(time);
    const day = days.get(date);
    const count = Number(day?.count) || 0;
    max = Math.max(max, count);
    const week = Math.floor(i / 7);
    if (date.endsWith('-01')) months.push({week, label: monthName(Number(date.slice(5, 7)) - 1)});
    cells.push({date, week, weekday: i % 7, count, distance: Number(day?.distance) || 0, level: 0});
  }
  for (const cell of cells) cell.level = heatLevel(cell.count, max);
  return {weeks, cells, months, max};
}
