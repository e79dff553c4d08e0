/**
 * What the product's own modules tell the metrics (ops/metrics.ts) without knowing of them:
 * named `node:diagnostics_channel` channels. Publishing costs nothing while nobody subscribes
 * (no METRICS_PORT), and no module holds a registry.
 */
import { channel } from 'node:diagnostics_channel';

export interface OpsEvents {
  /** A recording's composition finished (or failed), and how long it took. */
  recordingComposed: { seconds: number; outcome: 'ready' | 'failed' };
  /** A try of a background job threw. */
  jobFailed: { queue: string };
  /** A spoken utterance went without captions: recognition failed, or a new one cut it off. */
  utteranceDropped: { reason: 'failed' };
  /** AI credits were taken from a balance (captions, Magic Cam, …). */
  creditsCharged: { credits: number; reason: string };
  /** A background task's promise rejected with nothing to handle it (ops/unhandled.ts). */
  unhandledRejection: Record<string, never>;
}

export type OpsEventName = keyof OpsEvents;

const channels = new Map<OpsEventName, ReturnType<typeof channel>>();

function channelOf(name: OpsEventName) {
  let found = channels.get(name);
  if (!found) {
    found = channel(`meet:${name}`);
    channels.set(name, found);
  }
  return found;
}

export function publishOps<K extends OpsEventName>(name: K, event: OpsEvents[K]): void {
  const target = channelOf(name);
  if (target.hasSubscribers) target.publish(event);
}

/** Listens to one kind of event; returns the unsubscribe. */
export function subscribeOps<K extends OpsEventName>(
  name: K,
  listener: (event: OpsEvents[K]) => void,
): () => void {
  const target = channelOf(name);
  const handler = (message: unknown) => listener(message as OpsEvents[K]);
  target.subscribe(handler);
  return () => target.unsubscribe(handler);
}
