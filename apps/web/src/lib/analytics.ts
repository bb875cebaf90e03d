import { analyticsRoutes } from '@tillbook/contract/route-refs';
import { call } from './api-client';

/** A product analytics sink. The default records events through the product's own API. */
export interface Analytics {
  identify(userId: string, traits?: Record<string, string | number | boolean | null>): void;
  track(name: string, properties?: Record<string, string | number | boolean | null>): void;
}

/**
 * Sends events to `POST /events` (stored as rows of the product's database). Failures are
 * ignored: analytics must never get in a merchant's way. The user is identified by id, never by
 * the session token, which is a secret.
 */
export const apiAnalytics: Analytics = {
  identify(userId, traits) {
    void call(analyticsRoutes.track, {
      body: { name: 'identify', properties: { user_id: userId, ...traits } },
    }).catch(() => null);
  },
  track(name, properties) {
    void call(analyticsRoutes.track, { body: { name, properties } }).catch(() => null);
  },
};

let sink: Analytics = apiAnalytics;

/** Replaces the sink (a third-party service when configured, a recorder in tests). */
export function setAnalytics(next: Analytics): void {
  sink = next;
}

export const analytics: Analytics = {
  identify: (userId, traits) => sink.identify(userId, traits),
  track: (name, properties) => sink.track(name, properties),
};
