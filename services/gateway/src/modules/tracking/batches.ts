import { randomUUID } from 'node:crypto';
import {
  offersTracking,
  pathOf,
  TRACKING_BATCH_BYTES,
  TRACKING_BATCH_MAX,
  trackingBatchAnswer,
  type TrackingAnswer,
  type TrackingCall,
} from '@tullab/contracts';
import { HttpError, signIdentity } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { fromUnexpectedAnswer, fromUpstreamError, unavailable } from '../upstreams/errors';
import { UpstreamError, type Upstreams } from '../upstreams/upstreams';
import { visitor } from '../sessions/caller';

export interface TrackingBatchesDeps {
  upstreams: Upstreams;
  internalSecret: string;
  log: Logger;
  timeoutMs: number;
}

export interface BatchLimits {
  /** batches on their way to offers at once */
  maxInFlight: number;
  /** while a batch is on its way, the longest a call waits for more to join it before it leaves in another */
  lingerMs: number;
  /** calls waiting for a batch; past it offers is not keeping up, and new calls get 503 at once */
  maxWaiting: number;
}

const DEFAULT_LIMITS: BatchLimits = { maxInFlight: 4, lingerMs: 2, maxWaiting: 10 * TRACKING_BATCH_MAX };

/** The batch's own identity: the gateway itself, nobody's session (each call carries its caller's). */
const GATEWAY = visitor('gateway');

/** The bytes a call adds to a batch: its JSON as sent, and the comma before the next. */
const bytesOf = (call: TrackingCall) => Buffer.byteLength(JSON.stringify(call)) + 1;

const busy = () => new HttpError(503, 'Tracking is unavailable right now. Please try again later.');

interface Waiting {
  call: TrackingCall;
  /** performance.now() when it arrived */
  since: number;
  bytes: number;
  answered(answer: TrackingAnswer): void;
  failed(err: HttpError): void;
}

/**
 * Tracking calls on their way to offers, in batches (decision 006). When nothing is on its way, the calls of one
 * turn of the event loop leave at once; while batches are on their way, calls wait until one comes back, until a
 * full batch waits (TRACKING_BATCH_MAX calls or TRACKING_BATCH_BYTES), or for `lingerMs` at most, and then leave
 * together, up to `maxInFlight` batches at once. So batches grow with the load and a call waits a few milliseconds
 * at most before it leaves. Each call gets offers' answer to it; when offers cannot be reached or answers the batch
 * wrongly, every call of that batch gets the 502 (or 504) a single call would have had.
 */
export class TrackingBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lingering: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: TrackingBatchesDeps,
    private readonly limits: BatchLimits = DEFAULT_LIMITS,
  ) {}

  /** Offers' answer to the call; rejects with 502/504 (offers) or 503 (too many waiting). */
  submit(call: TrackingCall): Promise<TrackingAnswer> {
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(busy());
    return new Promise((answered, failed) => {
      this.waiting.push({ call, since: performance.now(), bytes: bytesOf(call), answered, failed });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.sendWhatWaits();
      });
    });
  }

  private sendWhatWaits(): void {
    while (this.waiting.length && this.inFlight < this.limits.maxInFlight) {
      const waited = performance.now() - this.waiting[0].since;
      if (this.inFlight > 0 && waited < this.limits.lingerMs && !this.fullBatchWaits()) {
        this.lingering ??= setTimeout(() => {
          this.lingering = null;
          this.sendWhatWaits();
        }, this.limits.lingerMs - waited);
        return;
      }
      void this.send(this.nextBatch());
    }
  }

  private fullBatchWaits(): boolean {
    if (this.waiting.length >= TRACKING_BATCH_MAX) return true;
    let bytes = 0;
    for (const waiting of this.waiting) if ((bytes += waiting.bytes) >= TRACKING_BATCH_BYTES) return true;
    return false;
  }

  private nextBatch(): Waiting[] {
    let count = 0;
    let bytes = 0;
    while (count < this.waiting.length && count < TRACKING_BATCH_MAX) {
      bytes += this.waiting[count].bytes;
      if (count > 0 && bytes > TRACKING_BATCH_BYTES) break;
      count++;
    }
    return this.waiting.splice(0, count);
  }

  private async send(batch: Waiting[]): Promise<void> {
    this.inFlight++;
    const offers = this.deps.upstreams.services.offers;
    // the batch's own request id (each call carries its caller's request's): offers logs the batch under it
    const batchId = randomUUID();
    try {
      const answer = await this.deps.upstreams.callJson(offers, {
        method: 'POST',
        path: pathOf(offersTracking.routes.batch),
        headers: { ...signIdentity(GATEWAY, this.deps.internalSecret, 'offers'), 'x-request-id': batchId },
        body: { calls: batch.map((waiting) => waiting.call) },
        timeoutMs: this.deps.timeoutMs,
      });
      if (answer.status === 503) throw fromUnexpectedAnswer(offers, answer.status);
      const parsed = answer.status === 200 ? trackingBatchAnswer.safeParse(answer.body) : null;
      if (!parsed?.success || parsed.data.answers.length !== batch.length)
        throw new Error(`offers answered a batch of ${batch.length} tracking calls with ${answer.status}`);
      batch.forEach((waiting, i) => waiting.answered(parsed.data.answers[i]));
    } catch (err) {
      this.deps.log.error({ err, batchId, calls: batch.length }, 'tracking calls not passed on');
      const refusal =
        err instanceof UpstreamError
          ? fromUpstreamError(err)
          : err instanceof HttpError
            ? err
            : unavailable(offers);
      for (const waiting of batch) waiting.failed(refusal);
    } finally {
      this.inFlight--;
      this.sendWhatWaits();
    }
  }
}
