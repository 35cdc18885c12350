// The statistics of a profile: totals, bars per year and per month, the categories, the records,
// the calendar of active days and the map of places, for all time or one year and one category.
// Asked of GET /profile/{handle}/stats; a server without it shows a note instead.
import {h, replace} from '../../lib/dom.js';
import {profiles} from '../../lib/resources.js';
import {formatDate, formatDistance, formatDuration, formatElevation} from '../../lib/format.js';
import {barChart, breakdownChart, calendarChart} from './stats_charts.js';
import {monthSeries, yearSeries} from './stats_layout.js';
import {placesMap} from './places_map.js';

// The measure the bar charts show.
const MEASURES = [
  {value: 'distance', label: 'Distance'},
  {value: 'elevation_gain', label: 'Elevation gain'},
  {value: 'duration', label: 'Duration'},
  {value: 'count', label: 'Trails'},
];

function formatterOf(measure, units) {
  if (measure === 'distance') return (v) => formatDistance(v, units);
  if (measure === 'elevation_gain') return (v) => formatElevation(v, units);
  if (measure === 'duration') return (v) => formatDuration(v);
  return (v) => String(Math.round(v));
}

function totalsList(totals, units) {
  const t = totals || {};
  const item = (term, value, field) => h('div', {dataset: {field}}, h('dt', null, term), h('dd', null, value));
  return h(
    'dl',
    {class: 'stats stats-totals'},
    item('Trails', String(t.count ?? 0), 'count'),
    item('Distance', formatDistance(t.distance ?? 0, units), 'distance'),
    item('Elevation gain', formatElevation(t.elevation_gain ?? 0, units), 'elevation_gain'),
    item('Elevation loss', formatElevation(t.elevation_loss ?? 0, units), 'elevation_loss'),
    item('Duration', formatDuration(t.duration ?? 0), 'duration'),
    item('Moving time', formatDuration(t.moving_duration ?? 0), 'moving_duration'),
    item('Active days', String(t.active_days ?? 0), 'active_days'),
  );
}

function recordsList(records, units) {
  const rows = [
    ['Longest', records?.longest, (v) => formatDistance(v, units)],
    ['Highest', records?.highest, (v) => formatElevation(v, units)],
    ['Most climbing', records?.most_climbing, (v) => formatElevation(v, units)],
  ].filter(([, record]) => record && record.trail);
  if (!rows.length) return null;
  return h(
    'section',
    {class: 'stats-records', 'aria-labelledby': 'records-title'},
    h('h3', {id: 'records-title'}, 'Records'),
    h(
      'ul',
      {class: 'records-list'},
      rows.map(([term, record, format]) =>
        h('li', null, h('strong', null, `${term}: `), format(record.value), ' · ', h('a', {href: `/trail/${encodeURIComponent(record.trail)}`}, record.name || 'a trail'), record.date ? h('span', {class: 'muted'}, ` (${formatDate(record.date)})`) : null),
      ),
    ),
  );
}

// statsSection(handle, {units, signal, cleanups}) -> <section>
export function statsSection(handle, {units, signal, cleanups}) {
  const body = h('div', {class: 'stats-body', 'aria-live': 'polite'}, h('p', {class: 'loading'}, 'Loading statistics…'));
  const year = h('select', {name: 'year', 'aria-label': 'Year'}, h('option', {value: ''}, 'All time'));
  const category = h('select', {name: 'category', 'aria-label': 'Category'}, h('option', {value: ''}, 'All categories'));
  const measure = h('select', {name: 'measure', 'aria-label': 'Bars show'}, MEASURES.map((m) => h('option', {value: m.value}, m.label)));
  const controls = h('div', {class: 'row stats-controls'}, year, category, h('label', {class: 'muted'}, 'Bars show ', measure));
  const section = h('section', {class: 'profile-section profile-stats', 'aria-labelledby': 'stats-title'}, h('h2', {id: 'stats-title'}, 'Statistics'), controls, body);
  let map = null;
  let stats = null;
  let years = null;
  let categories = null;

  const dropMap = () => {
    map?.remove();
    map = null;
  };
  cleanups.push(dropMap);

  function draw() {
    dropMap();
    const m = measure.value;
    const format = formatterOf(m, units);
    const value = (row) => Number(row[m]) || 0;
    const charts = [];
    if (!year.value) {
      const perYear = yearSeries(stats.years);
      if (perYear.length) charts.push(barChart(perYear, {caption: `${MEASURES.find((x) => x.value === m).label} per year`, value, label: (row) => row.label, format}));
    }
    const months = monthSeries(stats.months, {year: year.value});
    charts.push(barChart(months, {caption: `${MEASURES.find((x) => x.value === m).label} per month${year.value ? ` in ${year.value}` : ', last twelve months'}`, value, label: (row) => row.label, format}));
    const cats = (Array.isArray(stats.categories) ? stats.categories : []).slice().sort((a, b) => value(b) - value(a));
    if (cats.length) charts.push(breakdownChart(cats, {caption: 'Per category', value, label: (row) => row.name || 'No category', format}));
    const mapBox = h('div', {class: 'places-map', role: 'region', 'aria-label': 'Map of visited places'});
    const cells = stats.places?.cells || [];
    replace(
      body,
      totalsList(stats.totals, units),
      h('div', {class: 'stats-charts'}, charts),
      recordsList(stats.records, units),
      calendarChart(stats.calendar, {year: year.value, describe: (cell) => `${cell.date}: ${cell.count ? `${cell.count} ${cell.count === 1 ? 'trail' : 'trails'}, ${formatDistance(cell.distance, units)}` : 'no trail'}`}),
      h('section', {class: 'stats-places', 'aria-labelledby': 'places-title'}, h('h3', {id: 'places-title'}, `Places visited (${cells.length})`), cells.length ? mapBox : h('p', {class: 'muted'}, 'No places with a GPS track yet.')),
    );
    // The calendar ends today (or with the year): a narrow screen starts scrolled to that end.
    requestAnimationFrame(() => {
      for (const box of body.querySelectorAll('.calendar .chart-scroll')) box.scrollLeft = box.scrollWidth;
    });
    if (cells.length) {
      requestAnimationFrame(() => {
        if (signal.aborted || !mapBox.isConnected) return;
        map = placesMap(mapBox, stats.places);
      });
    }
  }

  async function load() {
    body.setAttribute('aria-busy', 'true');
    try {
      stats = await profiles.stats(handle, {year: year.value, category: category.value}, {signal});
    } catch (error) {
      if (signal.aborted) return;
      body.removeAttribute('aria-busy');
      replace(body, h('p', {class: error.status === 404 ? 'muted' : 'form-error'}, error.status === 404 ? 'Statistics are not available on this server.' : `The statistics could not be loaded: ${error.message}`));
      return;
    }
    if (signal.aborted) return;
    body.removeAttribute('aria-busy');
    // The choices come from the first, unfiltered answer: every year and category there is.
    if (!years) {
      years = yearSeries(stats.years).map((y) => y.year).reverse();
      year.append(...years.map((y) => h('option', {value: String(y)}, String(y))));
    }
    if (!categories) {
      categories = (stats.categories || []).filter((c) => c.category);
      category.append(...categories.map((c) => h('option', {value: c.category}, c.name || c.category)));
    }
    // Nothing at all: no choices to offer. Nothing for a choice: its zeros, with the choices kept.
    const nothing = !(stats.totals?.count > 0) && !year.value && !category.value;
    controls.hidden = nothing;
    if (nothing) {
      replace(body, h('p', {class: 'muted'}, 'No completed trails yet.'));
      return;
    }
    draw();
  }

  year.addEventListener('change', load);
  category.addEventListener('change', load);
  measure.addEventListener('change', () => stats && draw());
  load();
  return section;
}
