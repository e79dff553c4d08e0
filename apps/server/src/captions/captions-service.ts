/**
 * The rules of captions, translation and interpretation in a meeting (SPEC.md sections 4, 6
 * and 7, `/audio/*` and `setAsrStatus`): who may turn what on, which languages the configured
 * engines can do, and whose credits pay. Routes call this; it stores the outcome and announces
 * it as typed events, which the live room (CaptionRelay) follows.
 */
import { EventEmitter } from 'node:events';
import {
  CONFERENCE_STATUS,
  CREDITS_PER_MINUTE,
  languageName,
  type AiFeature,
  type CaptionState,
  type ConsumeRecord,
  type FeatureUsage,
  type Language,
  type LanguageAbility,
  type MySpeech,
  type PointsInfo,
  type TranscriptLine,
} from '@meet/shared';
import type { ConferenceChanges, ConferenceRow, UserRow } from '../db/schema/index.js';
import type { Engines } from '../engines/types.js';
import { AppError } from '../lib/app-error.js';
import type { ConferencesRepository } from '../conferences/conferences-repository.js';
import type { CaptionsRepository } from './captions-repository.js';
import type { CreditsRepository } from '../payments/credits-repository.js';
import type { HostControl } from '../conferences/host-control.js';
import { requireMeetingReader } from '../conferences/meeting-access.js';

export interface CaptionsEvents {
  /** The meeting's captions changed for everyone (on/off, locked, translation allowed…). */
  stateChanged: [conferenceId: string, state: CaptionState];
  /** One member's own speech settings changed. */
  speechChanged: [conferenceId: string, userId: number, speech: MySpeech];
}

/** The meeting a call is about, and the caller's place in it. */
interface Caller {
  conf: ConferenceRow;
  user: UserRow;
  isHost: boolean;
}

export class CaptionsService extends EventEmitter<CaptionsEvents> {
  /** Features stopped in a meeting because its creator's credits ran out. */
  private readonly stopped = new Map<string, Set<AiFeature>>();

  constructor(
    private readonly conferences: ConferencesRepository,
    private readonly hostControl: HostControl,
    private readonly captions: CaptionsRepository,
    private readonly credits: CreditsRepository,
    private readonly engines: Engines,
  ) {
    super();
  }

  // ── what the engines can do ────────────────────────────────────────────────────────────

  canRecognize(language: string): boolean {
    return !!this.engines.asr?.languages.includes(language);
  }

  canTranslate(from: string, to: string): boolean {
    if (from === to) return true;
    return this.engines.translate.some((e) => e.pairs.some(([a, b]) => a === from && b === to));
  }

  canSpeak(language: string): boolean {
    return !!this.engines.tts?.voices.some((v) => v.language === language);
  }

  /** Every language some engine handles, with what can be done with it (getTranslateLanguage). */
  abilities(uiLanguage: Language): LanguageAbility[] {
    const codes = new Set<string>([
      ...(this.engines.asr?.languages ?? []),
      ...this.engines.translate.flatMap((e) => e.pairs.flatMap(([a, b]) => [a, b])),
      ...(this.engines.tts?.voices.map((v) => v.language) ?? []),
    ]);
    const abilities = [...codes].sort().map((code) => ({
      code,
      name: languageName(code, uiLanguage),
      recognize: this.canRecognize(code),
      translateTo: [...codes].filter((to) => to !== code && this.canTranslate(code, to)).sort(),
      speak: this.canSpeak(code),
    }));
    // A language is worth offering when speech in it is recognized, or something translates
    // into or out of it; a voice alone (eSpeak speaks ~100 languages) leads nowhere.
    const into = new Set(abilities.flatMap((a) => a.translateTo));
    return abilities.filter((a) => a.recognize || a.translateTo.length > 0 || into.has(a.code));
  }

  state(conf: ConferenceRow): CaptionState {
    const { asr, translate, tts } = this.engines.describe();
    return {
      asrStatus: conf.asrStatus,
      locked: conf.captionsLocked,
      translateAllowed: conf.translate === 1 || conf.translate === 3,
      engines: { asr, translate, tts },
      stopped: [...(this.stopped.get(conf.conferenceId) ?? [])],
    };
  }

  // ── who is calling ─────────────────────────────────────────────────────────────────────

  /**
   * The meeting and the caller, who must be in it now; or, for what is read during or after
   * the meeting (`read`: the transcript, the creator's credits), anyone the meeting's one read
   * rule lets in (meetingAccess: members past and present, its host and creator, never someone
   * the host removed).
   */
  private async caller(
    user: UserRow,
    conferenceUri: string,
    options: { read?: boolean } = {},
  ): Promise<Caller> {
    const conf = await this.hostControl.find({ conferenceUri });
    if (options.read) {
      await requireMeetingReader(this.conferences, conf, user.id);
    } else {
      const members = await this.conferences.activeMembers(conf.id);
      if (!members.some((m) => m.userId === user.id)) {
        if (conf.status === CONFERENCE_STATUS.finished) throw AppError.meetingOver();
        throw AppError.forbidden('notInMeeting');
      }
    }
    return { conf, user, isHost: conf.hostId === user.id };
  }

  private async updateMine(c: Caller, patch: Partial<MySpeech>): Promise<MySpeech> {
    const speech = await this.captions.updateSettings(c.conf.id, c.user.id, patch);
    this.emit('speechChanged', c.conf.conferenceId, c.user.id, speech);
    return speech;
  }

  private async updateMeeting(conf: ConferenceRow, fields: ConferenceChanges) {
    const updated = await this.conferences.update(conf.id, fields);
    const state = this.state(updated);
    this.emit('stateChanged', updated.conferenceId, state);
    return state;
  }

  /** Translation and interpretation: the host may, others when the host allows; the creator pays. */
  private async checkAiAllowed(c: Caller, feature: AiFeature): Promise<void> {
    const allowed =
      c.isHost || c.user.id === c.conf.creatorId || this.state(c.conf).translateAllowed;
    if (!allowed) throw AppError.forbidden('translateNotAllowed');
    if ((await this.credits.balance(c.conf.creatorId)) < CREDITS_PER_MINUTE[feature])
      throw AppError.outOfPoints();
    this.stopped.get(c.conf.conferenceId)?.delete(feature);
  }

  // ── the calls ──────────────────────────────────────────────────────────────────────────

  async mine(user: UserRow, conferenceUri: string) {
    const c = await this.caller(user, conferenceUri);
    return {
      state: this.state(c.conf),
      speech: await this.captions.settingsOf(c.conf.id, user.id),
    };
  }

  /** Captions on for me — and on in the meeting, unless the host turned them off for all. */
  async startSubtitle(user: UserRow, conferenceUri: string) {
    const c = await this.caller(user, conferenceUri);
    if (c.conf.captionsLocked && !c.isHost) throw AppError.forbidden('captionsLocked');
    const state =
      c.conf.asrStatus === 1 && !c.conf.captionsLocked
        ? this.state(c.conf)
        : await this.updateMeeting(c.conf, { asrStatus: 1, captionsLocked: false });
    return { state, speech: await this.updateMine(c, { captionsOn: true }) };
  }

  /** Captions off for me (they go on for the others). */
  async stopSubtitle(user: UserRow, conferenceUri: string) {
    const c = await this.caller(user, conferenceUri);
    return { state: this.state(c.conf), speech: await this.updateMine(c, { captionsOn: false }) };
  }

  /** The host: 1 captions on for everyone; 0 off for everyone, and members cannot turn them on. */
  async setAsrStatus(user: UserRow, conferenceUri: string, asrStatus: number) {
    const c = await this.caller(user, conferenceUri);
    if (!c.isHost) throw AppError.forbidden('hostOnly');
    return this.updateMeeting(c.conf, { asrStatus, captionsLocked: asrStatus === 0 });
  }

  /** The language I speak: what the speech engine listens for in my voice. */
  async updateVoiceLanguage(user: UserRow, conferenceUri: string, language: string) {
    const c = await this.caller(user, conferenceUri);
    const speech = await this.updateMine(c, { speakLanguage: language });
    return { speech, recognized: this.canRecognize(language) };
  }

  /** actionType 1: my captions translated into `language`; 2: listen in `language`. */
  async startTranslate(
    user: UserRow,
    conferenceUri: string,
    language: string,
    action: number,
    ui: Language,
  ) {
    const c = await this.caller(user, conferenceUri);
    const listen = action === 2;
    await this.checkAiAllowed(c, listen ? 'interpret' : 'translate');
    const name = languageName(language, ui);
    const into = this.engines.translate.some((e) => e.pairs.some(([, b]) => b === language));
    if (!into) throw AppError.unavailable('translationUnavailable', { language: name });
    if (listen && !this.canSpeak(language))
      throw AppError.unavailable('voiceUnavailable', { language: name });
    return {
      speech: await this.updateMine(
        c,
        listen ? { listenLanguage: language } : { captionLanguage: language },
      ),
    };
  }

  async stopTranslate(user: UserRow, conferenceUri: string, action?: number) {
    const c = await this.caller(user, conferenceUri);
    const patch: Partial<MySpeech> = {};
    if (action !== 2) patch.captionLanguage = '';
    if (action !== 1) patch.listenLanguage = '';
    return { speech: await this.updateMine(c, patch) };
  }

  /** The host allows (or stops allowing) participants' AI translation. */
  async setTranslateAllowed(user: UserRow, conferenceUri: string, allowed: boolean) {
    const c = await this.caller(user, conferenceUri);
    if (!c.isHost) throw AppError.forbidden('hostOnly');
    return this.updateMeeting(c.conf, { translate: allowed ? 1 : 0 });
  }

  /** Interpret my speech: from `source` into `target`, spoken with a voice of `tone`. */
  async startInterpret(
    user: UserRow,
    conferenceUri: string,
    p: { source: string; target: string; tone: number; useTTS: boolean },
    ui: Language,
  ) {
    const c = await this.caller(user, conferenceUri);
    await this.checkAiAllowed(c, 'interpret');
    const name = (code: string) => languageName(code, ui);
    if (!this.canRecognize(p.source))
      throw AppError.unavailable('speechUnavailable', { language: name(p.source) });
    if (!this.canTranslate(p.source, p.target))
      throw AppError.unavailable('translationUnavailable', { language: name(p.target) });
    if (p.useTTS && !this.canSpeak(p.target))
      throw AppError.unavailable('voiceUnavailable', { language: name(p.target) });
    return {
      speech: await this.updateMine(c, {
        speakLanguage: p.source,
        interpretOn: true,
        interpretTarget: p.target,
        interpretTone: p.tone,
      }),
    };
  }

  async stopInterpret(user: UserRow, conferenceUri: string) {
    const c = await this.caller(user, conferenceUri);
    return { speech: await this.updateMine(c, { interpretOn: false }) };
  }

  /**
   * The final lines so far (members and the creator, during or after the meeting). A stored line
   * without text is speech that could not be recognised (issue 31): `recognized: false`.
   */
  async transcript(user: UserRow, conferenceUri: string): Promise<TranscriptLine[]> {
    const c = await this.caller(user, conferenceUri, { read: true });
    return (await this.captions.transcript(c.conf.id)).map((line) => ({
      speakerId: line.speakerId,
      speakerName: line.speakerName,
      text: line.text,
      language: line.language,
      startTime: line.startTime,
      endTime: line.endTime,
      ...(line.text === '' && { recognized: false }),
    }));
  }

  /** The meeting's title, for file names. */
  async meetingOf(user: UserRow, conferenceUri: string): Promise<ConferenceRow> {
    return (await this.caller(user, conferenceUri, { read: true })).conf;
  }

  // ── credits ────────────────────────────────────────────────────────────────────────────

  /** The creator's credits as they pay for this meeting (getCreatorEnergyPointInfo). */
  async creatorPoints(user: UserRow, conferenceUri: string): Promise<PointsInfo> {
    const c = await this.caller(user, conferenceUri, { read: true });
    const usage = await this.credits.meetingUsage(c.conf.id);
    const active = new Set((await this.conferences.activeMembers(c.conf.id)).map((m) => m.userId));
    const settings = [...(await this.captions.settings(c.conf.id)).entries()].filter(([id]) =>
      active.has(id),
    );
    const stopped = this.stopped.get(c.conf.conferenceId);
    const members = {
      translate: stopped?.has('translate')
        ? 0
        : settings.filter(([, s]) => s.captionsOn && s.captionLanguage).length,
      interpret: stopped?.has('interpret')
        ? 0
        : settings.filter(([, s]) => s.interpretOn || s.listenLanguage).length,
      magicCam: 0,
    };
    return pointsInfo(await this.credits.balance(c.conf.creatorId), usage, members);
  }

  /** My own credits and what I have spent on each feature (getMyEnergyPointInfo). */
  async myPoints(user: UserRow): Promise<PointsInfo> {
    return pointsInfo(await this.credits.balance(user.id), await this.credits.usageOf(user.id), {
      translate: 0,
      interpret: 0,
      magicCam: 0,
    });
  }

  /** What I spent, newest first (getConsumeDetailRecord). */
  async spending(user: UserRow, page: number, pageSize: number): Promise<ConsumeRecord[]> {
    return (await this.credits.spending(user.id, page, pageSize)).map((r) => ({
      id: r.id,
      feature: r.reason,
      credits: -r.delta,
      minutes: r.minutes,
      conferenceId: r.meetingNumber,
      conferenceName: r.meetingTopic,
      time: r.createdAt.getTime(),
    }));
  }

  /**
   * The live room ran out of the creator's credits for a feature: it stops for everyone it
   * served, their settings say so, and nobody can start it again until there are credits.
   */
  async stopForCredits(conf: ConferenceRow, feature: AiFeature): Promise<void> {
    let set = this.stopped.get(conf.conferenceId);
    if (!set) this.stopped.set(conf.conferenceId, (set = new Set()));
    if (set.has(feature)) return;
    set.add(feature);
    await this.captions.stopFeature(conf.id, feature);
    const fresh = (await this.conferences.byId(conf.id)) ?? conf;
    this.emit('stateChanged', conf.conferenceId, this.state(fresh));
    for (const [userId, speech] of await this.captions.settings(conf.id))
      this.emit('speechChanged', conf.conferenceId, userId, speech);
  }

  /** A meeting ended: nothing to keep about it in memory. */
  forget(conferenceId: string): void {
    this.stopped.delete(conferenceId);
  }
}

function usageOf(
  feature: keyof typeof CREDITS_PER_MINUTE,
  usage: Map<string, { minutes: number; credits: number }>,
  members: number,
): FeatureUsage {
  const used = usage.get(feature) ?? { minutes: 0, credits: 0 };
  return { perMinuteSpeed: CREDITS_PER_MINUTE[feature], members, ...used };
}

/** Points info (SPEC.md section 3) from a balance, usage so far and members using each feature. */
export function pointsInfo(
  balance: number,
  usage: Map<string, { minutes: number; credits: number }>,
  members: Record<keyof typeof CREDITS_PER_MINUTE, number>,
): PointsInfo {
  const translateUsage = usageOf('translate', usage, members.translate);
  const interpretUsage = usageOf('interpret', usage, members.interpret);
  const magicCamUsage = usageOf('magicCam', usage, members.magicCam);
  const totalSpeed = [translateUsage, interpretUsage, magicCamUsage]
    .filter((u) => u.members > 0)
    .reduce((sum, u) => sum + u.perMinuteSpeed, 0);
  return {
    totalEnergyPoint: balance,
    totalSpeed,
    availableMinutes: totalSpeed > 0 ? Math.floor(balance / totalSpeed) : null,
    translateUsage,
    interpretUsage,
    magicCamUsage,
  };
}
