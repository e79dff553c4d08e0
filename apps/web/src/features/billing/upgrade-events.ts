/**
 * How any part of the app asks for the upgrade dialog (SPEC.md section 4): an event with the
 * channel it came from and whether payment opens in a new tab (in a meeting, so the meeting
 * stays open). The billing host listens; nothing else needs to hold the dialog.
 */
export interface UpgradeRequest {
  /** Where the upgrade was asked for: avatarMenu, sidebar, or the refused feature's key. */
  channel: string;
  /** Open the payment page in a new tab and wait there, instead of leaving this page. */
  newTab: boolean;
}

const EVENT = 'meet:upgrade';

export function openUpgrade(request: UpgradeRequest): void {
  window.dispatchEvent(new CustomEvent<UpgradeRequest>(EVENT, { detail: request }));
}

export function onUpgrade(listener: (request: UpgradeRequest) => void): () => void {
  const handle = (event: Event) => {
    const detail = (event as CustomEvent<Partial<UpgradeRequest> | null>).detail;
    listener({
      channel: typeof detail?.channel === 'string' ? detail.channel : 'unknown',
      newTab: detail?.newTab === true,
    });
  };
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}

/** Server refusals that mean "this is a Pro feature": they open the upgrade prompt. */
export const PRO_REFUSALS: ReadonlySet<string> = new Set(['videoRecordPro']);
