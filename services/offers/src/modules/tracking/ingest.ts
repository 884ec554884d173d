import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { storeInOutbox } from '@tullab/events';
import { ACTIVITY_BATCH_MAX, activityEvent, type ActivityEvent } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { listedOfferIds } from '../offers/listing';

const trackingUnavailable = () =>
  new HttpError(503, 'Tracking is unavailable right now. Please try again later.');

interface Waiting {
  event: ActivityEvent;
  stored(): void;
  refused(err: HttpError): void;
}

export interface IngestLimits {
  /** the most calls one store takes */
  maxBatch: number;
  /** the most calls waiting to be stored */
  maxWaiting: number;
  /** the most stores at once */
  maxConcurrent: number;
  /** a store starts at least this long after the previous one started (when idle, a call is stored at once) */
  minIntervalMs: number;
}

/** The ingest's sizes (decision 004). */
const DEFAULT_LIMITS: IngestLimits = {
  maxBatch: ACTIVITY_BATCH_MAX,
  maxWaiting: 10 * ACTIVITY_BATCH_MAX,
  maxConcurrent: 2,
  // at most 200 outbox rows and worker jobs a second, however fast the calls come
  minIntervalMs: 5,
};

/**
 * Group commit for tracking calls (decisions 004 and 006). Calls wait in memory; a store takes every call that waited
 * (up to `maxBatch`): one query finds which of their offers are listed, one insert of one outbox row
 * (`offer.activity_recorded`) holds the events of those. Then each call hears its own outcome: stored, 404 for an
 * offer that is not listed, or 503 for all of them when the insert failed, so a call is answered 202 only once its
 * event is committed. An idle ingest stores a call at once; under load a store starts when fewer than
 * `maxConcurrent` run and the last one started at least `minIntervalMs` ago, and takes what arrived meanwhile. Past
 * `maxWaiting` waiting calls the database is not keeping up, and new calls get 503 at once.
 */
export class ActivityIngest {
  private waiting: Waiting[] = [];
  private running = 0;
  private lastStarted = 0;
  private scheduled = false;

  constructor(
    private readonly em: EntityManager,
    private readonly log: Logger,
    private readonly limits: IngestLimits = DEFAULT_LIMITS,
  ) {}

  /**
   * Gives the event an id; resolves once it is committed; rejects with 404 (offer not listed) or 503 (not stored, or
   * no room).
   */
  record(event: Omit<ActivityEvent, 'id'>): Promise<void> {
    // checked alone, so that a malformed event (a bug: its parts are validated or signed) fails by itself, not
    // everyone's batch
    const parsed = activityEvent.safeParse({ ...event, id: randomUUID() });
    if (!parsed.success)
      return Promise.reject(new Error(`malformed tracking event: ${parsed.error.message}`));
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(trackingUnavailable());
    return new Promise((stored, refused) => {
      this.waiting.push({ event: parsed.data, stored, refused });
      // at least the calls that arrive in this turn of the event loop join the batch
      this.schedule(Math.max(0, this.pause()));
    });
  }

  private pause(): number {
    return this.lastStarted + this.limits.minIntervalMs - Date.now();
  }

  private schedule(delayMs: number): void {
    if (this.scheduled || this.running >= this.limits.maxConcurrent) return;
    this.scheduled = true;
    const start = () => {
      this.scheduled = false;
      this.startWhatWaits();
    };
    if (delayMs > 0) setTimeout(start, delayMs);
    else setImmediate(start);
  }

  private startWhatWaits(): void {
    if (!this.waiting.length || this.running >= this.limits.maxConcurrent) return;
    const pause = this.pause();
    if (pause > 0) return this.schedule(pause);
    this.lastStarted = Date.now();
    this.running++;
    void this.store(this.waiting.splice(0, this.limits.maxBatch)).finally(() => {
      this.running--;
      this.startWhatWaits();
    });
    if (this.waiting.length) this.schedule(Math.max(0, this.pause()));
  }

  private async store(batch: Waiting[]): Promise<void> {
    let listed: Set<string>;
    try {
      // no transaction: the check and the one insert that stores the batch are a statement each
      const em = this.em.fork();
      listed = await listedOfferIds(em, [...new Set(batch.map((call) => call.event.offerId))]);
      const events = batch.map((call) => call.event).filter((event) => listed.has(event.offerId));
      if (events.length) await storeInOutbox(em, 'offer.activity_recorded', { events });
    } catch (err) {
      this.log.error({ err, events: batch.length }, 'tracking events not stored');
      for (const call of batch) call.refused(trackingUnavailable());
      return;
    }
    for (const call of batch) {
      if (listed.has(call.event.offerId)) call.stored();
      else call.refused(new HttpError(404, 'Offer not found'));
    }
  }
}
