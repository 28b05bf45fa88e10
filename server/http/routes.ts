import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { endpointNames, endpoints, type EndpointName } from '#contract/endpoints';
import type { AppContext, CallContext, Handler, HandlerMap, UploadedFile } from '../context';
import type { SessionUser } from './auth';
import { CallError, CODE, envelope, type Envelope } from './envelope';
import { langOf, message, type Lang, type MessageKey, type MessageParams } from './messages';
import { MAX_STRATEGY_FILE_BYTES } from '#contract/rules/strategy-file';
import { MarketError } from '../market/messages';
import type { Payload } from './validate';
import { mayCall } from './permissions';
import { MAX_STRATEGY_FILE_LABEL, safeFileName, type UploadGate } from './uploads';

/** The largest multipart body (its files together): refused as it arrives past it (deploy/nginx.conf's client_max_body_size is 20m too). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '20 MiB';

/**
 * Multipart limits. A file over the size limit is refused (code 413) the moment it passes it, not after the
 * rest of the body; fields are small (the token and the form's few fields), so little is read before the token.
 */
export const MULTIPART_OPTIONS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: MAX_STRATEGY_FILE_BYTES,
    files: 20,
    fields: 16,
    parts: 40,
    fieldSize: 64 * 1024,
  },
};

const translate = (lang: Lang) => (key: MessageKey, params?: MessageParams) => message(lang, key, params);

const tokenOf = (payload: Payload): string | undefined => {
  const token = Array.isArray(payload.token) ? payload.token[0] : payload.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

/**
 * `Authorization: Bearer <token>`: how the console sends its token, out of every URL and log, and so an upload's
 * token is checked before its body is read.
 */
export function bearerToken(header: string | undefined): string | undefined {
  return typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
}

/** The token a call carries before its body: the header's, else the query's. */
function tokenBeforeBody(request: FastifyRequest): string | undefined {
  const query = request.query;
  return bearerToken(request.headers.authorization) ?? (query && typeof query === 'object' ? tokenOf(query as Payload) : undefined);
}

interface Admitted {
  user: SessionUser | null;
  token: string | undefined;
}

/**
 * Who makes a call, checked once and as early as its token is known: from the header or query before any
 * body is read, else at the multipart field `token`, which must come before the files (the console sends it
 * first). A caller the endpoint does not admit is refused there (code 3 or 403) and the rest of the body is not
 * read. An upload then takes a place of the UploadGate, or is refused at once when there is none.
 */
function gatekeeper(ctx: AppContext, uploads: UploadGate, name: EndpointName, upload: boolean) {
  let admitted: Admitted | undefined;
  let release: (() => void) | null = null;
  return {
    admitted: () => admitted,
    async admit(token: string | undefined): Promise<Admitted> {
      if (admitted) return admitted;
      const user = token ? await ctx.auth.resolve(token) : null;
      if (endpoints[name].auth && !user) throw new CallError(CODE.session, token ? 'err.session' : 'err.tokenMissing');
      if (!mayCall(name, user)) throw new CallError(CODE.forbidden, 'err.forbidden', { name });
      if (upload && user) {
        release = uploads.enter(user.id);
        if (!release) throw new CallError(CODE.tooMany, 'err.uploadsBusy', { perUser: ctx.settings.uploadsPerUser, inAll: ctx.settings.uploadsInAll });
      }
      admitted = { user, token };
      return admitted;
    },
    release: () => release?.(),
  };
}
type Gatekeeper = ReturnType<typeof gatekeeper>;

/** A file's name as a message shows it. */
function fileLabel(filename: string): string {
  try {
    return safeFileName(filename || 'file');
  } catch {
    return 'file';
  }
}

/** A file part's bytes, refused (code 413) the moment it passes the per-file limit or what is left of the upload's. */
function readFilePart(part: MultipartFile, room: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const refuse = (error: CallError) => {
      // no more of it is read: the reply closes the connection
      part.file.pause();
      reject(error);
    };
    const fileTooLarge = () => refuse(new CallError(CODE.tooLarge, 'err.fileTooLarge', { file: fileLabel(part.filename), limit: MAX_STRATEGY_FILE_LABEL }));
    part.file.on('limit', fileTooLarge);
    part.file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) refuse(new CallError(CODE.tooLarge, 'err.uploadTooLarge', { limit: MAX_UPLOAD_LABEL }));
      else chunks.push(chunk);
    });
    part.file.on('end', () => (part.file.truncated ? fileTooLarge() : resolve(Buffer.concat(chunks))));
    part.file.on('error', reject);
  });
}

/** Multipart fields and files, admitting the caller at its token field or at the first file, whichever comes first. */
async function readParts(request: FastifyRequest, keeper: Gatekeeper, takesFiles: boolean, payload: Payload, files: UploadedFile[]): Promise<void> {
  let room = MAX_UPLOAD_BYTES;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw new CallError(CODE.tooLarge, 'err.bodyTooLarge');
      payload[part.fieldname] = part.value;
      if (part.fieldname === 'token') await keeper.admit(tokenOf(payload));
      continue;
    }
    await keeper.admit(undefined);
    if (!takesFiles) throw new CallError(CODE.unsupportedMedia, 'err.unsupportedMedia');
    const data = await readFilePart(part, room);
    room -= data.length;
    files.push({ field: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype, data, truncated: part.file.truncated });
  }
}

/** Query first, then the body (JSON, urlencoded form or multipart fields and files) on top. */
async function readPayload(request: FastifyRequest, keeper: Gatekeeper, takesFiles: boolean): Promise<{ payload: Payload; files: UploadedFile[] }> {
  const payload: Payload = Object.create(null) as Payload;
  const files: UploadedFile[] = [];
  const query = request.query;
  if (query && typeof query === 'object') Object.assign(payload, query);
  if (request.isMultipart()) {
    await readParts(request, keeper, takesFiles, payload, files);
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(payload, request.body);
  }
  return { payload, files };
}

/** Errors that escape a handler or a body parser, as an envelope in the caller's language. */
export function errorEnvelope(error: unknown, lang: Lang): Envelope {
  const t = translate(lang);
  if (error instanceof CallError) return envelope(error.code, t(error.key, error.params));
  if (error instanceof MarketError) return envelope(CODE.badRequest, t(error.key, error.params));
  const { code, statusCode, message: detail } = (error ?? {}) as { code?: string; statusCode?: number; message?: string };
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return envelope(CODE.tooLarge, t('err.tooManyParts'));
  if (statusCode === 413) return envelope(CODE.tooLarge, t('err.bodyTooLarge'));
  if (statusCode === 415) return envelope(CODE.unsupportedMedia, t('err.unsupportedMedia'));
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return envelope(CODE.badRequest, t('err.badJson'));
  if (statusCode === 400) return envelope(CODE.badRequest, t('err.badRequest', { detail: detail ?? '' }));
  console.error('[server] internal error:', error);
  return envelope(CODE.internal, t('err.internal'));
}

/**
 * Registers every entry of the contract table. Each call: read the payload, check the token when
 * the endpoint needs one (code 3 otherwise), then run its handler, or answer 501 when its area has
 * not landed yet. Always HTTP 200: the envelope's code says what happened.
 */
export function registerRoutes(app: FastifyInstance, ctx: AppContext, handlers: HandlerMap, uploads: UploadGate): void {
  for (const name of endpointNames) {
    const endpoint = endpoints[name];
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const lang = langOf(request.headers['accept-language']);
        reply.code(200);
        try {
          return await runCall(ctx, handlers, uploads, name, request, lang);
        } catch (error) {
          return errorEnvelope(error, lang);
        } finally {
          // answered before the whole body came (refused): the connection ends after the reply, once the client lets go
          if (request.isMultipart() && !request.raw.complete) {
            reply.header('connection', 'close');
            lingerAfterAnswer(request.raw);
          }
        }
      },
    });
  }
}

/** How long a refused upload's client may go on sending after its answer (real time: it waits on the network, not on the server's clock). */
const LINGER_MS = 3000;

/**
 * Closing a connection while the client is still sending makes the kernel reset it, and the client may lose the
 * answer it had not read yet: a network error instead of the refusal's message. So, as nginx's lingering close: after
 * the answer, end our side, drop what still comes, and close when the client ends its side or after LINGER_MS.
 * Node's HTTP server ends a `connection: close` socket by its `destroySoon`.
 */
function lingerAfterAnswer(request: IncomingMessage): void {
  const { socket } = request;
  socket.destroySoon = () => {
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', close);
    // the upload's parser has let go of the body: what still comes is read and dropped
    request.removeAllListeners('data');
    request.resume();
    socket.end();
  };
}

async function runCall(ctx: AppContext, handlers: HandlerMap, uploads: UploadGate, name: EndpointName, request: FastifyRequest, lang: Lang): Promise<Envelope> {
  const t = translate(lang);
  const takesFiles = endpoints[name].encoding === 'multipart';
  const keeper = gatekeeper(ctx, uploads, name, takesFiles && request.isMultipart());
  try {
    const early = tokenBeforeBody(request);
    if (request.isMultipart()) {
      if (early) await keeper.admit(early);
      if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) throw new CallError(CODE.tooLarge, 'err.uploadTooLarge', { limit: MAX_UPLOAD_LABEL });
    }
    const { payload, files } = await readPayload(request, keeper, takesFiles);
    const { user, token } = await keeper.admit(bearerToken(request.headers.authorization) ?? tokenOf(payload));
    // the table is typed call by call; here one name's handler meets that name's call
    const handler = handlers[name] as Handler | undefined;
    if (!handler) return envelope(CODE.notImplemented, t('err.notImplemented', { name }));
    const call: CallContext = {
      app: ctx,
      name,
      payload,
      files,
      user,
      token,
      address: request.ip,
      lang,
      t,
      ok: (data = null, info, extra) => envelope(CODE.ok, info ? t(info) : 'ok', data, extra),
    };
    return await handler(call);
  } finally {
    keeper.release();
  }
}

/** Unknown calls: the console's index.html for a browser navigation, else a readable 404 envelope. */
export function registerFallback(app: FastifyInstance, staticDir: string | null): void {
  app.setNotFoundHandler((request, reply) => {
    const lang = langOf(request.headers['accept-language']);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && String(request.headers.accept ?? '').includes('text/html');
    if (staticDir && wantsPage) return reply.code(200).type('text/html; charset=utf-8').sendFile('index.html');
    const call = `${request.method} ${request.url.split('?')[0]}`;
    return reply.code(200).send(envelope(CODE.notFound, message(lang, 'err.unknownCall', { call })));
  });
  app.setErrorHandler((error, request, reply) => {
    reply.code(200).send(errorEnvelope(error, langOf(request.headers['accept-language'])));
  });
}
