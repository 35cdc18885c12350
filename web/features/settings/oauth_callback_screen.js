// Back from a service's sign-in page (/settings/connected?state=…&code=…&scope=…, or
// ?state=…&error=access_denied when the person declined): the server finishes the OAuth sign-in
// and the page says how it went, then goes on to the connected services in Settings.
// The code and state are one-time secrets: they leave the address bar before anything is sent
// (so Back or a reload never sends them again, and the history never holds them), and they are
// never shown or logged; a message that repeats them has them cut out.
import {h, replace, toast} from '../../lib/dom.js';
import {pluginInstances} from '../../lib/resources.js';

export const CALLBACK_PATH = '/settings/connected';
// The Connected services section of Settings (its id in plugins_section.js).
export const SETTINGS_HREF = '/settings#plugins';

// {state, code, scope, error} from the query (URLSearchParams); one absent is undefined, so the
// request leaves it out.
export function callbackParams(query) {
  const get = (name) => query.get(name) || undefined;
  return {state: get('state'), code: get('code'), scope: get('scope'), error: get('error')};
}

// Why there is nothing to finish ('' when there is): the page opened by hand, reloaded, or
// reached again with Back after its address was cleared.
export function missingReason(params) {
  if (params.state && (params.code || params.error)) return '';
  return 'This address holds no answer from a service to finish signing in with. Start again from Settings.';
}

// The text with the code and state cut out, should a message ever repeat them.
export function redact(text, params) {
  let out = String(text ?? '');
  for (const secret of [params.code, params.state]) if (secret) out = out.split(secret).join('…');
  return out;
}

// A failure in words: the server's message (state expired, sign-in declined, …) when it gave
// one, the fields' messages of a parameter error, else what the status means here.
export function failureText(failure, params) {
  const given = typeof failure?.body?.message === 'string' && failure.body.message;
  const fields = Object.values(failure?.fields || {});
  let text = failure?.message || 'Signing in did not work.';
  if (given === 'invalid_params' && fields.length) text = fields.join(' ');
  else if (failure?.status === 401) text = 'You are signed out of Cairn. Sign in, then connect the service again from Settings.';
  else if (failure?.status === 502 && !given) text = 'The service did not accept the sign-in. Try again from Settings.';
  return redact(text, params);
}

// "Connected: <the record's message>"; the server's message may say "Connected to Strava as …"
// already, which is not said twice.
export function connectedText(record) {
  const message = String(record?.message || '');
  if (!message) return 'Connected.';
  return /^connected\b/i.test(message) ? message : `Connected: ${message}`;
}

// Sends the answer to the server -> {ok: true, text, record} or {ok: false, text}; never throws.
export async function finishSignIn(params) {
  const missing = missingReason(params);
  if (missing) return {ok: false, text: missing};
  try {
    const record = await pluginInstances.oauthCallback(params);
    return {ok: true, text: connectedText(record), record};
  } catch (failure) {
    return {ok: false, text: failureText(failure, params)};
  }
}

export default {
  async render(ctx) {
    const {view, query, session, navigate, isCurrent} = ctx;
    document.title = 'Connecting a service · Cairn';
    const params = callbackParams(query);
    history.replaceState(null, '', CALLBACK_PATH);
    const status = h('p', {class: 'oauth-status', role: 'status', 'aria-live': 'polite'}, 'Connecting…');
    const next = h('p', {class: 'oauth-next'});
    view.append(h('section', {class: 'page narrow stack oauth-callback'}, h('h1', null, 'Connecting a service'), status, next));

    const back = h('a', {href: SETTINGS_HREF, 'data-link': true}, 'Back to Connected services in Settings');
    // Signed out (the session ended while at the service): the server would refuse, and sending
    // the person to sign in with the code in `next` would keep it in the history.
    if (!session?.signedIn) {
      status.classList.add('form-error');
      status.textContent = 'Not connected: you are signed out of Cairn. Sign in, then connect the service again from Settings.';
      replace(next, h('a', {href: `/login?next=${encodeURIComponent('/settings')}`, 'data-link': true}, 'Sign in'));
      return;
    }

    const result = await finishSignIn(params);
    if (!isCurrent()) return;
    if (!result.ok) {
      status.classList.add('form-error');
      status.textContent = `Not connected: ${result.text}`;
      replace(next, back);
      return;
    }
    status.textContent = result.text;
    replace(next, back);
    // The toast carries the words on to Settings, where the row shows the new state; replacing
    // this entry keeps Back from landing on a page that would finish nothing.
    toast(result.text);
    navigate(SETTINGS_HREF, {replace: true, force: true});
  },
};
