/**
 * The route table's account calls (routes.ts): email and visitor sign-in, the profile, the other
 * sign-ins (text message, Google, QR code), the calendar feed, feedback, client logs, the
 * background library and the message center.
 */
import { z } from 'zod';
import type { ApiRoute } from './api-route.js';
import { backgroundImage, backgroundList, deleteBackgroundBody } from './backgrounds.js';
import { clientLogBody, clientLogReply } from './client-log.js';
import { emptyPayload } from './envelope.js';
import { feedbackReply } from './feedback.js';
import { getMessagesBody, markReadBody, markReadReply, messagesReply } from './records.js';
import {
  approveScanBody,
  bindGoogleBody,
  firebaseLoginBody,
  getScanResultBody,
  googleStartBody,
  googleStartPayload,
  phoneLoginBody,
  scanCodePayload,
  scanInfoBody,
  scanInfoPayload,
  scanResultPayload,
  scanStatus,
  sendSmsBody,
  uploadScanInfoBody,
} from './sign-in.js';
import {
  avatarPayload,
  emailLoginBody,
  emailRegisterBody,
  generateEmailVerifyCodeBody,
  loginPayload,
  resetEmailPasswordBody,
  selfInfo,
  updateUserInfoBody,
  verifyEmailCodeBody,
  visitorLoginBody,
} from './user.js';

/** Which ways to sign in this server offers besides email. */
export const signInMethods = z.object({
  phone: z.boolean(),
  google: z.boolean(),
  scan: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethods>;

export const approveScanReply = z.object({ status: scanStatus });

/** The private address of the user's calendar feed. */
export const calendarFeed = z.object({ url: z.string() });

export const accountRoutes = {
  'user/generateEmailVerifyCode': { body: generateEmailVerifyCodeBody, reply: emptyPayload },
  'user/verifyEmailCode': { body: verifyEmailCodeBody, reply: emptyPayload },
  'user/emailRegister': { body: emailRegisterBody, reply: loginPayload },
  'user/emailLogin': { body: emailLoginBody, reply: loginPayload },
  'user/resetEmailPassword': { body: resetEmailPasswordBody, reply: loginPayload },
  'user/visitorLogin': { body: visitorLoginBody, reply: loginPayload },
  'user/logout': { reply: emptyPayload },
  'user/getUserInfo': { reply: selfInfo },
  'user/updateUserInfo': { body: updateUserInfoBody, reply: selfInfo },
  'user/changeAvatar': { upload: true, reply: avatarPayload },

  'tool/send-sms': { body: sendSmsBody, reply: emptyPayload },
  'user/phone-login': { body: phoneLoginBody, reply: loginPayload },
  'user/signInMethods': { reply: signInMethods },
  'user/google/start': { body: googleStartBody, reply: googleStartPayload },
  'user/firebaseLogin': { body: firebaseLoginBody, reply: loginPayload },
  'user/bindGoogle': { body: bindGoogleBody, reply: loginPayload },
  'user/upload-scan-info': { body: uploadScanInfoBody, reply: scanCodePayload },
  'user/get-scan-result': { body: getScanResultBody, reply: scanResultPayload },
  'user/scan-info': { body: scanInfoBody, reply: scanInfoPayload },
  'user/approve-scan': { body: approveScanBody, reply: approveScanReply },

  'user/getCalendarFeed': { reply: calendarFeed },
  'user/resetCalendarFeed': { reply: calendarFeed },
  'user/report': { upload: true, reply: feedbackReply },
  'client-log/report': { body: clientLogBody, reply: clientLogReply },

  'virtual/background/getAll': { reply: backgroundList },
  'virtual/background/upload': { upload: true, reply: backgroundImage },
  'virtual/background/deleteOne': { body: deleteBackgroundBody, reply: emptyPayload },

  'message/getMessages': { body: getMessagesBody, reply: messagesReply },
  'message/markRead': { body: markReadBody, reply: markReadReply },
} as const satisfies Record<string, ApiRoute>;
