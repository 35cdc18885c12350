// Syncing a connected service and signing out of it, for the rows of plugins_section.js: which
// rows offer what, the words of a sync as it goes, and following a sync's job to its end. A sync
// is an import job like an archive's (the Import page lists both), so its counts read the same.
import {pluginInstances, archiveImports} from '../../lib/resources.js';
import {countsText, isFinished} from '../import/import_job.js';
import {hasStoredSecret} from './plugin_form.js';

// Long enough not to load the server, short enough that the counts visibly move.
export const SYNC_POLL_MS = 1500;
// Polls that fail in a row (the server restarting, the network gone) before the row gives up.
const FAILURES_ALLOWED = 5;

const capabilitiesOf = (plugin) => plugin?.capabilities || plugin?.manifest?.capabilities || [];

export const canSync = (plugin) => capabilitiesOf(plugin).includes('sync');

// Whether Sync now is worth offering: a disabled connection, or one without a working sign-in,
// would only be refused by the server; the row's status and its sign-in button say what to do.
export const mayStartSync = (instance) => instance?.enabled !== false && instance?.status !== 'needs_auth' && instance?.status !== 'needs_reauth';

// Signed in with an OAuth service: the server keeps a token for it (secrets come back as "", so
// the key's presence is what tells) and does not say a sign-in is missing.
export function isSignedIn(instance) {
  if (!instance || instance.status === 'needs_auth') return false;
  return hasStoredSecret(instance, 'access_token') || hasStoredSecret(instance, 'refresh_token');
}

// The OAuth button of a row: after the service dropped the sign-in, it says what it is for.
export function connectButtonWords(instance, name) {
  if (instance?.status === 'needs_reauth') return {text: 'Sign in again', label: `Sign in again to ${name}`};
  return {text: 'Connect', label: `Connect ${name} account`};
}

// The record after a sign-out, for when the server cannot be asked for the fresh one: no tokens,
// needing a sign-in.
export function signedOutRecord(instance) {
  const auth = {...(instance?.auth || {})};
  delete auth.access_token;
  delete auth.refresh_token;
  return {...instance, auth, status: 'needs_auth'};
}

// "Syncing… 3 of 10" while it works (just "Syncing…" until the service said how many).
export function syncProgressText(job) {
  const expected = Number(job?.expected) || 0;
  return job?.status === 'running' && expected > 0 ? `Syncing… ${Number(job.done) || 0} of ${expected}` : 'Syncing…';
}

// The summary of a finished sync; a failure's reason is failureText()'s.
export function syncSummaryText(job) {
  if (job.status === 'failed') return `Sync stopped: ${countsText(job)}.`;
  if (job.status === 'cancelled') return `Sync cancelled: ${countsText(job)}.`;
  return `Sync done: ${countsText(job)}.`;
}

export function syncFailureText(job) {
  return job.message ? `The sync failed: ${job.message}` : 'The sync failed.';
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Starts a sync of the connection and polls its job until it finishes, telling onUpdate(job)
// each state on the way. Resolves with the finished job, or null once `stillWanted()` says the
// row left the page (nobody would see the rest). A passing poll failure is tried again a little
// later; a job gone (404) or failures that keep coming reject.
export async function runSync(instanceId, {onUpdate, stillWanted = () => true}) {
  let job = await pluginInstances.sync(instanceId);
  onUpdate(job);
  let failures = 0;
  while (!isFinished(job)) {
    await sleep(failures ? SYNC_POLL_MS * 3 : SYNC_POLL_MS);
    if (!stillWanted()) return null;
    try {
      job = await archiveImports.show(job.id);
    } catch (failure) {
      if (failure.status === 404) throw Object.assign(new Error('The sync is gone: it was cancelled or forgotten.'), {status: 404});
      if (++failures >= FAILURES_ALLOWED) throw failure;
      continue;
    }
    failures = 0;
    onUpdate(job);
  }
  return job;
}
