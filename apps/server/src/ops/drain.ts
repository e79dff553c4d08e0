/**
 * Draining a node that was asked to stop (SIGTERM): /readyz answers 503 so load balancers send
 * nobody new, meetings not already running here are refused (alone) or placed on another media
 * node (cluster), and the meetings running here go on for DRAIN_SECONDS — less when they all
 * end or a second signal comes. Only then does the server close as before (server.ts).
 */
export type DrainEnd = 'timeout' | 'meetingsEnded' | 'signal';

export interface DrainOptions {
  seconds: number;
  /** Meetings live on this node now. */
  liveMeetings: () => number;
  /** Runs once when the drain starts (the cluster stops placing meetings here). */
  onStart?: () => Promise<void>;
}

/** How often the live meetings are counted while draining. */
const CHECK_MS = 250;

export class Drain {
  private started = false;
  private cut: (() => void) | undefined;

  /** Set from the first signal on: readiness fails and new meetings go elsewhere. */
  get draining(): boolean {
    return this.started;
  }

  /**
   * Drains, resolving with why it ended. Meetings that were live when it began ending early
   * ends it; with none at all it lasts the full time, so load balancers see /readyz fail
   * before the listener goes away.
   */
  async run(options: DrainOptions): Promise<DrainEnd> {
    if (this.started) throw new Error('the node is already draining');
    this.started = true;
    await options.onStart?.();
    const hadMeetings = options.liveMeetings() > 0;
    return new Promise<DrainEnd>((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const end = (why: DrainEnd) => {
        for (const timer of timers) clearTimeout(timer);
        this.cut = undefined;
        resolve(why);
      };
      this.cut = () => end('signal');
      timers.push(setTimeout(() => end('timeout'), options.seconds * 1000));
      timers.push(
        setInterval(() => {
          if (hadMeetings && options.liveMeetings() === 0) end('meetingsEnded');
        }, CHECK_MS),
      );
    });
  }

  /** A second signal: the drain ends now (no-op when not draining). */
  stop(): void {
    this.cut?.();
  }
}

/**
 * A node alone refuses, while draining, a meeting not running on it already (in a cluster the
 * meeting is placed on another media node instead: ClusterNodes.drain).
 */
export function refusesNewMeeting(
  services: { drain: Drain; cluster: unknown; rooms: { room(id: string): unknown } | undefined },
  conferenceId: string,
): boolean {
  return services.drain.draining && !services.cluster && !services.rooms?.room(conferenceId);
}
