import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi, registerApi } from '../plugins/api.ts';
import { adminDocumentRoutes, guestDocumentRoutes } from './routes.ts';

/**
 * Receipts and credit notes (docs/decisions/026-receipts-and-credit-notes.md): issued by the money's own
 * transactions (documents/issue.ts); here the guest's list and downloads, keyed by their manage link, and the
 * owner's.
 */
export const documentsPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    await registerApi(app, guestDocumentRoutes, context); // keyed by the guest's own link
    await registerAdminApi(app, adminDocumentRoutes, context);
  },
  { name: 'documents', fastify: '5.x' },
);
