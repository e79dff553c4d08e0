/**
 * The name a recording's transcript shows for each line's speaker: the name the owner gave that
 * speaker; else the name the member went by when they said it (their stream's display name or
 * the timeline's joins and renames; the first known one for a line before any); else
 * "Speaker N", numbered by first appearance among the speakers with no name at all.
 */

export interface NamedAt {
  userId: number;
  name: string;
  /** Server time (ms) from which the member went by this name. */
  at: number;
}

export interface LineSpeaker {
  speakerId: number;
  /** Milliseconds from the start of the recording. */
  startTime: number;
}

export function speakerNamesFor(
  lines: readonly LineSpeaker[],
  given: ReadonlyMap<number, string>,
  /** Sorted by `at`. */
  memberNames: readonly NamedAt[],
  recordingStart: number,
  numbered: (n: number) => string,
): string[] {
  const byUser = new Map<number, NamedAt[]>();
  for (const named of memberNames) {
    const list = byUser.get(named.userId) ?? [];
    list.push(named);
    byUser.set(named.userId, list);
  }
  const numbers = new Map<number, number>();
  return lines.map((line) => {
    const name = given.get(line.speakerId);
    if (name) return name;
    const known = line.speakerId === 0 ? undefined : byUser.get(line.speakerId);
    if (known?.length) {
      const at = recordingStart + line.startTime;
      let current = known[0]!;
      for (const named of known) if (named.at <= at) current = named;
      return current.name;
    }
    let n = numbers.get(line.speakerId);
    if (n === undefined) numbers.set(line.speakerId, (n = numbers.size + 1));
    return numbered(n);
  });
}
