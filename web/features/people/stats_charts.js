// The statistics charts, drawn as inline SVG without a chart library: bars (per year, per month,
// per category) and the calendar heat map of active days. Each chart has a text alternative:
// every bar and day carries a <title>, and the figure names what it shows.
import {h, svg} from '../../lib/dom.js';
import {barLayout, calendarLayout} from './stats_layout.js';

const HEIGHT = 140;

// A chart wider than a phone scrolls sideways; the keyboard scrolls it too (a Tab stop).
function scrollBox(chart, label) {
  return h('div', {class: 'chart-scroll', tabindex: '0', role: 'group', 'aria-label': label}, chart);
}
const LABEL_ROOM = 18;
const AXIS_ROOM = 64;

// barChart(rows, {caption, value(row), label(row), format(value)}) -> <figure>: one bar per row,
// its label below, the scale's top at the left.
export function barChart(rows, {caption, value, label, format}) {
  const width = Math.max(240, rows.length * 34);
  const {max, bars} = barLayout(rows.map(value), {width, height: HEIGHT, gap: Math.min(8, width / rows.length / 4)});
  const everyOther = rows.length > 16;
  const chart = svg(
    'svg',
    {class: 'bar-chart', viewBox: `${-AXIS_ROOM} -8 ${width + AXIS_ROOM} ${HEIGHT + LABEL_ROOM + 8}`, role: 'img', 'aria-label': `${caption}: ${rows.map((row, i) => `${label(row)} ${format(bars[i].value)}`).join(', ')}`, preserveAspectRatio: 'xMinYMin meet'},
    svg('line', {class: 'axis', x1: 0, y1: HEIGHT, x2: width, y2: HEIGHT}),
    svg('line', {class: 'grid', x1: 0, y1: 0, x2: width, y2: 0}),
    svg('text', {class: 'tick', x: -6, y: 4, 'text-anchor': 'end'}, format(max)),
    svg('text', {class: 'tick', x: -6, y: HEIGHT, 'text-anchor': 'end'}, '0'),
    bars.map((bar, i) =>
      svg(
        'g',
        {class: 'bar'},
        svg('rect', {x: bar.x.toFixed(1), y: bar.y.toFixed(1), width: bar.width.toFixed(1), height: bar.height.toFixed(1), rx: 2}, svg('title', null, `${label(rows[i])}: ${format(bar.value)}`)),
        !everyOther || i % 2 === 0 ? svg('text', {class: 'bar-label', x: (bar.x + bar.width / 2).toFixed(1), y: HEIGHT + 14, 'text-anchor': 'middle'}, label(rows[i])) : null,
      ),
    ),
  );
  return h('figure', {class: 'stats-chart'}, h('figcaption', null, caption), scrollBox(chart, caption));
}

// Horizontal bars, one per row, for a breakdown such as the categories.
export function breakdownChart(rows, {caption, value, label, format}) {
  const values = rows.map((row) => Math.max(0, Number(value(row)) || 0));
  const max = Math.max(0, ...values) || 1;
  return h(
    'figure',
    {class: 'stats-chart breakdown'},
    h('figcaption', null, caption),
    h(
      'ul',
      {class: 'breakdown-rows'},
      rows.map((row, i) =>
        h(
          'li',
          null,
          h('span', {class: 'breakdown-label'}, label(row)),
          h('span', {class: 'breakdown-bar', 'aria-hidden': 'true'}, h('span', {style: {width: `${((values[i] / max) * 100).toFixed(1)}%`}})),
          h('span', {class: 'breakdown-value'}, format(values[i])),
        ),
      ),
    ),
  );
}

const CELL = 11;
const STEP = 13;
const WEEKDAY_ROOM = 28;
const MONTH_ROOM = 14;

// calendarChart(calendar, {year, describe(cell)}) -> <figure>: the weeks of the year (or of the
// last twelve months) as columns of days, darker on busier days.
export function calendarChart(calendar, {year, describe}) {
  const layout = calendarLayout(calendar, {year});
  const active = layout.cells.filter((c) => c.count > 0).length;
  const width = WEEKDAY_ROOM + layout.weeks * STEP;
  const height = MONTH_ROOM + 7 * STEP;
  const chart = svg(
    'svg',
    {class: 'calendar-chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `Calendar of active days: ${active} ${active === 1 ? 'day' : 'days'} ${year ? `in ${year}` : 'in the last twelve months'}`},
    ['Mon', 'Wed', 'Fri'].map((name, i) => svg('text', {class: 'tick', x: 0, y: MONTH_ROOM + (i * 2 + 1) * STEP - 3}, name)),
    layout.months.map((m) => svg('text', {class: 'tick', x: WEEKDAY_ROOM + m.week * STEP, y: 10}, m.label)),
    layout.cells.map((cell) =>
      svg(
        'rect',
        {class: `day level-${cell.level}`, x: WEEKDAY_ROOM + cell.week * STEP, y: MONTH_ROOM + cell.weekday * STEP, width: CELL, height: CELL, rx: 2, 'data-date': cell.date},
        svg('title', null, describe(cell)),
      ),
    ),
  );
  const legend = h('p', {class: 'calendar-legend muted', 'aria-hidden': 'true'}, 'Less ', [0, 1, 2, 3, 4].map((level) => h('span', {class: `swatch level-${level}`})), ' More');
  return h('figure', {class: 'stats-chart calendar'}, h('figcaption', null, `Active days (${active})`), scrollBox(chart, 'Calendar of active days'), legend);
}
