// A stand-in for Strava on 127.0.0.1 for the browser steps: the consent page answers at once with
// a redirect back to the app (as Strava does after "Authorize"), the token endpoint checks the
// client secret, the redirect address and the PKCE verifier, and the API serves one hike with its
// streams. The shapes follow Strava's published API; the real service is not reachable here.
import {createHash, randomBytes} from 'node:crypto';
import {createServer} from 'node:http';

export const CLIENT_ID = '4242';
export const CLIENT_SECRET = 'e2e-stand-in-secret';

const ATHLETE = {id: 1234, firstname: 'Ada', lastname: 'Lovelace'};
const HIKE = {
  id: 9100001,
  name: 'Strava e2e morning',
  description: 'Synced from the stand-in',
  type: 'Hike',
  sport_type: 'Hike',
  start_date: '2026-05-02T06:00:00Z',
  start_date_local: '2026-05-02T08:00:00Z',
  manual: false,
  total_photo_count: 0,
};

function reply(response, status, body) {
  response.writeHead(status, {'Content-Type': 'application/json'});
  response.end(JSON.stringify(body));
}

async function bodyOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

// Starts the stand-in -> {url, seen: {tokens, deauthorized}, stop()}.
export async function startStravaStandIn() {
  const codes = new Map();  // code -> {challenge, redirect}
  const tokens = new Set();
  const seen = {tokens: 0, deauthorized: 0};
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://x');
    const live = () => tokens.has((request.headers.authorization || '').replace(/^Bearer /, ''));
    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT_ID || q.get('code_challenge_method') !== 'S256') return reply(response, 400, {message: 'Bad Request'});
      const code = randomBytes(12).toString('hex');
      codes.set(code, {challenge: q.get('code_challenge'), redirect: q.get('redirect_uri')});
      const back = new URL(q.get('redirect_uri'));
      back.search = new URLSearchParams({state: q.get('state'), code, scope: 'read,activity:read_all'}).toString();
      response.writeHead(302, {Location: back.toString()});
      return response.end();
    }
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      const form = await bodyOf(request);
      seen.tokens += 1;
      const pending = codes.get(form.get('code'));
      const verifier = form.get('code_verifier') || '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (form.get('client_secret') !== CLIENT_SECRET || !pending || pending.redirect !== form.get('redirect_uri') || pending.challenge !== challenge) {
        return reply(response, 400, {message: 'Bad Request', errors: [{resource: 'AuthorizationCode', field: 'code', code: 'invalid'}]});
      }
      codes.delete(form.get('code'));
      const access = `at-${randomBytes(8).toString('hex')}`;
      tokens.add(access);
      return reply(response, 200, {token_type: 'Bearer', access_token: access, refresh_token: `rt-${randomBytes(8).toString('hex')}`,
        expires_at: Math.floor(Date.now() / 1000) + 6 * 3600, expires_in: 6 * 3600, athlete: ATHLETE});
    }
    if (request.method === 'POST' && url.pathname === '/oauth/deauthorize') {
      const form = await bodyOf(request);
      seen.deauthorized += tokens.delete(form.get('access_token')) ? 1 : 0;
      return reply(response, 200, {access_token: form.get('access_token')});
    }
    if (!url.pathname.startsWith('/api/v3/')) return reply(response, 404, {message: 'Record Not Found'});
    if (!live()) return reply(response, 401, {message: 'Authorization Error', errors: [{resource: 'Athlete', field: 'access_token', code: 'invalid'}]});
    if (url.pathname === '/api/v3/athlete') return reply(response, 200, ATHLETE);
    if (url.pathname === '/api/v3/athlete/activities') {
      const after = Number(url.searchParams.get('after') || 0);
      const page = Number(url.searchParams.get('page') || 1);
      const fresh = Date.parse(HIKE.start_date) / 1000 > after && page === 1;
      return reply(response, 200, fresh ? [HIKE] : []);
    }
    if (url.pathname === `/api/v3/activities/${HIKE.id}`) return reply(response, 200, {...HIKE, photos: {primary: null, count: 0}});
    if (url.pathname === `/api/v3/activities/${HIKE.id}/streams`) {
      const n = 120;
      const latlng = Array.from({length: n}, (_, i) => [46.2 + i * 0.0003, 7.3 + i * 0.0002]);
      return reply(response, 200, {
        latlng: {data: latlng, series_type: 'distance', resolution: 'high'},
        altitude: {data: latlng.map((_, i) => 900 + i * 2), series_type: 'distance'},
        time: {data: latlng.map((_, i) => i * 15), series_type: 'distance'},
      });
    }
    return reply(response, 404, {message: 'Record Not Found'});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {url, seen, stop: () => new Promise((resolve) => server.close(resolve))};
}
