/**
 * Tells a recording's owner, through the message center, that its processing finished: ready to
 * play, or failed (SPEC.md section 3: a `record` message). The recording pipeline reports each
 * recording once, when it reaches one of these states.
 */
import type { RecordingRow } from '../../db/schema/index.js';
import type { MessageCenter } from '../../messages/message-center.js';

export async function notifyRecordingProcessed(
  messages: MessageCenter,
  row: Pick<RecordingRow, 'ownerId' | 'recordId' | 'status' | 'name'>,
): Promise<void> {
  if (row.status !== 'ready' && row.status !== 'failed') return;
  await messages.send(row.ownerId, {
    pushType: 'record',
    recordId: row.recordId,
    status: row.status,
    name: row.name,
  });
}
