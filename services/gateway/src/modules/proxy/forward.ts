import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import { VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { HttpError, pathOf, signIdentity, type Caller } from '@tullab/http';
import { forgetSession } from '../sessions/resolver';
import { SET_COOKIE_HEADER } from '../sessions/cookies';
import { timedOut, unavailable } from '../upstreams/errors';
import type { ServiceName, Upstream } from '../upstreams/upstreams';
import { writeCookieRequests } from './cookie-requests';
import type { ForwardDeps } from './deps';
import { answerHeaders, providerSetCookies, upstreamRequestHeaders } from './headers';
import { handOverReceipt, receiptReplacesAnswer } from './receipts';

/**
 * Each service is trusted only with what it must do: only identity's answers may ask for cookies, and only
 * verification's may carry a verification receipt. The same request from another service is logged and ignored, so
 * a service that is taken over cannot sign a client in as anyone, nor change a verification status.
 */
const COOKIE_SETTER: ServiceName = 'identity';
const RECEIPT_ISSUER: ServiceName = 'verification';

export interface ForwardOptions {
  upstream: Upstream;
  /** path on the service with its query string */
  path: string;
  caller: Caller;
  /** the most body bytes passed on; null = the request has no body to pass on */
  bodyLimit: number | null;
  /** more headers for the service (e.g. `x-tullab-pwreset`) */
  headers?: Record<string, string>;
  /** identity's OpenID Connect provider answers: its own cookies pass to the client (decision 019) */
  providerCookies?: boolean;
}

const SAFE_TO_RETRY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Streams the request to the service and its answer back (status, headers and body unchanged, except the
 * hop-by-hop headers, the other `x-tullab-*` ones, and identity's `x-tullab-set-cookie`, which becomes Set-Cookie).
 * An answer of verification's with a verification receipt waits until identity has the receipt, and for a receipt
 * that makes the student `active` the client gets identity's answer instead (decision 002). Settles once the client
 * has its answer. Rejects with an HttpError only while nothing has been sent yet (502 unreachable, 504 silent for
 * `timeoutMs`, 413 too many body bytes); after that a failure can only cut the connection.
 */
export function forward(
  deps: ForwardDeps,
  req: Request,
  res: Response,
  options: ForwardOptions,
): Promise<void> {
  // The client left while its session was being resolved: do not start the call at all.
  if (req.socket.destroyed) return Promise.resolve();
  const { upstream } = options;
  const withBody = options.bodyLimit !== null;
  const requestId = String(res.getHeader('x-request-id') ?? '');
  const baseHeaders = upstreamRequestHeaders(req, withBody, {
    ...options.headers,
    ...signIdentity(options.caller, deps.internalSecret, upstream.name),
    'x-request-id': requestId,
  });
  // the path alone: a query string may name a person (a staff search, S34)
  const logContext = {
    reqId: requestId,
    upstream: upstream.name,
    method: req.method,
    path: pathOf(options.path),
  };

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let responded = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err && !res.headersSent) reject(err);
      else {
        if (err) res.destroy();
        resolve();
      }
    };
    const onTimeout = () => {
      // Still receiving the client's body: the client is slow, not the service; bodyDeadline deals with that.
      if (withBody && !bodyEnded && !responded) return void timer.refresh();
      deps.log.error({ ...logContext, timeoutMs: deps.timeoutMs }, 'service did not answer in time');
      current.destroy();
      if (responded) res.destroy();
      settle(timedOut(upstream));
    };
    let timer = setTimeout(onTimeout, deps.timeoutMs);

    // The client went away (or the answer was cut): stop the service's work on it.
    res.on('close', () => {
      if (!res.writableFinished) current.destroy();
      settle();
    });

    const start = (retry: boolean) => {
      const upstreamReq = deps.upstreams.request(upstream, req.method, options.path, baseHeaders);
      upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
        if (settled) return;
        if (responded) {
          // The service answered and stopped reading the rest of the body: drop the rest.
          stopBody();
          return;
        }
        if (retry && upstreamReq.reusedSocket && err.code === 'ECONNRESET') {
          current = start(false);
          return;
        }
        deps.log.error({ ...logContext, err: err.message }, 'service unavailable');
        settle(unavailable(upstream));
      });
      upstreamReq.on('response', (upstreamRes) => onResponse(upstreamRes));
      if (!withBody) upstreamReq.end();
      return upstreamReq;
    };

    const onResponse = (upstreamRes: IncomingMessage) => {
      if (settled) return upstreamRes.destroy();
      responded = true;
      const receipt = upstreamRes.headers[VERIFICATION_RECEIPT_HEADER];
      if (typeof receipt === 'string' && upstream.name === RECEIPT_ISSUER)
        return receiptReplacesAnswer(deps.internalSecret, receipt)
          ? handOver(upstreamRes, receipt)
          : catchUpThenPassOn(upstreamRes, receipt);
      if (receipt !== undefined)
        deps.log.error(logContext, 'ignored a verification receipt from a service that may not give one');
      passOn(upstreamRes);
    };

    const passOn = (upstreamRes: IncomingMessage) => {
      timer.refresh();
      for (const [name, values] of Object.entries(answerHeaders(upstreamRes)))
        res.setHeader(name, values.length === 1 ? values[0] : values);
      if (options.providerCookies && upstream.name === COOKIE_SETTER) {
        const kept = providerSetCookies(upstreamRes);
        if (kept.length > 0) res.appendHeader('Set-Cookie', kept);
      }
      const cookieRequests = upstreamRes.headers[SET_COOKIE_HEADER];
      if (upstream.name === COOKIE_SETTER) writeCookieRequests(req, res, cookieRequests, deps, logContext);
      else if (cookieRequests !== undefined)
        deps.log.error(logContext, 'ignored x-tullab-set-cookie from a service that may not set cookies');
      res.writeHead(upstreamRes.statusCode ?? 502);
      upstreamRes.on('data', () => timer.refresh());
      // pipeline alone adds seven 'close' listeners to the answer; with the request log's, compression's and ours
      // that passes Node's default warning mark of ten, without any leak
      res.setMaxListeners(20);
      pipeline(upstreamRes, res, (err) => {
        if (err && !res.writableFinished) {
          // The client hanging up is not a fault of ours; the service breaking off its answer is.
          const clientLeft = req.destroyed || res.destroyed;
          if (clientLeft)
            deps.log.info({ ...logContext, err: err.message }, 'client left before the answer ended');
          else deps.log.error({ ...logContext, err: err.message }, 'answer cut off');
          res.destroy();
        }
        settle();
      });
    };

    // The service's answer is only drained; identity's call has a timeout of its own.
    const handOver = (upstreamRes: IncomingMessage, receipt: string) => {
      clearTimeout(timer);
      upstreamRes.resume();
      handOverReceipt(deps, { receipt, caller: options.caller, requestId })
        .then((answer) => {
          if (settled) return;
          writeCookieRequests(req, res, answer.headers[SET_COOKIE_HEADER], deps, logContext);
          res.status(answer.status).json(answer.body);
          settle();
        })
        .catch(settle);
    };

    // The service's answer waits, unread, until identity has the receipt; then it goes to the client as usual.
    const catchUpThenPassOn = (upstreamRes: IncomingMessage, receipt: string) => {
      clearTimeout(timer);
      handOverReceipt(deps, { receipt, caller: options.caller, requestId })
        .then((answer) => {
          if (answer.status >= 300)
            deps.log.error(
              { ...logContext, status: answer.status },
              'identity refused a verification receipt; the event brings the status',
            );
          else if (!settled) {
            // identity's broadcast drops the session on every gateway; this one forgets it before its next request
            forgetSession(deps, req);
            writeCookieRequests(req, res, answer.headers[SET_COOKIE_HEADER], deps, logContext);
          }
        })
        .catch((err: Error) =>
          deps.log.error(
            { ...logContext, err: err.message },
            'verification receipt not handed over; the event brings the status',
          ),
        )
        .then(() => {
          if (settled) return;
          timer = setTimeout(onTimeout, deps.timeoutMs);
          passOn(upstreamRes);
        })
        .catch(settle);
    };

    let current = start(withBody ? false : SAFE_TO_RETRY.has(req.method));

    // The body: passed on chunk by chunk with back-pressure, counting bytes against the limit.
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      timer.refresh();
      if (options.bodyLimit !== null && received > options.bodyLimit) {
        deps.log.warn({ ...logContext, limit: options.bodyLimit }, 'request body too large');
        stopBody();
        current.destroy();
        if (responded) res.destroy();
        settle(new HttpError(413, 'Request body is too large'));
        return;
      }
      if (!current.write(chunk)) req.pause();
    };
    const onDrain = () => req.resume();
    let bodyEnded = false;
    const onEnd = () => {
      bodyEnded = true;
      timer.refresh();
      current.end();
    };
    // The client aborted its upload: nothing to answer, and the service's half-received call is cut.
    const onClientError = () => {
      settle();
      current.destroy();
    };
    function stopBody() {
      req.off('data', onData);
      req.off('end', onEnd);
      current.off('drain', onDrain);
      // Whatever the client still sends is read and dropped by Node once the answer is out.
      req.resume();
    }
    req.on('error', onClientError);
    if (withBody) {
      req.on('data', onData);
      req.on('end', onEnd);
      current.on('drain', onDrain);
    }
  });
}
