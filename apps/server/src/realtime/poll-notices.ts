/**
 * Poll changes told to the people they concern: everyone in the live room gets `pollChanged`
 * (drafts only to hosts), and attendees outside the meeting get SPEC.md's message-socket
 * notices when results are shared, hidden, or the poll is deleted.
 */
import type { PollChange, PollMessage } from '@meet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ConferenceRow } from '../db/schema/index.js';
import type { PollService } from '../polls/poll-service.js';
import type { MessageHub } from './message-hub.js';
import type { RoomManager } from './room-manager.js';

const HOSTS_ONLY: ReadonlySet<PollChange> = new Set(['created', 'updated']);
const MESSAGE_OF: Partial<Record<PollChange, PollMessage>> = {
  resultPublished: 'publish_vote_result',
  resultUnpublished: 'cancel_publish_vote_result',
  deleted: 'delete_vote',
};

export function wirePollNotices(
  polls: PollService,
  rooms: RoomManager | undefined,
  hub: MessageHub,
  log: FastifyBaseLogger,
): void {
  const changes: PollChange[] = [
    'created',
    'updated',
    'launched',
    'stopped',
    'voted',
    'resultPublished',
    'resultUnpublished',
    'deleted',
  ];
  for (const change of changes) {
    polls.on(change, (conf: ConferenceRow, voteId: number) => {
      const room = rooms?.room(conf.conferenceId);
      if (room) {
        for (const peer of room.peers.values()) {
          if (HOSTS_ONLY.has(change) && peer.userId !== room.hostId) continue;
          peer.notify({ type: 'pollChanged', voteId, change });
        }
      }
      const msgType = MESSAGE_OF[change];
      if (!msgType) return;
      polls.audience(conf).then(
        (userIds) =>
          hub.sendToUsers(userIds, {
            msgType,
            voteId,
            conferenceUri: conf.conferenceUri,
            conferenceId: conf.conferenceId,
          }),
        (error: unknown) => log.warn({ err: error }, 'poll notice failed'),
      );
    });
  }
}
