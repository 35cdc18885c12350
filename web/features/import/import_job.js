// An archive import as people read it: its state in words, its counts, and the summary of a
// finished one (what was imported, skipped or failed, and why). The words are pure functions of
// the job record ({status, size, received, expected, done, imported, skipped, failed, problems,
// message}); jobSummary() draws them.
import {h} from '../../lib/dom.js';
import {formatBytes} from '../../lib/format.js';

const FINISHED = new Set(['done', 'failed', 'cancelled']);

// True once the job will change no more.
export function isFinished(job) {
  return FINISHED.has(job?.status);
}

const count = (n) => Number(n) || 0;

// "2 imported, 1 skipped, 0 failed"
export function countsText(job) {
  return `${count(job.imported)} imported, ${count(job.skipped)} skipped, ${count(job.failed)} failed`;
}

// Where the job is, in one line.
export function statusText(job) {
  switch (job?.status) {
    case 'uploading':
      return `Uploading: ${formatBytes(count(job.received))} of ${formatBytes(count(job.size))}`;
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return job.expected ? `Reading activities: ${count(job.done)} of ${count(job.expected)} (${countsText(job)})` : 'Reading the archive';
    case 'done':
      return `Done: ${countsText(job)}`;
    case 'failed':
      return job.message ? `Failed: ${job.message}` : 'Failed';
    case 'cancelled':
      return 'Cancelled';
    default:
      return job?.status || '';
  }
}

// {value, max} for a progress bar: bytes while uploading, activities while running, full when
// finished, nothing known yet otherwise (an indeterminate bar).
export function progressOf(job) {
  if (job.status === 'uploading') return {value: count(job.received), max: Math.max(count(job.size), 1)};
  if (job.status === 'running' && count(job.expected) > 0) return {value: Math.min(count(job.done), count(job.expected)), max: count(job.expected)};
  if (isFinished(job)) return {value: 1, max: 1};
  return {value: null, max: 1};
}

const RESULT_WORDS = {imported: 'Imported', skipped: 'Skipped', failed: 'Failed'};

// The problems as rows: the item (linked to its trail when the import names one), the result and
// the reason.
function problemsTable(problems) {
  return h(
    'table',
    {class: 'data-table import-problems'},
    h('caption', {class: 'visually-hidden'}, 'Activities not imported, or imported with a note'),
    h('thead', null, h('tr', null, h('th', {scope: 'col'}, 'Activity'), h('th', {scope: 'col'}, 'Result'), h('th', {scope: 'col'}, 'Reason'))),
    h(
      'tbody',
      null,
      problems.map((problem) =>
        h(
          'tr',
          {dataset: {result: problem.result || ''}},
          h('td', null, problem.trail ? h('a', {href: `/trail/${encodeURIComponent(problem.trail)}`}, problem.item) : problem.item),
          h('td', null, h('span', {class: ['badge', 'import-result', problem.result]}, RESULT_WORDS[problem.result] || problem.result || '')),
          h('td', {class: 'pre-line'}, problem.reason || ''),
        ),
      ),
    ),
  );
}

// The counts of a finished job and its problems list.
export function jobSummary(job) {
  const problems = Array.isArray(job.problems) ? job.problems : [];
  const figure = (n, label, kind) => h('li', {class: ['import-count', kind]}, h('strong', null, String(count(n))), ` ${label}`);
  return h(
    'div',
    {class: 'import-summary stack'},
    h('ul', {class: 'import-counts', 'aria-label': 'Result'}, figure(job.imported, 'imported', 'imported'), figure(job.skipped, 'skipped', 'skipped'), figure(job.failed, 'failed', 'failed')),
    job.status === 'failed' && job.message ? h('p', {class: 'form-error', role: 'alert'}, job.message) : null,
    problems.length ? h('div', {class: 'table-scroll'}, problemsTable(problems)) : null,
    !problems.length && job.status === 'done' ? h('p', {class: 'muted'}, 'Nothing to report: every activity was imported.') : null,
  );
}
