/** Turns meeting rows into the API's Meeting info and Meeting list item shapes. */
import {
  DEFAULT_MEETING_DURATION_MS,
  PLAN_ENTITLEMENTS,
  isShowableTime,
  type Entitlements,
  type ConferenceProperties,
  type MeetingInfo,
  type MeetingListItem,
  type RoomProperties,
} from '@meet/shared';
import type { ConferenceRow } from '../db/schema/index.js';

export function propertiesOf(row: ConferenceRow): ConferenceProperties {
  return {
    confMute: row.confMute,
    lockRoom: row.lockRoom ? 1 : 0,
    asrStatus: row.asrStatus,
    syncCalendar: row.syncCalendar,
    recordStatus: row.recordStatus,
    recordType: row.recordType,
    waitingRoom: row.waitingRoom ? 1 : 0,
  };
}

/** The meeting-wide controls as every member of the live room sees them. */
export function roomPropertiesOf(row: ConferenceRow): RoomProperties {
  return {
    confMute: row.confMute,
    lockRoom: row.lockRoom,
    waitingRoom: row.waitingRoom,
    screenShareAllowed: row.screenShareAllowed,
    recordStatus: row.recordStatus,
    recordType: row.recordType,
    recordStartedAt: row.recordStartedAt?.getTime() ?? 0,
  };
}

export function meetingInfoOf(
  row: ConferenceRow,
  extra: {
    creatorName: string;
    hostName: string;
    num: number;
    joinTime: number | null;
    /** What the viewer's plan gives (recordFuncStatus); basic when nobody is signed in. */
    viewer?: Entitlements;
    /**
     * The viewer's own controls as the host set them (effectiveControls): without a viewer,
     * what a member joining now would get.
     */
    personal: { forceMuted: boolean; videoDisabled: boolean };
  },
): MeetingInfo {
  const viewer = extra.viewer ?? PLAN_ENTITLEMENTS.basic;
  return {
    conferenceId: row.conferenceId,
    conferenceUri: row.conferenceUri,
    conferenceName: row.topic,
    status: row.status,
    asrStatus: row.asrStatus,
    confMute: row.confMute,
    lockRoom: row.lockRoom ? 1 : 0,
    translate: row.translate,
    allowInterpret: row.translate === 1 || row.translate === 3,
    creatorName: extra.creatorName,
    creatorId: row.creatorId,
    createUserId: row.creatorId,
    createTime: row.createdAt.getTime(),
    hostId: row.hostId,
    hostName: extra.hostName,
    num: extra.num,
    personalConfMute: extra.personal.forceMuted ? 1 : 0,
    personalVideoEnable: extra.personal.videoDisabled ? 0 : 1,
    timezone: row.timezone,
    startTime: row.startTime,
    endTime: row.endTime,
    joinTime: extra.joinTime,
    reserved: row.reserved,
    conferenceProperties: propertiesOf(row),
    // Reasons are catalogue keys: the client shows them in its own language.
    recordFuncStatus: {
      audioRecord: viewer.audioRecording ? 1 : 0,
      videoRecord: viewer.videoRecording ? 1 : 0,
      videoLabel: viewer.videoRecording ? '' : 'Pro',
      videoReason: viewer.videoRecording ? '' : 'videoRecordPro',
      audioReason: '',
    },
  };
}

export function listItemOf(row: ConferenceRow, creatorName: string): MeetingListItem {
  const endTime = row.endTime ?? row.startTime + DEFAULT_MEETING_DURATION_MS;
  // A row stored before times were bounded is listed without them, not with a time no page
  // can show (the web grouped Home by it and the whole page failed).
  const timed = isShowableTime(row.startTime) && isShowableTime(endTime);
  return {
    meetingTitle: row.topic,
    meetingId: row.conferenceId,
    meetingUri: row.conferenceUri,
    creator: creatorName,
    creatorId: row.creatorId,
    status: row.status,
    timezone: row.timezone,
    startTime: timed ? row.startTime : null,
    endTime: timed ? endTime : null,
    endTimeDefaulted: row.endTime === null,
    finishTime: row.endedAt ? row.endedAt.getTime() : null,
    asrEnabled: row.asrStatus === 1,
    joinAgent: 0,
    conferenceProperties: propertiesOf(row),
    voteList: [],
  };
}
