// Sends one large file in pieces, each its own request, so a big archive survives a proxy's body
// limit and a dropped connection: a piece that fails for a passing reason (no network, a 5xx) is
// sent again after a pause, and a 409 whose body says where the server's copy ends
// (`received`) moves the next piece there. Knows nothing about the API: `send` does one request.

// The largest piece the import endpoint takes.
export const PIECE_BYTES = 8 * 1024 * 1024;

// A piece is tried this many times before the upload fails.
const ATTEMPTS = 4;
// More 409s than this in a row means the two sides disagree for good.
const CONFLICTS = 8;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Failures worth another try: no answer at all, a timeout, too many requests, a server error.
export function isPassingFailure(error) {
  const status = error?.status;
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status < 600);
}

// The byte a 409's body asks the next piece to start at, or null when it names none usable.
export function resumeOffset(error, size) {
  if (error?.status !== 409) return null;
  const text = error.body?.received;
  if (text === undefined || text === null || text === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= size ? value : null;
}

// uploadInPieces({size, send, pieceBytes, attempts, wait, onProgress}) -> {promise, abort}.
// `send(start, end, onPieceProgress)` sends bytes [start, end) and returns {promise, abort}; its
// promise gives the server's answer (whose `received`, when a number, is where the next piece
// starts) and rejects with an error carrying `status` (and `body` for a 409).
// onProgress(bytesOnServer + bytesOfThePieceInFlight, size). `wait(attempt)` is the pause before a
// retry (tests make it instant). The promise gives the last answer (null when a 409 said the
// whole file was there already) or rejects with the error that stopped it; abort() rejects it
// with an AbortError.
export function uploadInPieces({size, send, pieceBytes = PIECE_BYTES, attempts = ATTEMPTS, wait = (attempt) => sleep(500 * 2 ** attempt), onProgress = () => {}}) {
  let current = null;
  let aborted = false;
  const abortError = () => Object.assign(new Error('Upload cancelled.'), {name: 'AbortError'});

  async function run() {
    let offset = 0;
    let failures = 0;
    let conflicts = 0;
    let last = null;
    onProgress(0, size);
    while (offset < size) {
      if (aborted) throw abortError();
      const start = offset;
      const end = Math.min(start + pieceBytes, size);
      try {
        current = send(start, end, (loaded) => onProgress(Math.min(start + loaded, end), size));
        last = await current.promise;
        current = null;
        const told = Number(last?.received);
        offset = Number.isInteger(told) && told > start && told <= size ? told : end;
        failures = 0;
        conflicts = 0;
        onProgress(offset, size);
      } catch (error) {
        current = null;
        if (aborted || error?.name === 'AbortError') throw abortError();
        const resume = resumeOffset(error, size);
        if (resume !== null && ++conflicts <= CONFLICTS) {
          offset = resume;
          if (offset >= size) last = null;
          onProgress(offset, size);
          continue;
        }
        if (!isPassingFailure(error) || ++failures >= attempts) throw error;
        await wait(failures);
      }
    }
    return last;
  }

  return {
    promise: run(),
    abort() {
      aborted = true;
      current?.abort();
    },
  };
}
