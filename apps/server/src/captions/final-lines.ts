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
import type { CaptionsRepository } from '../repositories/captions-repository.js';
import type { SpeakerStream, Utterance } from './speaker-stream.js';

/** The speaker as the lines name them. */
interface Speaker {
  peerId: string;
  userId: number;
  name: string;
}

/** What stores the lines and names the engine (the live room's dependencies). */
export interface FinalLinesDeps {
  store: CaptionsRepository;
  engines: Pick<Engines, 'asr'>;
  log: FastifyBaseLogger;
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
export function followLines(
  stream: SpeakerStream,
  speaker: Speaker,
  conferenceId: number,
  deps: FinalLinesDeps,
  /** Delivers a line to the readers of the moment. */
  send: (line: SubtitleMessage) => void,
  final: (utterance: Utterance, text: string, endTime: number) => Promise<void>,
): void {
  let order = Promise.resolve();
  const inTurn = (work: () => Promise<void>) => {
    order = order
      .then(work)
      .catch((error: unknown) => deps.log.error({ err: error }, 'caption line failed'));
  };
  stream.on('final', (utterance, text, endTime) => inTurn(() => final(utterance, text, endTime)));
  stream.on('delayed', (utterance, endTime) =>
    send(lateLine(speaker, utterance, endTime, 'delayed')),
  );
  stream.on('unrecognized', (utterance, endTime) =>
    inTurn(async () => {
      await deps.store
        .addLine({
          conferenceId,
          speakerId: speaker.userId,
          speakerName: speaker.name,
          text: '',
          language: utterance.language,
          engine: deps.engines.asr?.name ?? 'none',
          startTime: utterance.startTime,
          endTime,
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'caption line not stored'));
      send(lateLine(speaker, utterance, endTime, 'unrecognized'));
    }),
  );
}
