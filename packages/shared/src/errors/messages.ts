/**
 * The catalogue of every message a reply's `msg` can carry, in both languages.
 * The server picks the request's language; the web app loads the same texts under `errors.*`.
 */
export const errorMessages = {
  success: { en: 'success', zh: '成功' },
  failure: { en: 'Operation failed', zh: '操作失败' },
  invalidRequest: { en: 'Invalid request: {{detail}}', zh: '请求参数有误：{{detail}}' },
  fieldRequired: { en: '{{field}} is required', zh: '缺少 {{field}}' },
  fieldInvalid: { en: '{{field}} is not valid', zh: '{{field}} 格式不正确' },
  authFailed: { en: 'Authentication failed, please sign in again', zh: '登录已失效，请重新登录' },
  realLoginRequired: { en: 'Please sign in with an account', zh: '请使用账号登录' },
  notFound: { en: 'Not found', zh: '未找到' },
  serverError: { en: 'Server error, please try again later', zh: '服务器错误，请稍后重试' },
  rateLimited: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后重试' },
  tooManyOperations: {
    en: 'Too many operations, please retry after 24 hours',
    zh: '操作过于频繁，请24小时后重试',
  },
  codeRequestTooSoon: {
    en: 'Please wait {{seconds}} seconds before requesting another code',
    zh: '请 {{seconds}} 秒后再获取验证码',
  },
  invalidEmail: { en: 'Please enter a valid email address', zh: '请输入有效的邮箱地址' },
  codeFormat: { en: 'The verification code is 6 digits', zh: '验证码为6位数字' },
  incorrectCode: { en: 'Incorrect verification code', zh: '验证码错误' },
  codeExpired: { en: 'Verification code expired', zh: '验证码已过期' },
  codeVoid: {
    en: 'Operation timed out, request a verification email again',
    zh: '操作超时，请重新获取验证邮件',
  },
  emailRegistered: { en: 'This email has already been registered', zh: '该邮箱已被注册' },
  emailNotRegistered: { en: 'This email has not been registered', zh: '该邮箱未注册' },
  incorrectPassword: { en: 'Incorrect password', zh: '密码错误' },
  passwordRule: {
    en: 'Password must be at least 6 characters and contain letters and numbers',
    zh: '密码至少6位，且须包含字母和数字',
  },
  nicknameEmpty: { en: 'Nickname cannot be empty', zh: '昵称不能为空' },
  nicknameTooLong: {
    en: 'Nickname cannot exceed {{max}} characters',
    zh: '昵称不能超过{{max}}个字符',
  },
  nicknameUnchanged: {
    en: 'The new nickname is the same as the current one',
    zh: '新昵称与当前昵称相同',
  },
  avatarMissing: { en: 'Please choose an image', zh: '请选择图片' },
  avatarType: {
    en: 'Please select a png, jpeg, gif or jpg image',
    zh: '请选择 png、jpeg、gif 或 jpg 图片',
  },
  avatarTooSmall: {
    en: 'The image must be at least 100x120 pixels',
    zh: '图片尺寸不能小于 100x120 像素',
  },
  avatarTooLarge: {
    en: 'The image must be at most 3000 pixels on each side',
    zh: '图片边长不能超过 3000 像素',
  },
  fileTooLarge: { en: 'The file is too large', zh: '文件过大' },
  meetingNoExist: { en: 'The current meeting does not exist', zh: '当前会议不存在' },
  meetingLocked: { en: 'Meeting is locked', zh: '会议已锁定' },
  meetingFull: { en: 'Reach to the maximum participants', zh: '会议人数已达上限' },
  conferenceOver: { en: 'The meeting has ended', zh: '会议已结束' },
  youRemovedByHost: { en: 'You have been kicked out', zh: '您已被主持人移出会议' },
  waitingRoomJoin: {
    en: 'The host has turned on the waiting room, please wait to be admitted',
    zh: '主持人已开启等候室，请等待主持人准入',
  },
  joinedOnAnotherDevice: {
    en: 'You joined the meeting on another device',
    zh: '您已在其他设备加入会议',
  },
  alreadyInMeeting: {
    en: 'You are already in this meeting on another device',
    zh: '您已在其他设备上参加此会议',
  },
  notInMeeting: { en: 'You are not in this meeting', zh: '您不在此会议中' },
  hostOnly: { en: 'Only the host can do this', zh: '只有主持人可以进行此操作' },
  memberNotInMeeting: { en: 'That member is not in this meeting', zh: '该成员不在此会议中' },
  notCreator: { en: 'Only the creator can change this meeting', zh: '只有创建者可以修改此会议' },
  meetingStarted: {
    en: 'The meeting has already started and can no longer be changed',
    zh: '会议已开始，无法修改',
  },
  topicRequired: { en: 'Please enter a meeting topic', zh: '请输入会议主题' },
  topicTooLong: {
    en: 'The topic cannot exceed {{max}} characters',
    zh: '主题不能超过{{max}}个字符',
  },
  invalidTimezone: { en: 'Please choose a valid time zone', zh: '请选择有效的时区' },
  endBeforeStart: {
    en: 'The end time cannot be earlier than the start time',
    zh: '结束时间不能早于开始时间',
  },
  meetingTooLong: { en: 'A meeting can last at most 24 hours', zh: '会议时长不能超过24小时' },
  meetingInPast: { en: 'The meeting time has already passed', zh: '会议时间已过' },
  scoreRange: { en: 'The score must be from 1 to 5', zh: '评分须为1到5' },
  regionNotSupported: { en: 'Not currently available in your region', zh: '当前地区暂不支持' },
  pollGone: { en: 'The poll no longer exists', zh: '该投票已不存在' },
  pollIncomplete: { en: 'Please fill in the poll completely', zh: '请完善投票信息' },
  pollTextTooLong: {
    en: 'The topic, questions and options can each have at most 200 characters',
    zh: '主题、问题和选项均不能超过200个字符',
  },
  pollQuestionsLimit: { en: 'A poll can have at most 10 questions', zh: '每个投票最多10个问题' },
  pollOptionCount: { en: 'Each question needs 2 to 10 options', zh: '每个问题需要2到10个选项' },
  pollsLimit: { en: 'A meeting can have at most 10 polls', zh: '每场会议最多10个投票' },
  pollUnanswered: { en: 'You still have unanswered questions', zh: '您还有未作答的问题' },
  pollInvalidChoice: {
    en: 'The selection does not match the options of the poll',
    zh: '所选内容与投票选项不符',
  },
  pollAlreadyVoted: { en: 'You have already voted in this poll', zh: '您已参与过此投票' },
  pollNotEditable: {
    en: 'A poll can only be edited before it is launched',
    zh: '投票发起后不能再编辑',
  },
  pollAlreadyLaunched: { en: 'The poll has already been launched', zh: '投票已发起' },
  pollNotInProgress: { en: 'The poll is not in progress', zh: '投票未在进行中' },
  pollNotEnded: {
    en: 'Results can be shared or hidden only after the poll has ended',
    zh: '投票结束后才能公布或隐藏结果',
  },
  pollLaunchInMeeting: {
    en: 'A poll can only be launched while the meeting is running',
    zh: '只能在会议进行中发起投票',
  },
  pollResultShared: { en: 'The poll results are shared', zh: '已公布投票结果' },
  pollResultHidden: { en: 'The poll results are no longer shared', zh: '已取消公布投票结果' },
  pollExportOption: { en: 'Option', zh: '选项' },
  pollExportVotes: { en: 'Votes', zh: '票数' },
  pollExportPercent: { en: 'Percentage', zh: '占比' },
  pollExportVoters: { en: 'Voters', zh: '投票人' },
  pollExportSingle: { en: 'Single choice', zh: '单选' },
  pollExportMultiple: { en: 'Multiple choice', zh: '多选' },
  pollExportParticipants: { en: 'Participants', zh: '参与人数' },
  pollExportAnonymous: { en: 'Anonymous poll', zh: '匿名投票' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type ErrorKey = keyof typeof errorMessages;
export type Language = 'en' | 'zh';

export function isErrorKey(value: string): value is ErrorKey {
  return Object.prototype.hasOwnProperty.call(errorMessages, value);
}

/** Fills `{{name}}` placeholders; unknown placeholders stay as they are. */
export function formatMessage(
  key: ErrorKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return errorMessages[key][language].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
