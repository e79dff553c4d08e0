/**
 * Who the automatic speaker view puts in the main window (issue 30), as Meet does: never me
 * (I see myself in the strip), and a speaker holds it at least 2 s, so two people talking over
 * each other do not flip the stage back and forth. Before anyone has spoken, or once the held
 * speaker has left, the first other member in member order takes it. Pure: `nextHeld` is
 * called with the time; the hook re-renders when a waiting switch falls due.
 */
import { useEffect, useReducer, useRef } from 'react';

export const SPEAKER_HOLD_MS = 2000;

export interface Held {
  id: string | null;
  since: number;
}

export interface HeldContext {
  meId: string;
  present: ReadonlySet<string>;
  /** Everyone but me, in member order. */
  others: readonly string[];
}

export function nextHeld(
  held: Held,
  speaker: string | null,
  ctx: HeldContext,
  now: number,
): { held: Held; recheckIn: number | null } {
  const valid = (id: string | null): id is string => !!id && id !== ctx.meId && ctx.present.has(id);
  if (!valid(held.id)) {
    const id = valid(speaker) ? speaker : (ctx.others[0] ?? null);
    return { held: id === held.id ? held : { id, since: now }, recheckIn: null };
  }
  if (!valid(speaker) || speaker === held.id) return { held, recheckIn: null };
  const elapsed = now - held.since;
  if (elapsed >= SPEAKER_HOLD_MS) return { held: { id: speaker, since: now }, recheckIn: null };
  return { held, recheckIn: SPEAKER_HOLD_MS - elapsed };
}

/** The speaker the main window shows now, following `nextHeld` over time. */
export function useHeldSpeaker(speaker: string | null, ctx: HeldContext): string | null {
  const ref = useRef<Held>({ id: null, since: 0 });
  const [tick, recheck] = useReducer((n: number) => n + 1, 0);
  const step = nextHeld(ref.current, speaker, ctx, Date.now());
  ref.current = step.held;
  const wait = step.recheckIn;
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(recheck, wait);
    return () => clearTimeout(timer);
  }, [wait, speaker, tick]);
  return step.held.id;
}
