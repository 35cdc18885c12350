// web/lib/piece_upload.js: a file goes in pieces of at most `pieceBytes`; a 409 moves the next
// piece to where the server's copy ends; passing failures are retried a few times, lasting ones
// stop the upload; abort() stops it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {uploadInPieces, resumeOffset, isPassingFailure} from '../../../web/lib/piece_upload.js';

const failure = (status, body = {}) => Object.assign(new Error(`HTTP ${status}`), {status, body});

// A server keeping `received`; `script` may answer a request itself (return an error to throw).
function fakeServer(size, script = () => null) {
  const server = {received: 0, requests: []};
  server.send = (start, end, onProgress) => {
    const request = {start, end};
    server.requests.push(request);
    const promise = (async () => {
      const scripted = script(request, server);
      if (scripted) throw scripted;
      if (start !== server.received) throw failure(409, {received: String(server.received)});
      onProgress((end - start) / 2);
      server.received = end;
      return {received: server.received, status: end === size ? 'queued' : 'uploading'};
    })();
    return {promise, abort: () => (request.aborted = true)};
  };
  return server;
}

const ranges = (server) => server.requests.map((r) => `${r.start}-${r.end}`);

test('pieces of at most pieceBytes in order; the last answer is the result; progress reaches the size', async () => {
  const server = fakeServer(25);
  const seen = [];
  const result = await uploadInPieces({size: 25, pieceBytes: 10, send: server.send, onProgress: (sent, size) => seen.push([sent, size])}).promise;
  assert.deepEqual(ranges(server), ['0-10', '10-20', '20-25']);
  assert.deepEqual(result, {received: 25, status: 'queued'});
  assert.deepEqual(seen.at(-1), [25, 25]);
  assert.ok(seen.some(([sent]) => sent === 5), 'progress inside a piece is counted');
  assert.ok(seen.every(([sent], i) => i === 0 || sent >= seen[i - 1][0]), 'progress never goes back');
});

test('a 409 moves the next piece to the byte the server names (a string), back or forward', async () => {
  // The server already holds 10 bytes (an earlier try whose answer was lost).
  const ahead = fakeServer(30);
  ahead.received = 10;
  await uploadInPieces({size: 30, pieceBytes: 10, send: ahead.send}).promise;
  assert.deepEqual(ranges(ahead), ['0-10', '10-20', '20-30']);
  // The server lost its last piece: it asks for byte 10 again after 20 was sent.
  let lost = false;
  const behind = fakeServer(30, (request, server) => {
    if (request.start === 20 && !lost) {
      lost = true;
      server.received = 10;
    }
    return null;
  });
  await uploadInPieces({size: 30, pieceBytes: 10, send: behind.send}).promise;
  assert.deepEqual(ranges(behind), ['0-10', '10-20', '20-30', '10-20', '20-30']);
});

test('a 409 saying every byte is there ends the upload with no answer', async () => {
  const server = fakeServer(20);
  server.received = 20;
  const result = await uploadInPieces({size: 20, pieceBytes: 10, send: server.send}).promise;
  assert.equal(result, null);
  assert.deepEqual(ranges(server), ['0-10']);
});

test('a passing failure is retried with a pause; after `attempts` the upload fails with it', async () => {
  let fails = 2;
  const waits = [];
  const flaky = fakeServer(20, (request) => (request.start === 10 && fails-- > 0 ? failure(0) : null));
  await uploadInPieces({size: 20, pieceBytes: 10, send: flaky.send, wait: async (n) => waits.push(n)}).promise;
  assert.deepEqual(ranges(flaky), ['0-10', '10-20', '10-20', '10-20']);
  assert.deepEqual(waits, [1, 2]);

  const down = fakeServer(20, () => failure(503));
  await assert.rejects(uploadInPieces({size: 20, pieceBytes: 10, send: down.send, attempts: 3, wait: async () => {}}).promise, {status: 503});
  assert.equal(down.requests.length, 3);
});

test('a lasting failure (a 400, a 413, a 409 naming no byte) stops at once', async () => {
  for (const error of [failure(400, {message: 'not a zip'}), failure(413), failure(409, {message: 'cancelled'})]) {
    const server = fakeServer(20, () => error);
    await assert.rejects(uploadInPieces({size: 20, pieceBytes: 10, send: server.send, wait: async () => {}}).promise, (e) => e === error);
    assert.equal(server.requests.length, 1, `HTTP ${error.status} is not retried`);
  }
});

test('409s that keep disagreeing end the upload instead of looping', async () => {
  const server = fakeServer(20, () => failure(409, {received: '0'}));
  await assert.rejects(uploadInPieces({size: 20, pieceBytes: 10, send: server.send}).promise, {status: 409});
  assert.ok(server.requests.length <= 10, `${server.requests.length} requests`);
});

test('abort() aborts the piece in flight and rejects with an AbortError', async () => {
  let release;
  const requests = [];
  const send = (start, end) => {
    const request = {start, end, aborted: false};
    requests.push(request);
    const promise = new Promise((resolve, reject) => {
      release = () => reject(Object.assign(new Error('aborted'), {name: 'AbortError'}));
    });
    return {promise, abort: () => {
      request.aborted = true;
      release();
    }};
  };
  const upload = uploadInPieces({size: 20, pieceBytes: 10, send});
  upload.abort();
  await assert.rejects(upload.promise, {name: 'AbortError'});
  assert.equal(requests[0].aborted, true);
  assert.equal(requests.length, 1);
});

test('resumeOffset reads only a 409 whose received is a byte within the file', () => {
  assert.equal(resumeOffset(failure(409, {received: '8388608'}), 10 ** 8), 8388608);
  assert.equal(resumeOffset(failure(409, {received: '0'}), 5), 0);
  assert.equal(resumeOffset(failure(409, {received: 12}), 5), null);
  assert.equal(resumeOffset(failure(409, {received: 'x'}), 5), null);
  assert.equal(resumeOffset(failure(409, {}), 5), null);
  assert.equal(resumeOffset(failure(400, {received: '1'}), 5), null);
  assert.deepEqual([0, 408, 429, 500, 502, 400, 404, 409, 413].map((status) => isPassingFailure({status})), [true, true, true, true, true, false, false, false, false]);
});
