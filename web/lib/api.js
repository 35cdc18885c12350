// The API client: JSON requests with the session cookie, uploads with progress, and one error
// type that carries the API's message and its per-field messages (Form A and Form B).

const BASE = '/api/v1';

// True for the API's own addresses, which the page never routes (links to files, downloads).
export function isApiPath(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export class ApiError extends Error {
  constructor(status, body) {
    super(messageOf(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body || {};
    this.fields = fieldMessages(body);
  }
}

function messageOf(status, body) {
  if (body && body.message === 'invalid_params') return 'Some values are not valid.';
  if (body && typeof body.message === 'string' && body.message) return body.message;
  if (status === 0) return 'The server cannot be reached. Check the connection and try again.';
  if (status === 413) return 'The upload is too large.';
  if (status >= 500) return 'The server failed to answer. Try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

// {field: message} from Form A (`detail.data`/`data`) and Form B (`details[].path`).
function fieldMessages(body) {
  const fields = {};
  if (!body || typeof body !== 'object') return fields;
  const data = (body.detail && body.detail.data) || body.data;
  if (data && typeof data === 'object') {
    for (const [name, value] of Object.entries(data)) {
      if (value && typeof value === 'object' && typeof value.message === 'string') fields[name] = value.message;
    }
  }
  if (Array.isArray(body.details)) {
    for (const item of body.details) {
      const name = Array.isArray(item.path) && item.path.length ? String(item.path[0]) : '';
      if (name && !fields[name]) fields[name] = item.message || item.code || 'Not valid.';
    }
  }
  return fields;
}

export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params || {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// Link-share token of the page being viewed (`/trail/{id}?share=...`, `/list/{id}?share=...`);
// it rides along on the reads so a holder of the link sees the trail (or the list and its
// trails), their waypoints and photos.
let shareToken = '';
export function setShareToken(token) {
  shareToken = token || '';
}
export function currentShareToken() {
  return shareToken;
}

// An answer that is not JSON: plain text is the message; an HTML page (a reverse proxy's "413
// Request Entity Too Large", "502 Bad Gateway") is not, so the status decides the message.
function textAnswer(text) {
  return /^\s*</.test(text) ? null : {message: text.slice(0, 200)};
}

async function parse(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return textAnswer(text);
  }
}

// api('GET', '/trail', null, {query: {page: 2}}) -> parsed JSON; throws ApiError.
// Options: query, signal, withTotal ({data, total} from X-Total-Count), share (false: never send
// the link-share token; true: send it on a write too), accept and blob (the answer as a Blob).
export async function api(method, path, body, options = {}) {
  const headers = {Accept: options.accept || 'application/json'};
  let payload;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined && body !== null) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const params = {...(options.query || {})};
  if (shareToken && (options.share === true || (options.share !== false && method === 'GET'))) params.share = shareToken;
  let response;
  try {
    response = await fetch(BASE + path + query(params), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (response.ok && options.blob) return response.blob();
  const data = await parse(response);
  if (!response.ok) throw new ApiError(response.status, data);
  if (options.withTotal) return {data, total: Number(response.headers.get('X-Total-Count') || 0)};
  return data;
}

// An upload that reports progress (fetch cannot): onProgress(loadedBytes, totalBytes).
// onSent() once the whole body is sent. Resolves with the parsed answer, rejects with ApiError.
// `abort` in the returned object cancels.
export function upload(method, path, body, {onProgress, onSent, headers = {}, query: params} = {}) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise((resolve, reject) => {
    xhr.open(method, BASE + path + query(params));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [key, value] of Object.entries(headers)) xhr.setRequestHeader(key, value);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable) onProgress(event.loaded, event.total);
    };
    // Every byte is sent; the server is now reading the file (a screen can say "processing").
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      let data = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = textAnswer(xhr.responseText);
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new ApiError(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(Object.assign(new Error('Upload cancelled.'), {name: 'AbortError'}));
    xhr.send(body);
  });
  return {promise, abort: () => xhr.abort()};
}

// URL of a record's stored file; `thumb` is a PocketBase thumbnail size such as '600x0'.
export function fileUrl(record, name, {thumb, download} = {}) {
  if (!record || !name) return '';
  const params = {};
  if (thumb) params.thumb = thumb;
  if (download) params.download = 1;
  // A link share opens the trail (or list) and its waypoints (their photos included), nothing else.
  if (shareToken && ['trails', 'waypoints', 'lists'].includes(record.collectionName)) params.share = shareToken;
  return `${BASE}/files/${record.collectionId}/${record.id}/${encodeURIComponent(name)}${query(params)}`;
}

// Every page of a bare-array list (`GET /list`, `/waypoint`, ...), up to `limit` records;
// `options` as api()'s (signal, share).
export async function listAll(path, params = {}, limit = 2000, options = {}) {
  const items = [];
  for (let page = 1; items.length < limit; page++) {
    const {data, total} = await api('GET', path, null, {...options, query: {...params, page, perPage: 500}, withTotal: true});
    items.push(...data);
    if (data.length < 500 || items.length >= total) break;
  }
  return items;
}

// The records of a list answer: a bare array, or a page ({page, perPage, totalItems, totalPages,
// items}) as the newer routes answer; anything else is none.
export function listItems(answer) {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.items) ? answer.items : [];
}

// A filter string literal matched with `~` (contains): `%` and `_` are LIKE wildcards and `\`
// their escape, so a typed one is escaped to mean itself.
export function likeQuote(text) {
  return quote(String(text).replace(/[\\%_]/g, (c) => `\\${c}`));
}

// A filter string literal. The filter lexer reads a backslash and the character after it as a
// pair and unescapes only `\"`, so that is all we escape. A backslash run just before a quote or
// the end must be even, or its last backslash would pair with the quote and end the string early
// (`a\"` would close after `a\\`); an odd run loses one backslash.
export function quote(value) {
  const text = String(value).replace(/\\+(?="|$)/g, (run) => run.slice(run.length % 2));
  return `"${text.replace(/"/g, '\\"')}"`;
}
