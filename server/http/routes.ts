import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpointNames, endpoints, type EndpointName } from '../../src/api/endpoints';
import type { AppContext, CallContext, HandlerMap, UploadedFile } from '../context';
import { CallError, CODE, envelope, type Envelope } from './envelope';
import { langOf, message, type Lang, type MessageKey, type MessageParams } from './messages';
import { MAX_STRATEGY_FILE_BYTES } from '../handlers/strategies';
import { MarketError } from '../market/messages';
import type { Payload } from './validate';
import { mayCall } from './permissions';

/** Multipart limits: a file over the size limit is cut (not thrown) and its handler answers code 413. */
export const MULTIPART_OPTIONS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: MAX_STRATEGY_FILE_BYTES,
    files: 20,
    fields: 64,
    parts: 128,
    fieldSize: 1024 * 1024,
  },
};

const translate = (lang: Lang) => (key: MessageKey, params?: MessageParams) => message(lang, key, params);

/** Query first, then the body (JSON, urlencoded form or multipart fields and files) on top. */
async function readPayload(request: FastifyRequest): Promise<{ payload: Payload; files: UploadedFile[] }> {
  const payload: Payload = Object.create(null) as Payload;
  const files: UploadedFile[] = [];
  const query = request.query;
  if (query && typeof query === 'object') Object.assign(payload, query);
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype, data, truncated: part.file.truncated });
      } else {
        if (part.valueTruncated) throw new CallError(CODE.tooLarge, 'err.bodyTooLarge');
        payload[part.fieldname] = part.value;
      }
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(payload, request.body);
  }
  return { payload, files };
}

/** `Authorization: Bearer <token>`: how the console sends its token, out of every URL and log. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The session token of a call: the Authorization header, else the payload's `token` (spec §7's shape). */
const tokenOf = (request: FastifyRequest, payload: Payload): string | undefined => {
  const header = bearerToken(request.headers.authorization);
  if (header) return header;
  const token = Array.isArray(payload.token) ? payload.token[0] : payload.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

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
export function registerRoutes(app: FastifyInstance, ctx: AppContext, handlers: HandlerMap): void {
  for (const name of endpointNames) {
    const endpoint = endpoints[name];
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const lang = langOf(request.headers['accept-language']);
        reply.code(200);
        try {
          return await runCall(ctx, handlers, name, request, lang);
        } catch (error) {
          return errorEnvelope(error, lang);
        }
      },
    });
  }
}

async function runCall(ctx: AppContext, handlers: HandlerMap, name: EndpointName, request: FastifyRequest, lang: Lang): Promise<Envelope> {
  const t = translate(lang);
  const { payload, files } = await readPayload(request);
  const token = tokenOf(request, payload);
  const user = token ? await ctx.auth.resolve(token) : null;
  if (endpoints[name].auth && !user) return envelope(CODE.session, t(token ? 'err.session' : 'err.tokenMissing'));
  if (!mayCall(name, user)) return envelope(CODE.forbidden, t('err.forbidden', { name }));
  const handler = handlers[name];
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
  return handler(call);
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
