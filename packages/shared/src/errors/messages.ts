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
  unsafeText: {
    en: '{{field}} contains characters that are not allowed',
    zh: '{{field}} 含有不允许的字符',
  },
  invalidUpload: {
    en: 'The upload is not a valid file form, please try again',
    zh: '上传内容格式不正确，请重试',
  },
  authFailed: { en: 'Authentication failed, please sign in again', zh: '登录已失效，请重新登录' },
  realLoginRequired: { en: 'Please sign in with an account', zh: '请使用账号登录' },
  notFound: { en: 'Not found', zh: '未找到' },
  serverError: { en: 'Server error, please try again later', zh: '服务器错误，请稍后重试' },
  databaseUnavailable: {
    en: 'The service is briefly unavailable, please try again in a moment',
    zh: '服务暂时不可用，请稍后重试',
  },
  rateLimited: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后重试' },
  rateLimitedFor: {
    en: 'Too many requests, please try again in {{seconds}} seconds',
    zh: '请求过于频繁，请 {{seconds}} 秒后重试',
  },
  chatEmpty: { en: 'The message is empty', zh: '消息不能为空' },
  chatTooLong: {
    en: 'A message can have at most {{max}} characters',
    zh: '消息最多{{max}}个字符',
  },
  chatTooFast: {
    en: 'You are sending messages too quickly. Wait a moment, then send again',
    zh: '发送消息过于频繁，请稍候再发送',
  },
  breakoutOpen: { en: 'Breakout rooms are open', zh: '分组讨论室已开启' },
  breakoutClosed: { en: 'Breakout rooms are not open', zh: '分组讨论室未开启' },
  breakoutNone: { en: 'There is no such breakout room', zh: '没有该分组讨论室' },
  reactionTooFast: {
    en: 'You are sending reactions too quickly. Wait a moment, then react again',
    zh: '发送表情过于频繁，请稍候再试',
  },
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
  // Background library (SPEC.md section 8).
  backgroundType: { en: 'Please select a valid image file', zh: '请选择有效的图片文件' },
  fileNotExceed2M: { en: 'The file cannot exceed 2M', zh: '文件大小不能超过2M' },
  // Feedback (avatar menu) and client logs.
  feedbackEmpty: { en: 'Please describe what happened', zh: '请描述遇到的问题' },
  feedbackTooLong: {
    en: 'Feedback can have at most {{max}} characters',
    zh: '反馈内容最多{{max}}个字符',
  },
  feedbackScreenshotType: {
    en: 'The screenshot must be a PNG or JPEG image',
    zh: '截图须为 PNG 或 JPEG 图片',
  },
  feedbackScreenshotTooLarge: {
    en: 'The screenshot must be at most {{max}} MB',
    zh: '截图不能超过 {{max}} MB',
  },
  clientLogInvalid: { en: 'The log report is not valid', zh: '日志格式不正确' },
  clientLogTooMany: {
    en: 'At most {{max}} log entries can be sent at once',
    zh: '一次最多发送{{max}}条日志',
  },
  clientLogTooLarge: { en: 'The log report is too large', zh: '日志内容过大' },
  clientLogValueTooLong: { en: 'A log entry’s value is too long', zh: '日志内容过长' },
  adminAuthFailed: {
    en: 'Operator access refused: a valid operator token is required',
    zh: '拒绝访问：需要有效的运维令牌',
  },
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
  recordNotFound: {
    en: 'The meeting recording could not be found',
    zh: '找不到该会议录制',
  },
  noRecordAccess: { en: 'No access permissions currently', zh: '暂无访问权限' },
  storageDepleted: {
    en: 'Unable to start recording, as storage space is depleted',
    zh: '存储空间已用完，无法开始录制',
  },
  alreadyRecording: { en: 'The meeting is already being recorded', zh: '会议正在录制中' },
  notRecording: { en: 'The meeting is not being recorded', zh: '会议未在录制' },
  recordingNeedsMedia: {
    en: 'Recording needs the media server, which is not running here',
    zh: '录制需要媒体服务器，但此处未运行',
  },
  noMediaNode: {
    en: 'No media server is available right now, please try again in a moment',
    zh: '暂无可用的媒体服务器，请稍后再试',
  },
  recordNameRequired: { en: 'Please enter a name', zh: '请输入名称' },
  speakerNameRequired: { en: 'A speaker needs a name', zh: '发言人名称不能为空' },
  chapterTimesRepeat: {
    en: 'Two chapters cannot start at the same time',
    zh: '章节时间不能重复',
  },
  applyLoadFailed: { en: 'This request could not be loaded', zh: '无法加载该申请' },
  applyNotPending: { en: 'This request has already been answered', zh: '该申请已处理' },
  summaryLimit: {
    en: 'No AI minutes left this month: upgrade to Pro for more',
    zh: '本月 AI 纪要次数已用完，升级到 Pro 可获得更多',
  },
  recordingNotReady: {
    en: 'The recording is still being processed',
    zh: '录制仍在处理中',
  },
  recordOwnerOnly: {
    en: "Only the recording's owner can do this",
    zh: '只有录制的所有者可以进行此操作',
  },
  ownRecordingNotShared: {
    en: 'This is your own recording, not one shared with you',
    zh: '这是您自己的录制，不是他人分享给您的',
  },
  applyOwnRecording: {
    en: 'This is your own recording: there is nothing to apply for',
    zh: '这是您自己的录制，无需申请',
  },
  summaryUnavailable: {
    en: 'AI minutes are not available on this server',
    zh: '此服务器未提供 AI 纪要',
  },
  noTranscript: {
    en: 'This recording has no transcript to write minutes from',
    zh: '该录制没有可生成纪要的文字记录',
  },
  transcriptUnavailable: {
    en: 'Speech recognition is not available on this server',
    zh: '此服务器未提供语音识别',
  },
  updateFileMissing: { en: 'Please choose a file', zh: '请选择文件' },
  chaptersFileInvalid: {
    en: 'The chapters must be a list of start times and titles',
    zh: '章节须为开始时间和标题的列表',
  },
  chapterTitleRequired: { en: 'A chapter needs a title', zh: '章节标题不能为空' },
  transcriptFileInvalid: {
    en: 'The transcript must be a list of lines with speaker, text and times',
    zh: '文字记录须为包含发言人、文字和时间的列表',
  },
  recordingLinkInvalid: {
    en: 'This link has expired or is not valid: open the recording again',
    zh: '链接已失效或无效，请重新打开录制',
  },
  captionsLocked: {
    en: 'The host has turned captions off for everyone',
    zh: '主持人已为所有人关闭字幕',
  },
  translateNotAllowed: {
    en: 'The host has not allowed AI translation in this meeting',
    zh: '主持人未允许在本会议中使用 AI 翻译',
  },
  speechUnavailable: {
    en: 'No speech engine here recognizes {{language}}: captions for it need another engine',
    zh: '此处没有能识别{{language}}的语音引擎，需配置其他引擎才能显示字幕',
  },
  translationUnavailable: {
    en: 'No translation engine here translates into {{language}}',
    zh: '此处没有能翻译成{{language}}的翻译引擎',
  },
  voiceUnavailable: {
    en: 'No speech synthesizer here speaks {{language}}',
    zh: '此处没有能朗读{{language}}的语音合成引擎',
  },
  outOfPoints: {
    en: 'AI credits insufficient: the meeting creator has no AI credits left',
    zh: 'AI 积分不足：会议创建者的 AI 积分已用完',
  },
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
  // Plans and payments.
  productNotFound: { en: 'This plan is not available', zh: '该套餐不可用' },
  alreadyPro: {
    en: 'You already have Pro. Manage it under Subscription',
    zh: '您已是 Pro 用户，可在“订阅”中管理',
  },
  noSubscription: { en: 'You have no subscription to manage', zh: '您没有可管理的订阅' },
  subscriptionPastDue: {
    en: 'Your last payment failed. Update your card in Manage subscription to keep Pro',
    zh: '上次扣款失败，请在“管理订阅”中更新银行卡以保留 Pro',
  },
  paymentsUnavailable: {
    en: 'Payments are not available on this server',
    zh: '此服务器暂不支持支付',
  },
  paymentProviderError: {
    en: 'The payment service did not answer, please try again',
    zh: '支付服务无响应，请重试',
  },
  paymentSessionNotFound: { en: 'This payment could not be found', zh: '未找到该笔支付' },
  invalidReturnUrl: {
    en: 'The return address must be a page of this site',
    zh: '返回地址必须是本站的页面',
  },
  webhookSignatureInvalid: {
    en: 'The webhook signature is not valid',
    zh: '回调签名无效',
  },
  videoRecordPro: {
    en: 'Upgrade to Pro to unlock video recording',
    zh: '升级到 Pro 即可解锁视频录制',
  },
  // Other ways to sign in.
  invalidPhone: { en: 'Invalid phone number, please reenter', zh: '手机号码无效，请重新输入' },
  googleUnavailable: {
    en: 'Google sign-in is not available on this server',
    zh: '此服务器暂不支持 Google 登录',
  },
  googleSignInFailed: {
    en: 'Google sign-in did not complete, please try again',
    zh: 'Google 登录未完成，请重试',
  },
  googleTicketInvalid: {
    en: 'This Google sign-in has expired, please continue with Google again',
    zh: '本次 Google 登录已失效，请重新使用 Google 登录',
  },
  googleAccountExists: {
    en: 'An account with {{email}} already exists. Enter its password to link your Google account',
    zh: '{{email}} 已注册账号，请输入该账号的密码以关联您的 Google 账号',
  },
  googleLinkedElsewhere: {
    en: 'This Google account is already linked to another account',
    zh: '该 Google 账号已关联其他账号',
  },
  googleAlreadyLinked: {
    en: 'Your account is already linked to a Google account',
    zh: '您的账号已关联 Google 账号',
  },
  scanCodeNotFound: { en: 'This QR code is not valid', zh: '二维码无效' },
  scanCodeExpired: {
    en: 'This QR code has expired. Refresh it on the other device',
    zh: '二维码已过期，请在另一台设备上刷新',
  },
  scanCodeUsed: { en: 'This QR code has already been used', zh: '二维码已被使用' },
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
