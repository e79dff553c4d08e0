/**
 * What the Magic Cam page and the room's Magic Cam tab say a minute costs (issue 31). AI credits
 * pay only for a server-side engine's minutes: the in-browser WebGL looks say they run in the
 * browser and use no credits; a streaming server names its price a minute; before a session
 * names its engine no price is guessed. Credits are the one unit shown.
 */
import type { MagicEngine } from '@meet/shared';
import type { TFunction } from '../../i18n/i18n';

export interface MagicPrice {
  engine: MagicEngine | null;
  /** Credits a minute, as the session's token said. */
  perMinute: number;
  balance: number | null;
}

/** True when nothing on the server works for the session, so no credits are used. */
export function magicIsFree({ engine, perMinute }: Pick<MagicPrice, 'engine' | 'perMinute'>) {
  return engine === 'webgl' || (engine !== null && perMinute === 0);
}

/** The price line of the Magic Cam page (magic-credits), with the balance when it is known. */
export function magicPriceText(t: TFunction, price: MagicPrice): string {
  const { engine, perMinute: credits, balance } = price;
  if (magicIsFree(price))
    return balance === null ? t('magic.page.free') : t('magic.page.freeBalance', { balance });
  if (engine === null)
    return balance === null ? t('magic.engine.unknown') : t('magic.page.balanceOnly', { balance });
  return balance === null
    ? t('magic.page.perMinute', { credits })
    : t('magic.page.perMinuteBalance', { credits, balance });
}

/**
 * The room's Magic Cam tab's price sentence (its balance is a line of its own): '' until the
 * session names its engine.
 */
export function magicCostText(t: TFunction, price: Omit<MagicPrice, 'balance'>): string {
  if (magicIsFree(price)) return t('magic.page.free');
  return price.engine ? t('room.magic.cost', { credits: price.perMinute }) : '';
}
