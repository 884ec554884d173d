import { identityInternal, pathOf } from '@tullab/contracts';
import { openVerificationReceipt } from '@tullab/events';
import { signIdentity, type Caller } from '@tullab/http';
import { fromUpstreamError } from '../upstreams/errors';
import { UpstreamError, type JsonAnswer } from '../upstreams/upstreams';
import type { ForwardDeps } from './deps';

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
      path: pathOf(identityInternal.routes.acceptVerificationReceipt),
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

/**
 * Whether identity's answer to a receipt replaces the service's (decision 002). A receipt that makes the student
 * `active` is a verification that succeeded: identity rotates the session, and the client must get its answer (the
 * user and the new `sid`), or its error. Any other receipt (`pending`: a document now waiting for staff) only brings
 * identity up to date before the client can ask again: the service's answer is the client's, and when identity
 * cannot take the receipt the event brings the status a moment later. A receipt the gateway cannot open is handed
 * over as the first kind, so the client gets identity's refusal.
 */
export function receiptReplacesAnswer(internalSecret: string, receipt: string): boolean {
  const change = openVerificationReceipt(internalSecret, receipt);
  return !change || change.status === 'active';
}
