/**
 * Text the server writes for people (not error messages): mail, default meeting names. In both
 * languages; the server picks the request's, as it does for `msg`.
 */
import type { Language } from '../errors/messages.js';

export const serverTexts = {
  defaultMeetingTopic: { en: "{{name}}'s meeting", zh: '{{name}}的会议' },
  calendarJoin: { en: 'Join the meeting: {{url}}', zh: '加入会议：{{url}}' },
  calendarMeetingId: { en: 'Meeting ID: {{id}}', zh: '会议号：{{id}}' },
  calendarName: { en: "{{name}}'s meetings", zh: '{{name}}的会议' },
  transcriptTitle: { en: '{{topic}} — transcript', zh: '{{topic}} — 会议文字记录' },
  transcriptFileName: { en: '{{topic}} transcript', zh: '{{topic}} 文字记录' },
  /** A recording's speaker nobody has named (numbered by first appearance). */
  speakerNumbered: { en: 'Speaker {{n}}', zh: '发言人 {{n}}' },
  /** A recording's transcript line where someone spoke but the speech engine made out no words. */
  speechNotRecognized: { en: '(speech not recognized)', zh: '（语音未能识别）' },
  codeMailSubject: { en: 'Your verification code: {{code}}', zh: '您的验证码：{{code}}' },
  codeMailText: {
    en: 'Your verification code is {{code}}. It is valid for 10 minutes. If you did not ask for it, ignore this mail.',
    zh: '您的验证码是 {{code}}，10 分钟内有效。如果不是您本人操作，请忽略此邮件。',
  },
  codeSmsText: {
    en: 'Meet: your verification code is {{code}}. It is valid for 10 minutes. Do not share it.',
    zh: '【Meet】您的验证码是 {{code}}，10 分钟内有效，请勿告诉他人。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type ServerTextKey = keyof typeof serverTexts;

/** Fills `{{name}}` placeholders in the text of `key` in `language`. */
export function serverText(
  key: ServerTextKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return serverTexts[key][language].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
