/**
 * A speaker's final lines as the readers and the transcript get them (issue 31: never lose speech
 * silently): in the order spoken, one after the other; an utterance late by more than ~2 s shows
 * as a pending line marked `delayed` until its text replaces it; one the engine could not
 * recognise becomes a final line with `recognized: false` and no words, shown as such, and is
 * stored in the meeting's transcript with its times and empty text (how the transcript marks it).
 */
import type { SubtitleMessage } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Engines } from '../engines/types.js';
import type { CaptionsRepository } from './captions-repository.js';
import type { SpeakerStream, Utterance } from './speaker-stream.js';

/** The speaker as the lines name them. */
interface Speaker {
  peerId: string;
  userId: number;
  name: string;
}

/** What the live room gives: how a line is stored and sent (room-captions.ts). */
export interface FinalLinesRoom {
  log: FastifyBaseLogger;
  /** Delivers a line to the readers of the moment. */
  send: (line: SubtitleMessage) => void;
  /** Stores a final line in the meeting's transcript ('' for speech not recognised). */
  store: (utterance: Utterance, text: string, endTime: number) => Promise<void>;
  /** A recognised final: translated, stored and sent. */
  final: (utterance: Utterance, text: string, endTime: number) => Promise<void>;
}

/** Where a meeting's final lines are stored, and the engine named with them. */
export interface LineStore {
  store: CaptionsRepository;
  engines: Pick<Engines, 'asr'>;
  conferenceId: number;
}

/** A final line into the meeting's transcript ('' for speech that could not be recognised). */
export async function storeLine(
  { store, engines, conferenceId }: LineStore,
  speaker: Speaker,
  utterance: Utterance,
  text: string,
  endTime: number,
): Promise<void> {
  await store.addLine({
    conferenceId,
    speakerId: speaker.userId,
    speakerName: speaker.name,
    text,
    language: utterance.language,
    engine: engines.asr?.name ?? 'none',
    startTime: utterance.startTime,
    endTime,
  });
}

/** The line for an utterance still being recognised, or that could not be. */
export function lateLine(
  speaker: Speaker,
  utterance: Utterance,
  endTime: number,
  state: 'delayed' | 'unrecognized',
): SubtitleMessage {
  const delayed = state === 'delayed';
  return {
    id: utterance.id,
    scode: speaker.peerId,
    sname: speaker.name,
    type: delayed ? 'asr_realtime' : 'asr_final',
    status: delayed ? 'processing' : 'final',
    srcText: '',
    dstText: '',
    srcLanguage: utterance.language,
    dstLanguage: '',
    startTime: utterance.startTime,
    endTime: delayed ? 0 : endTime,
    ...(delayed ? { delayed: true } : { recognized: false }),
  };
}

/**
 * Follows one speaker's stream in meeting `conferenceId`: each utterance's final line — through
 * `final` (recognised: translated, stored, sent), or stored and sent here when it could not be
 * recognised — goes out in the order spoken, one after the other (a later line's quicker store
 * or translation does not overtake); late utterances are announced to the readers of the moment.
 */
export function followLines(stream: SpeakerStream, speaker: Speaker, room: FinalLinesRoom): void {
  const { log, send, store, final } = room;
  let order = Promise.resolve();
  const inTurn = (work: () => Promise<void>) => {
    order = order
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'caption line failed'));
  };
  stream.on('final', (utterance, text, endTime) => inTurn(() => final(utterance, text, endTime)));
  stream.on('delayed', (utterance, endTime) =>
    send(lateLine(speaker, utterance, endTime, 'delayed')),
  );
  stream.on('unrecognized', (utterance, endTime) =>
    inTurn(async () => {
      await store(utterance, '', endTime).catch((error: unknown) =>
        log.error({ err: error }, 'caption line not stored'),
      );
      send(lateLine(speaker, utterance, endTime, 'unrecognized'));
    }),
  );
}
