/**
 * Magic Cam's refusal to start (magic-cam.ts throws it, the tabs name it): a module of its own, so
 * the room knows it without fetching Magic Cam's code, which comes the first time it is used.
 */
/** Why Magic Cam did not start (nothing was charged); `key` is in the shared error catalogue. */
export class MagicRefusal extends Error {
  constructor(readonly key: 'magicPromptUnknown' | 'magicNoCamera' | 'magicUnavailable') {
    super(key);
    this.name = 'MagicRefusal';
  }
}
