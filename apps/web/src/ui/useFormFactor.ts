/**
 * The screen's shape (issue 28): whether this is a phone — the meeting room has a design of its
 * own for one — and which way it is held. A phone is a touch screen (a coarse pointer, or a
 * mobile user agent) whose short side is under 600 CSS px: a phone held either way, not a
 * tablet, and never a desktop window made narrow. Both follow resizes and rotations.
 */
import { useSyncExternalStore } from 'react';
import { parseUserAgent } from '@meet/shared';

export type FormFactor = 'phone' | 'desktop';
export type Orientation = 'portrait' | 'landscape';

/** The shortest side of a tablet in CSS px (a 7-inch one is 600); phones stay under it. */
export const PHONE_MAX_SHORT_SIDE = 600;

export interface ScreenFacts {
  coarsePointer: boolean;
  mobileAgent: boolean;
  width: number;
  height: number;
}

export function formFactorOf(s: ScreenFacts): FormFactor {
  const touch = s.coarsePointer || s.mobileAgent;
  return touch && Math.min(s.width, s.height) < PHONE_MAX_SHORT_SIDE ? 'phone' : 'desktop';
}

export function orientationOf(width: number, height: number): Orientation {
  return width > height ? 'landscape' : 'portrait';
}

function screenFacts(): ScreenFacts {
  return {
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    mobileAgent: parseUserAgent(navigator.userAgent).mobile,
    width: window.innerWidth,
    height: window.innerHeight,
  };
}

function subscribe(onChange: () => void): () => void {
  // A rotation fires resize too; orientationchange comes first on older iOS.
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

export function useFormFactor(): FormFactor {
  return useSyncExternalStore(
    subscribe,
    () => formFactorOf(screenFacts()),
    () => 'desktop',
  );
}

export function useOrientation(): Orientation {
  return useSyncExternalStore(
    subscribe,
    () => orientationOf(window.innerWidth, window.innerHeight),
    () => 'portrait',
  );
}

/**
 * Whether a screen can be shared from here: never from a phone (its browser has no screen
 * capture, or one that shares only itself), and not where `getDisplayMedia` is missing.
 */
export function canShareScreen(formFactor: FormFactor): boolean {
  return (
    formFactor === 'desktop' &&
    typeof globalThis.navigator?.mediaDevices?.getDisplayMedia === 'function'
  );
}
