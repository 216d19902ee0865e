import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { actor } from '../audit/audit.ts';
import type { Db, DbOrTx, Tx } from '../db/database.ts';

/** One of the owner's settings as the admin edits it (inside the admin scope). */
export type SettingRoutes<Body extends z.ZodType, Answer extends z.ZodType = Body> = {
  url: string;
  /** What the owner sends: checked before `save` sees it, a 400 `invalid_input` otherwise. */
  body: Body;
  /** What both routes answer: the setting as stored (the body's schema when not given). */
  answer?: Answer;
  read(db: DbOrTx): Promise<z.output<Answer>>;
  /** Stores the setting and writes its audit line, in the one transaction given. */
  save(tx: Tx, value: z.output<Body>, actor: string): Promise<void>;
};

/**
 * GET answers the setting as stored; PUT saves it with its audit line in one transaction, so the line exists
 * exactly when the change does, then answers it as stored.
 */
export function settingRoutes<Body extends z.ZodType, Answer extends z.ZodType = Body>(
  app: FastifyInstance,
  db: Db,
  setting: SettingRoutes<Body, Answer>,
): void {
  const answers: FastifySchema = { response: { 200: setting.answer ?? setting.body } };
  app.get(setting.url, { schema: answers }, async () => setting.read(db));
  app.put(setting.url, { schema: { ...answers, body: setting.body } }, async (request) => {
    // The body schema has checked it: `body` is what it answers.
    const value = request.body as z.output<Body>;
    await db.transaction((tx) => setting.save(tx, value, actor(request)));
    return setting.read(db);
  });
}
