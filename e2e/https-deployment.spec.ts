import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CADDY_PATH, missingDeploymentTools, SYSTEMD_ANALYZE_PATH } from '../scripts/deployment-tools.ts';
import { stopProcess, waitFor } from '../scripts/local-server.ts';
import { type ServerProcess, startProcess } from '../src/server/test/server-process.ts';

/**
 * The deployment of the README's "Deploying", run on this machine: Debian's Caddy with deploy/Caddyfile in front
 * of the production server, started with deploy/the-tower.service's command and environment, bound to loopback.
 * Caddy's own certificate authority stands in for Let's Encrypt (the site is `localhost`), and every https
 * request trusts that authority's root certificate and nothing else. Every request goes to a 127.x.y.z address;
 * the visitors' own addresses are other 127.x.y.z ones (a socket may send from any of them).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const CADDY_HTTP_PORT = 4630;
const CADDY_HTTPS_PORT = 4631;
const SERVER_PORT = 4632;
const DOMAIN = 'localhost';
const ORIGIN = `https://${DOMAIN}:${CADDY_HTTPS_PORT}`;
const ADMIN = { username: 'owner', password: 'deploy-owner-password-2026' };

const unitFile = readFileSync(path.join(root, 'deploy/the-tower.service'), 'utf8');
/** The unit's command: its program (an absolute path in its working directory) and the arguments. */
const execStart = () => unitSetting('ExecStart').split(' ');
/** The one `key=value` line of the unit for `key`. */
function unitSetting(key: string): string {
  const lines = unitFile.split('\n').filter((line) => line.startsWith(`${key}=`));
  if (lines.length !== 1)
    throw new Error(`deploy/the-tower.service has ${lines.length} ${key}= lines, not one`);
  return lines[0]!.slice(key.length + 1);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Request = {
  path: string;
  method?: 'GET' | 'POST';
  /** The visitor's own address (the socket's source). */
  from?: string;
  headers?: Record<string, string>;
  json?: unknown;
};

function collect(request: http.ClientRequest, json: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.end(json === undefined ? undefined : JSON.stringify(json));
  });
}

function headersOf(request: Request, host: string): Record<string, string> {
  return {
    host,
    ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
  };
}

let caddyRootCertificate: string;

/**
 * Through Caddy over https, trusting only Caddy's root certificate (`trust: 'system'`: the machine's authorities,
 * as a browser that was never told of Caddy's would).
 */
function viaCaddy(request: Request, trust: 'caddy' | 'system' = 'caddy'): Promise<Answer> {
  return collect(
    https.request({
      host: '127.0.0.1',
      port: CADDY_HTTPS_PORT,
      servername: DOMAIN,
      ca: trust === 'caddy' ? [caddyRootCertificate] : undefined,
      agent: false,
      method: request.method ?? 'GET',
      path: request.path,
      localAddress: request.from,
      headers: headersOf(request, `${DOMAIN}:${CADDY_HTTPS_PORT}`),
    }),
    request.json,
  );
}

/** Straight to the server, around Caddy. */
function aroundCaddy(request: Request): Promise<Answer> {
  return collect(
    http.request({
      host: '127.0.0.1',
      port: SERVER_PORT,
      agent: false,
      method: request.method ?? 'GET',
      path: request.path,
      localAddress: request.from,
      headers: headersOf(request, `127.0.0.1:${SERVER_PORT}`),
    }),
    request.json,
  );
}

/** The addresses the kernel lists as listening on TCP `port` (/proc/net/tcp: hex, IPv4 bytes reversed). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state] = line.trim().split(/\s+/);
      const [address = '', hexPort = ''] = local.split(':');
      if (state !== '0A' || Number.parseInt(hexPort, 16) !== port) continue;
      addresses.push(
        address.length === 8
          ? (address.match(/../g) ?? [])
              .reverse()
              .map((byte) => Number.parseInt(byte, 16))
              .join('.')
          : `IPv6 ${address}`,
      );
    }
  }
  return addresses;
}

/** How a TCP connection to `host:port` ends: 'connected', or the error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

let workDir: string;
let server: ServerProcess | undefined;
let caddy: ServerProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const missing = missingDeploymentTools();
  if (missing.length) throw new Error(missing.join('\n'));
  workDir = mkdtempSync(path.join(tmpdir(), 'tower-deploy-'));

  // The server, as the unit starts it: its command from the working directory, with its environment and the
  // .env of the README's "Deploying" (the data directory made temporary).
  const workingDirectory = unitSetting('WorkingDirectory');
  const [program = '', ...args] = execStart();
  const [name = '', value = ''] = unitSetting('Environment').split('=');
  server = startProcess(path.join(root, path.relative(workingDirectory, program)), args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      [name]: value,
      HOST: '127.0.0.1',
      PORT: String(SERVER_PORT),
      SITE_URL: ORIGIN,
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(workDir, 'data'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });

  // Caddy with deploy/Caddyfile for `localhost`, its certificates from its own authority, on loopback only, its
  // state in the temporary directory (never the machine's trust store).
  const site = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
  const forTest = site
    .replace(/^thetower\.example \{$/m, `${DOMAIN} {`)
    .replace(/reverse_proxy 127\.0\.0\.1:3000$/m, `reverse_proxy 127.0.0.1:${SERVER_PORT}`);
  expect(forTest).toContain(`\n${DOMAIN} {\n`);
  expect(forTest).toContain(`reverse_proxy 127.0.0.1:${SERVER_PORT}\n`);
  const storage = path.join(workDir, 'caddy');
  const caddyfile = path.join(workDir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n` +
      `\thttp_port ${CADDY_HTTP_PORT}\n\thttps_port ${CADDY_HTTPS_PORT}\n` +
      `\tstorage file_system {\n\t\troot ${storage}\n\t}\n}\n\n${forTest}`,
  );
  caddy = startProcess(CADDY_PATH, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: workDir,
    env: { PATH: process.env.PATH, HOME: workDir, XDG_DATA_HOME: storage, XDG_CONFIG_HOME: storage },
  });

  try {
    await waitFor(`http://127.0.0.1:${SERVER_PORT}/api/health`, {
      child: server.child,
      timeoutMs: 150_000,
      intervalMs: 200,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${server.output()}`, { cause: error });
  }
  const rootCertificate = path.join(storage, 'pki/authorities/local/root.crt');
  await expect
    .poll(
      async () => {
        if (caddy?.child.exitCode !== null) throw new Error(`Caddy exited:\n${caddy?.output()}`);
        if (!existsSync(rootCertificate)) return 'no root certificate yet';
        caddyRootCertificate = readFileSync(rootCertificate, 'utf8');
        return viaCaddy({ path: '/api/health' }).then(
          (answer) => answer.status,
          (error: Error) => error.message,
        );
      },
      { timeout: 20_000, message: 'Caddy answers https://localhost/api/health' },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (caddy) await stopProcess(caddy.child);
  server?.child.kill('SIGKILL'); // a no-op once it has stopped; a failed test may have left it running
  await server?.exited;
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('the service file is one systemd accepts, and runs what npm run serve runs', () => {
  const unitRoot = path.join(workDir, 'systemd-root');
  const unitDir = path.join(unitRoot, 'etc/systemd/system');
  const targets = path.join(unitRoot, 'usr/lib/systemd/system');
  mkdirSync(unitDir, { recursive: true });
  mkdirSync(targets, { recursive: true });
  copyFileSync(path.join(root, 'deploy/the-tower.service'), path.join(unitDir, 'the-tower.service'));
  for (const target of ['sysinit', 'basic', 'network-online', 'multi-user', 'shutdown']) {
    copyFileSync(`/usr/lib/systemd/system/${target}.target`, path.join(targets, `${target}.target`));
  }
  // systemd-analyze checks that the command exists and may run; the site's Node is not copied for that.
  const [program = '', ...unitArgs] = execStart();
  const stub = path.join(unitRoot, program);
  mkdirSync(path.dirname(stub), { recursive: true });
  writeFileSync(stub, '#!/bin/sh\n');
  chmodSync(stub, 0o755);
  const verify = spawnSync(
    SYSTEMD_ANALYZE_PATH,
    ['verify', '--man=no', `--root=${unitRoot}`, '/etc/systemd/system/the-tower.service'],
    { encoding: 'utf8' },
  );
  expect(`${verify.stdout}${verify.stderr}`).toBe('');
  expect(verify.status).toBe(0);

  // The same Node flags as `npm run serve`, without npm (see the unit's comment).
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [node, ...serveArgs] = scripts.serve!.split(' ');
  expect(path.relative(unitSetting('WorkingDirectory'), program)).toBe(`node_modules/.bin/${node}`);
  expect(unitArgs).toEqual(serveArgs);
  expect(unitSetting('Restart')).toBe('on-failure');
});

test('serves the pages through https, with HSTS, and sends http:// visitors to https://', async () => {
  const home = await viaCaddy({ path: '/' });
  expect(home.status).toBe(200);
  expect(home.headers['content-type']).toMatch(/^text\/html/);
  expect(home.body).toMatch(/<title>[^<]*The Tower/);
  const maxAge = Number(/^max-age=(\d+)/.exec(String(home.headers['strict-transport-security']))?.[1]);
  expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);

  const stylesheet = /"(\/assets\/[^"]+\.css)"/.exec(home.body)?.[1];
  expect(stylesheet).toBeDefined();
  const asset = await viaCaddy({ path: stylesheet! });
  expect(asset.status).toBe(200);
  expect(asset.headers['content-type']).toMatch(/^text\/css/);

  const admin = await viaCaddy({ path: '/admin' });
  expect(admin.status).toBe(200);
  expect(admin.headers['strict-transport-security']).toBeDefined();

  // The certificate is checked: without Caddy's root certificate the connection is refused.
  await expect(viaCaddy({ path: '/' }, 'system')).rejects.toThrow(/certificate/);

  const plain = await collect(
    http.request({
      host: '127.0.0.1',
      port: CADDY_HTTP_PORT,
      agent: false,
      path: '/contact?from=http',
      headers: { host: DOMAIN },
    }),
    undefined,
  );
  expect(plain.status).toBe(308);
  // To the standard https port, which the owner's Caddy listens on (this one's is moved for the test).
  expect(plain.headers.location).toBe(`https://${DOMAIN}/contact?from=http`);
});

test('the owner logs in through https', async () => {
  const login = await viaCaddy({ method: 'POST', path: '/api/admin/login', json: ADMIN });
  expect(login.status).toBe(200);
  const { token } = JSON.parse(login.body) as { token: string };
  const sessions = await viaCaddy({
    path: '/api/admin/sessions',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sessions.status).toBe(200);
  const wrong = await viaCaddy({
    method: 'POST',
    path: '/api/admin/login',
    json: { ...ADMIN, password: 'not-the-password-2026' },
  });
  expect(wrong.status).toBe(401);
});

test("takes the visitor's address from Caddy only: a forged X-Forwarded-For counts neither through it nor around it", async () => {
  /** Logs in from `from` claiming to be 203.0.113.x, and answers the address the owner's sessions list shows. */
  const signedInAddress = async (send: typeof viaCaddy, from: string) => {
    const login = await send({
      method: 'POST',
      path: '/api/admin/login',
      from,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      json: ADMIN,
    });
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };
    const list = await viaCaddy({
      path: '/api/admin/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    const sessions = JSON.parse(list.body) as { address: string | null; current: boolean }[];
    return sessions.find((session) => session.current)?.address;
  };
  // Through Caddy the server sees the visitor's real address (not Caddy's 127.0.0.1, not the forged one).
  expect(await signedInAddress(viaCaddy, '127.0.0.2')).toBe('127.0.0.2');
  // Around Caddy the header is not believed: the request did not come from the proxy.
  expect(await signedInAddress(aroundCaddy, '127.0.0.3')).toBe('127.0.0.3');
});

test('the server bound to loopback answers on no other address', async () => {
  expect(listeningAddresses(SERVER_PORT)).toEqual(['127.0.0.1']);
  // 127.0.0.2 stands for any other address of this machine: a server listening on every address would answer.
  expect(await tryConnect('127.0.0.2', SERVER_PORT)).toBe('ECONNREFUSED');
  expect(await tryConnect('127.0.0.1', SERVER_PORT)).toBe('connected');
});

test('the server stops cleanly on SIGTERM, as systemctl stop asks', async () => {
  server!.child.kill('SIGTERM');
  expect(await server!.exited).toBe(0);
});
