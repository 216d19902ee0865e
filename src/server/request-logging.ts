import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The per-request log lines of Fastify ("incoming request", "request completed"): an answer that went well (2xx)
 * is logged at `debug`; redirects, client errors and server errors stay at `info` (errors at `error`). A busy
 * site at the default LOG_LEVEL=info then logs what needs a look, not two lines per request.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (reply.statusCode >= 300) {
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
