import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ACTIVITY_BATCH_MAX, activityEvent, addToOutbox, type ActivityEvent } from '@tullab/events';
import { HttpError, type Logger } from '@tullab/http';
import { listedOfferIds } from '../offers/service';

const trackingUnavailable = () =>
  new HttpError(503, 'Tracking is unavailable right now. Please try again later.');

interface Waiting {
  event: ActivityEvent;
  stored(): void;
  refused(err: HttpError): void;
}

export interface IngestLimits {
  /** the most calls one transaction stores */
  maxBatch: number;
  /** the most calls waiting for a transaction */
  maxWaiting: number;
  /** a transaction starts at least this long after the previous one started (when idle, a call is stored at once) */
  minIntervalMs: number;
}

/** The ingest's sizes (decision 004). */
const DEFAULT_LIMITS: IngestLimits = {
  maxBatch: ACTIVITY_BATCH_MAX,
  maxWaiting: 10 * ACTIVITY_BATCH_MAX,
  // at most 100 outbox rows and worker jobs a second, however fast the calls come
  minIntervalMs: 10,
};

/**
 * Group commit for tracking calls (decision 004). Calls wait in memory; one transaction at a time stores every call
 * that waited (up to `maxBatch`): one query finds which of their offers are listed, one outbox row
 * (`offer.activity_recorded`) holds the events of those. Then each call hears its own outcome: stored, 404 for an
 * offer that is not listed, or 503 for all of them when the transaction failed, so a call is answered 202 only once
 * its event is committed. An idle ingest stores a call at once; under load a batch is what arrived since the last
 * transaction started, which is at least `minIntervalMs` ago. Past `maxWaiting` waiting calls the database is not
 * keeping up, and new calls get 503 at once.
 */
export class ActivityIngest {
  private waiting: Waiting[] = [];
  private flushing = false;
  private lastStarted = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly log: Logger,
    private readonly limits: IngestLimits = DEFAULT_LIMITS,
  ) {}

  /** Resolves once the event is committed; rejects with 404 (offer not listed) or 503 (not stored, or no room). */
  record(event: Omit<ActivityEvent, 'id' | 'occurredAt'>): Promise<void> {
    // checked alone, so that a malformed event (a bug: its parts are validated or signed) fails by itself, not
    // everyone's batch
    const parsed = activityEvent.safeParse({
      ...event,
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
    });
    if (!parsed.success)
      return Promise.reject(new Error(`malformed tracking event: ${parsed.error.message}`));
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(trackingUnavailable());
    return new Promise((stored, refused) => {
      this.waiting.push({ event: parsed.data, stored, refused });
      if (this.flushing) return;
      this.flushing = true;
      // at least the calls that arrive in this turn of the event loop join the batch
      const pause = this.pause();
      if (pause > 0) setTimeout(() => void this.flush(), pause);
      else setImmediate(() => void this.flush());
    });
  }

  private pause(): number {
    return this.lastStarted + this.limits.minIntervalMs - Date.now();
  }

  private async flush(): Promise<void> {
    while (this.waiting.length) {
      this.lastStarted = Date.now();
      await this.store(this.waiting.splice(0, this.limits.maxBatch));
      const pause = this.pause();
      if (this.waiting.length && pause > 0) await new Promise((resume) => setTimeout(resume, pause));
    }
    this.flushing = false;
  }

  private async store(batch: Waiting[]): Promise<void> {
    let listed: Set<string>;
    try {
      listed = await this.em.fork().transactional(async (em) => {
        const ids = await listedOfferIds(em, [...new Set(batch.map((call) => call.event.offerId))]);
        const events = batch.map((call) => call.event).filter((event) => ids.has(event.offerId));
        if (events.length) addToOutbox(em, 'offer.activity_recorded', { events });
        return ids;
      });
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
