/** Arranging state through the HTTP API, as another client of the product would. */
import { expect, type APIRequestContext } from '@playwright/test';
import { latestCode, uniqueEmail } from './mailbox';

interface Reply<T> {
  code: number;
  msg: string;
  payload: T;
}

export async function callApi<T>(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
  token?: string,
): Promise<Reply<T>> {
  const res = await request.post(`/api/${path}`, {
    data,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return (await res.json()) as Reply<T>;
}

/** A new account made through the sign-up calls; returns its token. */
export async function signUpByApi(
  request: APIRequestContext,
  prefix = 'api',
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  const password = 'secret123';
  expect(
    (await callApi(request, 'user/generateEmailVerifyCode', { email, type: 'register' })).code,
  ).toBe(0);
  const code = await latestCode(request, email);
  const reply = await callApi<{ token: string }>(request, 'user/emailRegister', {
    email,
    code,
    password,
  });
  expect(reply.code).toBe(0);
  return { email, token: reply.payload.token };
}

/** A meeting that ran and ended: created, joined from one device, left. */
export async function endedMeeting(request: APIRequestContext, token: string): Promise<string> {
  const created = await callApi<{ conferenceId: string }>(
    request,
    'conference/createConference',
    { topic: 'Finished retro' },
    token,
  );
  expect(created.code).toBe(0);
  const conferenceId = created.payload.conferenceId;
  const deviceId = 'e2eDevice000000001';
  const joined = await callApi(
    request,
    'conference/joinConference',
    { conferenceId, deviceId, userConferenceName: 'Host', forceJoin: 1 },
    token,
  );
  expect(joined.code).toBe(0);
  expect(
    (await callApi(request, 'conference/quitConference', { conferenceId, deviceId }, token)).code,
  ).toBe(0);
  const info = await callApi<{ status: number }>(request, 'conference/conferenceInfo', {
    conferenceId,
  });
  expect(info.payload.status).toBe(3);
  return conferenceId;
}
