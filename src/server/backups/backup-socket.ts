import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { BackupOutcome } from './backups.ts';

/**
 * How `npm run backup` and `npm run restore` reach a running server (docs/decisions/022-backups.md): the embedded
 * database opens in one process only, so while a server runs, the backup command asks it to take the backup. The
 * question goes through a Unix socket in DATA_DIR that only the server's user may open (mode 0600, in a folder
 * that already holds the database and the keys): whoever can connect could read the data anyway, and nothing
 * reaches it over the network.
 */

export const SOCKET_NAME = 'backup.sock';
/** Unix socket paths are limited to 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

export const socketPath = (dataDir: string) => path.resolve(dataDir, SOCKET_NAME);

type Request = 'backup' | 'ping';

/**
 * Listens on DATA_DIR/backup.sock (a socket left by a killed server is replaced) and answers `backup` with the
 * outcome of `take` and `ping` with `pong`. Resolves with the function that stops listening, or with undefined
 * (and a warning) when DATA_DIR's path is too long for a socket.
 */
export async function listenForBackupRequests(
  dataDir: string,
  take: () => Promise<BackupOutcome>,
  log: { warn(msg: string): void },
): Promise<(() => Promise<void>) | undefined> {
  const file = socketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(
      `DATA_DIR's path is too long for the backup socket (${file}): npm run backup cannot ask this server, so stop the server to take a backup by hand.`,
    );
    return undefined;
  }
  await rm(file, { force: true });
  const server = net.createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('error', () => {}); // the command was interrupted: nothing to answer
    connection.on('data', (chunk) => {
      text += chunk;
      if (!text.includes('\n')) return;
      const request = text.split('\n')[0] as Request;
      if (request === 'ping') {
        connection.end('pong\n');
      } else if (request === 'backup') {
        take().then(
          (outcome) => connection.end(`${JSON.stringify(outcome)}\n`),
          (error: Error) =>
            connection.end(
              `${JSON.stringify({ ok: false, step: 'backup', file: undefined, message: `The backup could not be taken: ${error.message}` })}\n`,
            ),
        );
      } else {
        connection.end('unknown request\n');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(file, { force: true });
  };
}

/**
 * Sends `request` to the server listening in `dataDir`: its answer, or undefined when no server listens there
 * (no socket, or one a killed server left).
 */
export async function askServer(dataDir: string, request: Request): Promise<string | undefined> {
  const file = socketPath(dataDir);
  return new Promise((resolve, reject) => {
    const connection = net.connect(file);
    let answer = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk) => {
      answer += chunk;
    });
    connection.on('end', () => resolve(answer.trim()));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED' || error.code === 'ENAMETOOLONG') {
        resolve(undefined);
      } else {
        reject(error);
      }
    });
    connection.write(`${request}\n`);
  });
}
