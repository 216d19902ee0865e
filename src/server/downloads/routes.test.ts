import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadsResponseSchema } from '../../domain/api/downloads.ts';
import { HttpError } from '../errors.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ARCHIVE_FILES } from './archives.ts';
import { downloadFileRoutes, downloadsApiRoutes } from './routes.ts';

/** The two download plugins on their own, over a folder the test controls. */
async function appOver(directory: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError
      ? reply.status(error.statusCode).send({ error: error.code, message: error.message })
      : reply.status(500).send({ error: 'internal_error', message: String(error) }),
  );
  await app.register(downloadsApiRoutes, { prefix: '/api', directory });
  await app.register(downloadFileRoutes, { directory });
  return app;
}

let directory: string;
let app: FastifyInstance;
beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'tower-downloads-'));
  writeFileSync(path.join(directory, ARCHIVE_FILES.website), Buffer.alloc(3_500));
  writeFileSync(path.join(directory, 'secret.txt'), 'not for download');
  app = await appOver(directory);
});
afterAll(async () => {
  await app.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('GET /api/downloads', () => {
  it('gives the real size of a built archive and null for one not built', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/downloads' });
    expect(response.statusCode).toBe(200);
    const { archives } = DownloadsResponseSchema.parse(response.json());
    expect(archives.map((archive) => archive.id)).toEqual(['website', 'full', 'server']);
    expect(archives[0]).toMatchObject({ bytes: 3_500, url: `/downloads/${ARCHIVE_FILES.website}` });
    expect(archives[1]).toMatchObject({ bytes: null, builtAt: null });
  });

  it('is public in the real app and lists the three archives', async () => {
    const t: TestApp = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/downloads' });
      expect(response.statusCode).toBe(200);
      expect(DownloadsResponseSchema.parse(response.json()).archives).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});

describe('GET /downloads/:file', () => {
  it('sends a built archive as an attachment', async () => {
    const response = await app.inject({ method: 'GET', url: `/downloads/${ARCHIVE_FILES.website}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${ARCHIVE_FILES.website}"`);
    expect(response.rawPayload.length).toBe(3_500);
  });

  it('answers 404 not_built for an archive that has not been built', async () => {
    const response = await app.inject({ method: 'GET', url: `/downloads/${ARCHIVE_FILES.server}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_built' });
  });

  it('never serves another file of the folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/downloads/secret.txt' });
    expect(response.statusCode).toBe(404);
    const traversal = await app.inject({ method: 'GET', url: '/downloads/..%2Fpackage.json' });
    expect(traversal.statusCode).toBe(404);
  });
});
