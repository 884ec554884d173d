import { signIdentity, type Caller } from '@tullab/http';
import { fromUpstreamError } from './errors';
import type { ForwardDeps } from './forward';
import { UpstreamError, type JsonAnswer } from './upstreams';

const RECEIPTS_PATH = '/internal/verification-receipts';

export interface ReceiptHandOff {
  /** the sealed `x-tullab-verification-receipt` from the service's answer */
  receipt: string;
  /** the caller the service answered, so identity checks the receipt is theirs */
  caller: Caller;
  requestId: string;
}

/**
 * Decision 002: a service's answer that carries a verification receipt is not passed on. The receipt goes to
 * identity, signed with the same caller; identity applies the status and rotates the session, and its answer
 * (`200 { user }` with a new `sid`, or its error) is what the client gets. Identity unreachable → 502, silent → 504.
 */
export async function handOverReceipt(
  deps: Pick<ForwardDeps, 'upstreams' | 'internalSecret' | 'log' | 'timeoutMs'>,
  handOff: ReceiptHandOff,
): Promise<JsonAnswer> {
  const identity = deps.upstreams.services.identity;
  const reqId = handOff.requestId;
  try {
    const answer = await deps.upstreams.callJson(identity, {
      method: 'POST',
      path: RECEIPTS_PATH,
      headers: { ...signIdentity(handOff.caller, deps.internalSecret, 'identity'), 'x-request-id': reqId },
      body: { receipt: handOff.receipt },
      timeoutMs: deps.timeoutMs,
    });
    deps.log.info({ reqId, status: answer.status }, 'verification receipt handed to identity');
    return answer;
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    deps.log.error(
      { reqId, err: (err.cause as Error | undefined)?.message ?? err.message },
      'verification receipt not handed to identity',
    );
    throw fromUpstreamError(err);
  }
}
