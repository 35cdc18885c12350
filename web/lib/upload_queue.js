// A queue of file uploads that runs at most `concurrency` at a time and keeps, per file, its
// state and bytes sent, so a screen can draw one row per file and an overall bar. The queue knows
// nothing about the API: `send(item, onProgress)` starts one upload and returns
// {promise, abort} (the shape of the resource clients' uploads).

let nextId = 0;

// States: queued -> uploading -> processing (all bytes sent, waiting for the answer) -> done | error;
// queued/uploading/processing -> cancelled.
const FINISHED = new Set(['done', 'error', 'cancelled']);

export class UploadQueue {
  constructor({send, concurrency = 2, onChange = () => {}}) {
    this.send = send;
    this.concurrency = concurrency;
    this.onChange = onChange;
    this.items = [];
  }

  // Adds files (an array or FileList); returns their items. `reject(file)` may return a message
  // that fails a file at once (too large, wrong kind) without sending it.
  add(files, reject = () => '') {
    const added = [];
    for (const file of files) {
      const item = {id: `u${++nextId}`, file, status: 'queued', loaded: 0, total: file.size, result: null, error: null, options: {}, abort: null};
      const problem = reject(file);
      if (problem) Object.assign(item, {status: 'error', error: {message: problem}});
      this.items.push(item);
      added.push(item);
      this.onChange(item);
    }
    this.pump();
    return added;
  }

  // Sends a finished item again, with extra options (e.g. {ignoreDuplicates: true}).
  retry(item, options = {}) {
    if (!FINISHED.has(item.status)) return;
    Object.assign(item, {status: 'queued', loaded: 0, result: null, error: null, options: {...item.options, ...options}});
    this.onChange(item);
    this.pump();
  }

  cancel(item) {
    if (FINISHED.has(item.status)) return;
    const abort = item.abort;
    Object.assign(item, {status: 'cancelled', abort: null});
    if (abort) abort();
    this.onChange(item);
    this.pump();
  }

  get active() {
    return this.items.filter((i) => i.status === 'uploading' || i.status === 'processing').length;
  }

  get idle() {
    return this.items.every((i) => FINISHED.has(i.status));
  }

  // {count, finished, percent, done, failed} over the files not cancelled; bytes decide the percent.
  summary() {
    const counted = this.items.filter((i) => i.status !== 'cancelled');
    let total = 0;
    let sent = 0;
    for (const item of counted) {
      const size = Math.max(item.total, 1);
      total += size;
      if (item.status === 'done' || item.status === 'error' || item.status === 'processing') sent += size;
      else if (item.status === 'uploading') sent += Math.min(item.loaded, size);
    }
    return {
      count: counted.length,
      finished: counted.filter((i) => i.status === 'done' || i.status === 'error').length,
      done: counted.filter((i) => i.status === 'done'),
      failed: counted.filter((i) => i.status === 'error'),
      percent: total ? Math.round((sent / total) * 100) : 0,
    };
  }

  pump() {
    while (this.active < this.concurrency) {
      const item = this.items.find((i) => i.status === 'queued');
      if (!item) return;
      this.start(item);
    }
  }

  start(item) {
    item.status = 'uploading';
    item.loaded = 0;
    let handle;
    try {
      handle = this.send(item, (loaded, total) => {
        if (item.status !== 'uploading') return;
        item.loaded = loaded;
        item.total = total || item.total;
        // All bytes are out: the server now reads the file, which can take a while for big tracks.
        if (loaded >= total) item.status = 'processing';
        this.onChange(item);
      });
    } catch (error) {
      this.finish(item, 'error', null, error);
      return;
    }
    item.abort = handle.abort;
    this.onChange(item);
    handle.promise.then(
      (result) => this.finish(item, 'done', result, null),
      (error) => this.finish(item, 'error', null, error),
    );
  }

  finish(item, status, result, error) {
    if (item.status === 'cancelled') return;
    Object.assign(item, {status, result, error, abort: null});
    if (status === 'done') item.loaded = item.total;
    this.onChange(item);
    this.pump();
  }
}
