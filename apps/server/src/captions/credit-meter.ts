/**
 * Pays for the AI features of one meeting in AI credits: translation and interpretation are
 * charged to the meeting's creator (SPEC.md section 6) by the minute of speech they served,
 * each minute when it starts and only once — the ledger's charge key is the meeting, the feature
 * and the minute's number, so a retry, a second node or a restart never pays a minute twice.
 */
import { CREDITS_PER_MINUTE, type AiFeature } from '@meet/shared';
import type { ConferenceRow } from '../db/schema/index.js';
import type { CreditsRepository } from '../payments/credits-repository.js';

export class CreditMeter {
  /** Seconds of speech each feature served, and the minutes already paid. */
  private readonly metered: Record<AiFeature, { seconds: number; paid: number }> = {
    translate: { seconds: 0, paid: 0 },
    interpret: { seconds: 0, paid: 0 },
  };

  constructor(
    private readonly conf: Pick<ConferenceRow, 'id' | 'creatorId'>,
    private readonly credits: CreditsRepository,
    private readonly onOutOfCredits: (feature: AiFeature) => Promise<void>,
  ) {}

  /** What was already paid for the meeting (a restart picks up where it was). */
  async load(): Promise<void> {
    const usage = await this.credits.meetingUsage(this.conf.id);
    for (const feature of ['translate', 'interpret'] as const) {
      const minutes = usage.get(feature)?.minutes ?? 0;
      this.metered[feature] = { seconds: minutes * 60, paid: minutes };
    }
  }

  /**
   * Pays for `seconds` more of a feature; false when the creator's credits ran out (then the
   * feature stops and nothing more is charged).
   */
  async pay(feature: AiFeature, seconds: number): Promise<boolean> {
    const meter = this.metered[feature];
    const needed = Math.ceil((meter.seconds + seconds) / 60);
    while (meter.paid < needed) {
      const outcome = await this.credits.charge({
        userId: this.conf.creatorId,
        credits: CREDITS_PER_MINUTE[feature],
        reason: feature,
        conferenceId: this.conf.id,
        minutes: 1,
        chargeKey: `${feature}:${this.conf.id}:${meter.paid}`,
      });
      if (outcome === 'insufficient') {
        await this.onOutOfCredits(feature);
        return false;
      }
      meter.paid += 1;
    }
    meter.seconds += seconds;
    return true;
  }
}
