// The journey of scripts/deploy-smoke.sh, all through nginx: register, activate from the
// e-mailed link, sign in, two live sockets (one on each instance), notes delivered across
// instances, one instance killed, the socket it held resumed on the other with the note it
// missed. Node 20 with --experimental-websocket (Node 22: WebSocket is global).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const env = (name) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const base = env('SMOKE_BASE');
const outbox = env('SMOKE_OUTBOX');
const accessLog = env('SMOKE_ACCESS_LOG');
const victimPid = Number(env('SMOKE_KILL_PID'));
const supervisor = { email: env('SMOKE_SUP_EMAIL'), password: env('SMOKE_SUP_PASSWORD') };
const wsBase = base.replace(/^http/, 'ws');
const password = 'Smoke#pass2026';
const email = `smoke-${Date.now()}@example.com`;

let step = 0;
const say = (text) => console.log(`deploy-smoke: ${++step}. ${text}`);
const fail = (text) => {
  throw new Error(text);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(method, path, body, token) {
  const headers = { 'Accept-Language': 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function expectStatus(want, reply, what) {
  const r = await reply;
  if (r.status !== want) fail(`${what}: expected ${want}, got ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

/** A socket that keeps every event it receives; `resume` is sent at once. */
function openSocket(name, token, after) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase}/api/ws?token=${encodeURIComponent(token)}`);
    const socket = { name, ws, events: [], closed: null, resumed: false };
    const timer = setTimeout(() => reject(new Error(`${name}: the WebSocket did not open through nginx`)), 10_000);
    ws.onopen = () => {
      clearTimeout(timer);
      ws.send(JSON.stringify({ type: 'resume', after }));
      resolve(socket);
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === 'event') socket.events.push(msg);
      if (msg.type === 'resumed') socket.resumed = true;
    };
    ws.onclose = (e) => {
      socket.closed = e.code;
    };
    ws.onerror = () => {};
  });
}

async function waitFor(what, predicate, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (predicate()) return;
    await sleep(50);
  }
  fail(`timed out after ${ms} ms waiting for ${what}`);
}

const hasNote = (socket, text) => socket.events.some((e) => JSON.stringify(e.payload ?? {}).includes(text));
const lastId = (socket) => socket.events.reduce((m, e) => Math.max(m, e.id), 0);

/** The upstream that served each `POST /api/notes`, from nginx's access log (in order). */
function noteUpstreams() {
  return readFileSync(accessLog, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"POST /api/notes '))
    .map((l) => l.split(' upstream=').pop()?.trim());
}

async function main() {
  say('health through nginx');
  await expectStatus(200, api('GET', '/api/health'), 'GET /api/health');

  say(`register ${email}`);
  await expectStatus(
    201,
    api('POST', '/api/auth/register', { name: 'Smoke Student', email, password, password_confirm: password, type: 'student' }),
    'register',
  );

  say('activate with the link from the e-mail');
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    for (const file of readdirSync(outbox).sort().reverse()) {
      const mail = readFileSync(join(outbox, file), 'utf8');
      const m = mail.includes(email) && mail.match(/\/activate\/([A-Za-z0-9_-]+)/);
      if (m) {
        token = m[1];
        break;
      }
    }
    if (!token) await sleep(100);
  }
  if (!token) fail(`no activation e-mail for ${email} in ${outbox}`);
  await expectStatus(200, api('POST', '/api/auth/activate', { token }), 'activate');

  say('sign in (student and supervisor)');
  const student = await expectStatus(200, api('POST', '/api/auth/login', { email, password }), 'student login');
  const sup = await expectStatus(200, api('POST', '/api/auth/login', supervisor), 'supervisor login');

  say('two live sockets through the WebSocket upgrade (round robin: one on each instance)');
  const a = await openSocket('socket A', student.access, 0);
  const b = await openSocket('socket B', student.access, 0);
  await waitFor('both sockets resumed', () => a.resumed && b.resumed);

  say('two notes, each sent through a different instance, reach both sockets live');
  const texts = [`smoke note one ${Date.now()}`, `smoke note two ${Date.now()}`];
  for (const text of texts) {
    await expectStatus(201, api('POST', '/api/notes', { recipient_id: student.user.id, text }, sup.access), 'note');
  }
  for (const text of texts) {
    await waitFor(`"${text}" on socket A`, () => hasNote(a, text));
    await waitFor(`"${text}" on socket B`, () => hasNote(b, text));
  }
  // Written when each request ends; give nginx a moment.
  await waitFor('both notes in the access log', () => noteUpstreams().length >= 2);
  const upstreams = noteUpstreams().slice(-2);
  if (upstreams[0] === upstreams[1]) fail(`both notes went to ${upstreams[0]}: nothing crossed instances`);
  console.log(`deploy-smoke:    notes served by ${upstreams.join(' and ')}; both sockets got both`);

  say(`kill -9 one instance (pid ${victimPid})`);
  process.kill(victimPid, 'SIGKILL');
  await waitFor('one socket to close', () => a.closed !== null || b.closed !== null);
  await sleep(500);
  if (a.closed !== null && b.closed !== null) fail('both sockets closed: they were on the same instance');
  const [lost, kept] = a.closed !== null ? [a, b] : [b, a];
  console.log(`deploy-smoke:    ${lost.name} closed (${lost.closed}); ${kept.name} still open`);

  say('a note while that socket is down: sent through nginx to the surviving instance');
  const missed = `smoke note three ${Date.now()}`;
  await expectStatus(201, api('POST', '/api/notes', { recipient_id: student.user.id, text: missed }, sup.access), 'note 3');
  await waitFor(`"${missed}" on ${kept.name}`, () => hasNote(kept, missed));

  say(`${lost.name} reconnects through nginx and resumes after event ${lastId(lost)}`);
  const again = await openSocket(`${lost.name} (resumed)`, student.access, lastId(lost));
  await waitFor('the missed note replayed', () => hasNote(again, missed));
  await waitFor('resumed', () => again.resumed);
  const replayed = again.events.filter((e) => texts.some((t) => JSON.stringify(e.payload ?? {}).includes(t)));
  if (replayed.length) fail(`resume replayed ${replayed.length} event(s) the socket already had`);

  say('the student reads the three notes through nginx');
  const list = await expectStatus(200, api('GET', '/api/notes', undefined, student.access), 'GET /api/notes');
  const body = JSON.stringify(list);
  for (const t of [...texts, missed]) if (!body.includes(t)) fail(`GET /api/notes lacks "${t}"`);

  say('no token in nginx\'s access log (the WebSocket URL carries one)');
  if (readFileSync(accessLog, 'utf8').includes(student.access)) fail('an access token was written to the access log');

  for (const s of [a, b, again]) s.ws.close();
  console.log('deploy-smoke: journey passed');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`deploy-smoke: FAILED at step ${step}: ${e.message}`);
    process.exit(1);
  },
);
