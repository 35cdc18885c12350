// web/features/people/stats_layout.js: the statistics charts' scale, bars, month and year series
// and the calendar's grid of weeks.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {barLayout, calendarLayout, heatLevel, monthSeries, niceMax, yearSeries} from '../../../../web/features/people/stats_layout.js';

test('the scale tops out at the next round number: 1, 2, 2.5 or 5 times a power of ten', () => {
  const cases = [[0, 1], [-5, 1], [NaN, 1], [1, 1], [1.2, 2], [2, 2], [2.2, 2.5], [3, 5], [7, 10], [10, 10], [11, 20], [240, 250], [251, 500], [0.03, 0.05], [12345, 20000]];
  for (const [value, want] of cases) assert.equal(niceMax(value), want, `niceMax(${value})`);
});

test('bars share the width and the largest reaches the top of the rounded scale', () => {
  const {max, bars} = barLayout([10, 0, 20, 5], {width: 400, height: 100, gap: 4});
  assert.equal(max, 20);
  assert.equal(bars.length, 4);
  assert.deepEqual(bars.map((b) => b.height), [50, 0, 100, 25]);
  assert.deepEqual(bars.map((b) => b.y), [50, 100, 0, 75]);
  assert.deepEqual(bars.map((b) => b.x), [2, 102, 202, 302]);
  assert.ok(bars.every((b) => b.width === 96));
});

test('a tiny value above zero is still one unit high; negative and missing values are zero', () => {
  const {max, bars} = barLayout([1000, 1, -3, undefined], {width: 40, height: 100, gap: 0});
  assert.equal(max, 1000);
  assert.equal(bars[1].height, 1);
  assert.equal(bars[2].height, 0);
  assert.equal(bars[3].value, 0);
});

test('bars of nothing at all sit on a scale of 1', () => {
  const {max, bars} = barLayout([0, 0], {width: 10, height: 10});
  assert.equal(max, 1);
  assert.deepEqual(bars.map((b) => b.height), [0, 0]);
});

test("a year's months are twelve, the missing ones zero", () => {
  const months = monthSeries([{month: '2025-03', count: 2, distance: 12000}, {month: '2024-12', count: 9}], {year: 2025});
  assert.equal(months.length, 12);
  assert.equal(months[0].month, '2025-01');
  assert.equal(months[0].label, 'Jan');
  assert.equal(months[2].distance, 12000);
  assert.equal(months[2].count, 2);
  assert.equal(months[11].month, '2025-12');
  assert.equal(months.reduce((sum, m) => sum + m.count, 0), 2, 'December 2024 is not in 2025');
});

test('without a year the months are the last twelve up to today', () => {
  const months = monthSeries([{month: '2026-02', count: 1}], {today: new Date(Date.UTC(2026, 1, 15))});
  assert.deepEqual([months[0].month, months[11].month], ['2025-03', '2026-02']);
  assert.equal(months[11].count, 1);
});

test('years run from the first to the last, a gap year as zeros', () => {
  const years = yearSeries([{year: 2025, count: 3}, {year: 2022, count: 1}]);
  assert.deepEqual(years.map((y) => [y.year, y.count]), [[2022, 1], [2023, 0], [2024, 0], [2025, 3]]);
  assert.deepEqual(yearSeries([]), []);
});

test('heat levels split the busiest day into four steps', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 8].map((v) => heatLevel(v, 8)), [0, 1, 1, 2, 2, 3, 4]);
  assert.equal(heatLevel(3, 0), 0);
});

test("a year's calendar is 53 Monday-first weeks ending with its last day", () => {
  // 2025-12-31 is a Wednesday; 2025-01-01 is a Wednesday too.
  const layout = calendarLayout([{date: '2025-01-01', count: 1, distance: 5000}, {date: '2025-07-14', count: 4}], {year: 2025});
  const last = layout.cells[layout.cells.length - 1];
  assert.equal(last.date, '2025-12-31');
  assert.equal(last.weekday, 2, 'Wednesday is row 2');
  assert.equal(last.week, 52);
  assert.equal(layout.cells[0].weekday, 0, 'the grid starts on a Monday');
  assert.equal(layout.cells[0].date, '2024-12-30');
  const newYear = layout.cells.find((c) => c.date === '2025-01-01');
  assert.deepEqual([newYear.week, newYear.weekday, newYear.count, newYear.distance, newYear.level], [0, 2, 1, 5000, 1]);
  assert.equal(layout.cells.find((c) => c.date === '2025-07-14').level, 4);
  assert.equal(layout.max, 4);
  assert.equal(layout.months.length, 12);
  assert.deepEqual(layout.months[0], {week: 0, label: 'Jan'});
  // Each date once, one day apart.
  assert.equal(new Set(layout.cells.map((c) => c.date)).size, layout.cells.length);
});

test('the rolling calendar ends today and leaves out the days after it', () => {
  // 2026-11-28 is a Saturday.
  const layout = calendarLayout([], {end: '2026-11-28T10:00:00Z', weeks: 2});
  assert.equal(layout.cells.length, 13);
  assert.equal(layout.cells[0].date, '2026-11-16');
  assert.equal(layout.cells.at(-1).date, '2026-11-28');
  assert.equal(layout.cells.at(-1).weekday, 5);
  assert.ok(layout.cells.every((c) => c.level === 0));
});
