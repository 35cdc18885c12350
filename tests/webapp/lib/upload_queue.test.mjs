// web/lib/upload_queue.js: files upload a few at a time, each with its own state, and the
// overall bar counts bytes; cancelling frees a slot and a late answer does not revive a file.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {UploadQueue} from '../../../web/lib/upload_queue.js';

// A send() the test answers by hand: sends[i] is {item, progress, resolve, reject, aborted}.
function manualSend() {
  const sends = [];
  const send = (item, progress) => {
    const call = {item, progress, aborted: false};
    call.promise = new Promise((resolve, reject) => Object.assign(call, {resolve, reject}));
    sends.push(call);
    return {promise: call.promise, abort: () => (call.aborted = true)};
  };
  return {sends, send};
}

const files = (...sizes) => sizes.map((size, i) => ({name: `f${i}.jpg`, size}));
const settle = () => new Promise((resolve) => setImmediate(resolve));
const statuses = (queue) => queue.items.map((i) => i.status);

test('at most `concurrency` files upload at once; the next starts when one finishes', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 2});
  queue.add(files(10, 20, 30));
  assert.deepEqual(statuses(queue), ['uploading', 'uploading', 'queued']);
  assert.equal(queue.active, 2);
  assert.equal(sends.length, 2);
  sends[0].resolve({id: 'p1'});
  await settle();
  assert.deepEqual(statuses(queue), ['done', 'uploading', 'uploading']);
  assert.deepEqual(queue.items[0].result, {id: 'p1'});
  assert.equal(sends[2].item, queue.items[2]);
  sends[1].reject(new Error('HTTP 400'));
  sends[2].resolve({});
  await settle();
  assert.deepEqual(statuses(queue), ['done', 'error', 'done']);
  assert.equal(queue.items[1].error.message, 'HTTP 400');
  assert.equal(queue.idle, true);
});

test('a file whose bytes are all sent is "processing" until the server answers', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 1});
  const [item] = queue.add(files(1000));
  sends[0].progress(400, 1000);
  assert.equal(item.status, 'uploading');
  assert.equal(item.loaded, 400);
  sends[0].progress(1000, 1000);
  assert.equal(item.status, 'processing');
  assert.equal(queue.active, 1, 'a processing file still holds its slot');
  sends[0].resolve({});
  await settle();
  assert.equal(item.status, 'done');
  assert.equal(item.loaded, item.total);
});

test('the overall percent weighs files by size and leaves cancelled ones out', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 2});
  assert.deepEqual(queue.summary(), {count: 0, finished: 0, done: [], failed: [], percent: 0});
  const [big, small, other] = queue.add(files(900, 100, 1000));
  sends[0].progress(450, 900);
  sends[1].progress(100, 100);
  // 450 + 100 of 2000 bytes.
  assert.equal(queue.summary().percent, 28);
  queue.cancel(other);
  // 450 + 100 of 1000 bytes.
  assert.equal(queue.summary().percent, 55);
  sends[0].resolve({});
  sends[1].reject(new Error('bad'));
  await settle();
  const summary = queue.summary();
  assert.equal(summary.percent, 100);
  assert.equal(summary.count, 2);
  assert.equal(summary.finished, 2);
  assert.deepEqual(summary.done, [big]);
  assert.deepEqual(summary.failed, [small]);
});

test('cancelling aborts the upload, frees its slot, and a late answer is ignored', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 1});
  const [first, second] = queue.add(files(10, 10));
  queue.cancel(first);
  assert.equal(sends[0].aborted, true);
  assert.equal(first.status, 'cancelled');
  assert.equal(second.status, 'uploading');
  sends[0].resolve({id: 'late'});
  sends[0].progress(10, 10);
  await settle();
  assert.equal(first.status, 'cancelled');
  assert.equal(first.result, null);
  queue.cancel(second);
  assert.equal(queue.idle, true);
});

test('a queued file can be cancelled before it starts and is never sent', () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 1});
  const [, waiting] = queue.add(files(10, 10));
  queue.cancel(waiting);
  assert.equal(waiting.status, 'cancelled');
  assert.equal(sends.length, 1);
});

test('a finished file cannot be cancelled', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send});
  const [item] = queue.add(files(10));
  sends[0].resolve({});
  await settle();
  queue.cancel(item);
  assert.equal(item.status, 'done');
});

test('a rejected file fails at once with the message, without being sent', () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send});
  const [huge, fine] = queue.add(files(50e6, 10), (file) => (file.size > 20e6 ? 'The file is larger than 20 MB.' : ''));
  assert.equal(huge.status, 'error');
  assert.equal(huge.error.message, 'The file is larger than 20 MB.');
  assert.equal(fine.status, 'uploading');
  assert.equal(sends.length, 1);
  assert.equal(sends[0].item, fine);
});

test('a retry sends the file again with the extra options, and only once finished', async () => {
  const {sends, send} = manualSend();
  const queue = new UploadQueue({send, concurrency: 1});
  const [item] = queue.add(files(10));
  queue.retry(item, {ignoreDuplicates: true});
  assert.equal(sends.length, 1, 'retrying an upload in progress does nothing');
  sends[0].reject(new Error('duplicate'));
  await settle();
  queue.retry(item, {ignoreDuplicates: true});
  assert.equal(sends.length, 2);
  assert.equal(item.status, 'uploading');
  assert.equal(item.error, null);
  assert.deepEqual(sends[1].item.options, {ignoreDuplicates: true});
  sends[1].resolve({id: 'p'});
  await settle();
  assert.equal(item.status, 'done');
});

test('a send that throws fails that file and the queue goes on', () => {
  let calls = 0;
  const send = () => {
    calls++;
    if (calls === 1) throw new Error('cannot read the file');
    return {promise: new Promise(() => {}), abort() {}};
  };
  const queue = new UploadQueue({send, concurrency: 1});
  const [broken, next] = queue.add(files(10, 10));
  assert.equal(broken.status, 'error');
  assert.equal(broken.error.message, 'cannot read the file');
  assert.equal(next.status, 'uploading');
});

test('every change of a file is reported, so its row can redraw', async () => {
  const {sends, send} = manualSend();
  const seen = [];
  const queue = new UploadQueue({send, onChange: (item) => seen.push(item.status)});
  queue.add(files(10));
  sends[0].progress(10, 10);
  sends[0].resolve({});
  await settle();
  assert.deepEqual(seen, ['queued', 'uploading', 'processing', 'done']);
});

test('every file gets its own id', () => {
  const queue = new UploadQueue({send: () => ({promise: new Promise(() => {}), abort() {}})});
  const ids = [...queue.add(files(1, 2)), ...new UploadQueue({send: queue.send}).add(files(3))].map((i) => i.id);
  assert.equal(new Set(ids).size, 3);
});
