// The real cairn binary on a free port with a fresh data dir, as a user would start it.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync, openSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import net from 'node:net';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const {port} = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(binary, extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-e2e-'));
  const port = await freePort();
  const log = openSync(join(dir, 'server.log'), 'w');
  const child = spawn(binary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', join(dir, 'data'), ...extraArgs], {
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cairn exited with ${child.exitCode}; see ${join(dir, 'server.log')}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('cairn did not start within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    dir,
    logPath: join(dir, 'server.log'),
    async stop({keep = false} = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      if (!keep) rmSync(dir, {recursive: true, force: true});
    },
  };
}

// A signed-in API client for setting up data the scenario does not drive through the UI.
export async function apiClient(origin, username, password) {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({username, password}),
  });
  if (!login.ok) throw new Error(`login of ${username} failed: ${login.status}`);
  const {token, record} = await login.json();
  const call = async (method, path, body, headers = {}) => {
    const response = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: {Authorization: `Bearer ${token}`, ...(body && !(body instanceof Uint8Array) ? {'Content-Type': 'application/json'} : {}), ...headers},
      body: body instanceof Uint8Array ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return {status: response.status, data};
  };
  return {user: record, token, call};
}

export async function signUp(origin, username, password) {
  const response = await fetch(`${origin}/api/v1/user`, {
    method: 'PUT',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({username, email: `${username}@example.com`, password, passwordConfirm: password}),
  });
  if (!response.ok) throw new Error(`sign-up of ${username} failed: ${response.status} ${await response.text()}`);
  return response.json();
}
