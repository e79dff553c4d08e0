/** A recording as the records API shows it: list items with signed links to its files. */
import type {
  RecordLayout,
  RecordListItem,
  RecordStatus,
  RecordType,
  ShareScope,
} from '@meet/shared';
import type { RecordingLinks } from './recording-links.js';
import type { RecordingView } from './records-repository.js';

/**
 * The list item of a recording for a viewer who may open it. Links to files only once it is
 * ready (a recording still being processed shows its status and progress, nothing to play).
 */
export function recordListItemOf(
  view: RecordingView,
  viewerId: number | undefined,
  links: RecordingLinks,
): RecordListItem {
  const r = view.row;
  const ready = r.status === 'ready';
  return {
    recordId: r.recordId,
    name: r.name,
    status: r.status as RecordStatus,
    progress: r.progress,
    stage: r.stage,
    recordType: r.recordType as RecordType,
    layout: r.layout as RecordLayout,
    duration: Math.round(r.durationMs / 1000),
    size: r.sizeBytes,
    startTime: r.startedAt.getTime(),
    ...(ready && r.videoKey ? { videoUrl: links.url(r, 'video') } : {}),
    ...(ready && r.audioKey ? { audioUrl: links.url(r, 'audio') } : {}),
    previewImg: ready && r.previewKey ? links.url(r, 'preview') : '',
    conferenceId: view.conferenceId,
    conferenceName: view.conferenceName,
    isOwner: viewerId === r.ownerId,
    shareScope: r.shareScope as ShareScope,
  };
}
