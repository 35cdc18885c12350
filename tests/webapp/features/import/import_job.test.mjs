// web/features/import: an import job in words (status line, bar), the summary's problems, the
// importers among the plugins, and the category step's mapping and answer.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {installDom} from '../../support/fake_dom.mjs';
import {countsText, isFinished, jobSummary, progressOf, statusText} from '../../../../web/features/import/import_job.js';
import {appliedText, initialChoice, remapMapping} from '../../../../web/features/import/remap_table.js';
import {sendTargets, targetLabel} from '../../../../web/features/trail/send_to.js';
import {connectable} from '../../../../web/features/settings/plugins_section.js';

const JOB = {id: 'j1', source: 'export.zip', status: 'running', size: 2 * 1024 * 1024, received: 2 * 1024 * 1024, expected: 10, done: 4, imported: 3, skipped: 1, failed: 0, problems: []};

test('the status line follows the job from upload to its end', () => {
  assert.equal(statusText({...JOB, status: 'uploading', received: 1024 * 1024}), 'Uploading: 1.0 MB of 2.0 MB');
  assert.equal(statusText({...JOB, status: 'queued'}), 'Waiting to start');
  assert.equal(statusText(JOB), 'Reading activities: 4 of 10 (3 imported, 1 skipped, 0 failed)');
  assert.equal(statusText({...JOB, expected: 0}), 'Reading the archive');
  assert.equal(statusText({...JOB, status: 'done'}), 'Done: 3 imported, 1 skipped, 0 failed');
  assert.equal(statusText({...JOB, status: 'failed', message: 'not a Strava export'}), 'Failed: not a Strava export');
  assert.equal(statusText({...JOB, status: 'cancelled'}), 'Cancelled');
  assert.equal(countsText({}), '0 imported, 0 skipped, 0 failed');
  assert.deepEqual(['uploading', 'queued', 'running', 'done', 'failed', 'cancelled'].map((status) => isFinished({status})), [false, false, false, true, true, true]);
});

test('the bar counts bytes while uploading, activities while running, and is full at the end', () => {
  assert.deepEqual(progressOf({...JOB, status: 'uploading', received: 10}), {value: 10, max: JOB.size});
  assert.deepEqual(progressOf({status: 'uploading', size: 0, received: 0}), {value: 0, max: 1});
  assert.deepEqual(progressOf(JOB), {value: 4, max: 10});
  assert.deepEqual(progressOf({...JOB, status: 'queued'}), {value: null, max: 1});
  assert.deepEqual(progressOf({...JOB, status: 'done'}), {value: 1, max: 1});
});

test('the summary: counts as "N imported", problems with their reason, trail links when named', (t) => {
  installDom(t);
  const summary = jobSummary({
    ...JOB,
    status: 'done',
    imported: 2,
    skipped: 2,
    problems: [
      {item: 'activity 3 "Indoor"', result: 'skipped', reason: 'no GPS file'},
      {item: 'activity 4 "Again"', result: 'skipped', reason: 'already imported', trail: 't42'},
    ],
  });
  const counts = summary.querySelectorAll('.import-count').map((li) => li.textContent);
  assert.deepEqual(counts, ['2 imported', '2 skipped', '0 failed']);
  const rows = summary.querySelectorAll('tbody tr');
  assert.equal(rows.length, 2);
  assert.equal(rows[0].querySelector('a'), null);
  assert.equal(rows[1].querySelector('a').getAttribute('href'), '/trail/t42');
  assert.ok(rows[0].textContent.includes('no GPS file'));
});

test('the category step starts from the suggestion, else the current category; the answer in words', () => {
  const rows = [
    {type: 'Hike', count: 1, category: 'walking', suggested: 'hiking'},
    {type: 'Ride', count: 2, category: 'biking', suggested: ''},
    {type: 'Yoga', count: 1, category: '', suggested: ''},
  ];
  assert.deepEqual(rows.map(initialChoice), ['hiking', 'biking', '']);
  // Only the types whose category changes are sent (Yoga stays without one).
  assert.deepEqual(remapMapping(rows, {Ride: 'walking'}), {Hike: 'hiking', Ride: 'walking'});
  assert.deepEqual(remapMapping(rows, {Hike: 'walking', Ride: 'biking'}), {});
  assert.deepEqual(remapMapping(rows, {Ride: ''}), {Hike: 'hiking', Ride: ''});
  assert.equal(appliedText({changed: 1, refused: []}), '1 trail changed.');
  assert.equal(appliedText({changed: 3, refused: [{id: 'a', reason: 'not yours'}, {id: 'b', reason: 'not yours'}]}), '3 trails changed. 2 trails could not be changed: not yours.');
});

const PLUGINS = [
  {id: 'strava', name: 'Strava', capabilities: ['import-archive', 'sync']},
  {id: 'komoot', name: 'Komoot', capabilities: ['import-archive']},
  {id: 'wanderer', name: 'wanderer or Cairn', capabilities: ['import-archive', 'send']},
];

test('services one connects to are those that sync, watch or send', () => {
  assert.deepEqual(connectable(PLUGINS).map((p) => p.id), ['strava', 'wanderer']);
});

test('"Send to…" offers the enabled connections of plugins that send, named with their server', () => {
  const instances = [
    {id: 'a', plugin_id: 'wanderer', enabled: true, config: {url: 'https://trails.example.org/'}},
    {id: 'b', plugin_id: 'wanderer', enabled: false, config: {url: 'https://off.example'}},
    {id: 'c', plugin_id: 'strava', enabled: true, config: {}},
    {id: 'd', plugin_id: 'gone', enabled: true, config: {}},
  ];
  assert.deepEqual(sendTargets(instances, PLUGINS).map((t) => [t.instance.id, t.label]), [['a', 'wanderer or Cairn (trails.example.org)']]);
  assert.equal(targetLabel(PLUGINS[2], {config: {url: 'not a url'}}), 'wanderer or Cairn (not a url)');
  assert.equal(targetLabel(PLUGINS[2], {config: {}}), 'wanderer or Cairn');
});
