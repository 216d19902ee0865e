import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

type FastifyChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type AnyLog = (...args: unknown[]) => void;
type LevelAware = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

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

/**
 * A request's logger (bound to its request id) that makes the real pino child only when a line is written at
 * an enabled level. Making a child costs about as much as answering a small request, and most requests write
 * nothing at the configured level.
 */
class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: LevelAware;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelAware, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: LevelName, args: unknown[]): void {
    if (this.#child) (this.#child[level] as AnyLog)(...args);
    else if (this.#parent.isLevelEnabled(level)) (this.#real()[level] as AnyLog)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child, unless the route asks for its own level or serializers. */
export const lazyChildLoggerFactory: FastifyChildLoggerFactory = (logger, bindings, options) => {
  const plain = options.level === undefined && options.serializers === undefined;
  if (plain && typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function') {
    return new LazyChildLogger(logger as LevelAware, bindings, options);
  }
  return logger.child(bindings, options);
};
