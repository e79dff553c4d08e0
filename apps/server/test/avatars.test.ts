/**
 * The avatars' list (issue 15, `/tool/getVirtualPersonList`): the characters that ship, for any
 * signed-in account (visitors too), named in the request's language, each with a picture the
 * product itself serves.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AVATAR_IDS } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { registered, visitor } from './room-members.js';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const list = (token: string | undefined, extra: Record<string, unknown> = {}) =>
  t.post('/api/tool/getVirtualPersonList', extra, token);

describe('/tool/getVirtualPersonList', () => {
  test('a signed-in member gets the shipped characters with English names by default', async () => {
    const ada = await registered(t);
    const reply = (await list(ada.token)).json();
    expect(reply.code).toBe(0);
    expect(reply.payload.list).toEqual([
      { id: 'cat', name: 'Cat', preview: '/avatars/cat.svg' },
      { id: 'robot', name: 'Robot', preview: '/avatars/robot.svg' },
      { id: 'fox', name: 'Fox', preview: '/avatars/fox.svg' },
      { id: 'professor', name: 'Professor', preview: '/avatars/professor.svg' },
    ]);
  });

  test('a visitor gets the list too, named in Chinese when the request asks for it', async () => {
    const guest = await visitor(t);
    const byField = (await list(guest.token, { language: 'zh-CN' })).json();
    expect(byField.code).toBe(0);
    expect(byField.payload.list.map((p: { name: string }) => p.name)).toEqual([
      '猫咪',
      '机器人',
      '狐狸',
      '眼镜先生',
    ]);
    const byHeader = await t.post('/api/tool/getVirtualPersonList', {}, guest.token, {
      headers: { authorization: `Bearer ${guest.token}`, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(byHeader.json().payload.list[0].name).toBe('猫咪');
  });

  test('without a sign-in the list is refused with 203', async () => {
    const res = await list(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(203);
  });

  test('every preview is a same-origin SVG that ships with the web app', async () => {
    const ada = await registered(t);
    const previews: string[] = (await list(ada.token))
      .json()
      .payload.list.map((p: { preview: string }) => p.preview);
    expect(previews).toHaveLength(AVATAR_IDS.length);
    for (const preview of previews) {
      expect(preview).toMatch(/^\/avatars\/[a-z]+\.svg$/);
      const svg = await readFile(path.join(PUBLIC_DIR, preview), 'utf8');
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      // Nothing fetched from elsewhere: no external references inside the picture.
      expect(svg).not.toMatch(/(href|src)="(https?:)?\/\//);
    }
  });
});

describe("the System setting (the server config's systemSetting)", () => {
  test('by default the voice changer and avatars are offered, and the engines are named', async () => {
    const reply = (await t.post('/api/getServerConfig', {})).json();
    expect(reply.payload.systemSetting).toEqual({
      isVVoiceEnabled: true,
      isVHumanEnabled: true,
      appEnv: 'test',
      vvoiceEnv: 'browser',
      interpretEnv: t.config.engines.translate.join(','),
      subtitleEnv: t.config.engines.asr.engine,
      useSimulcast: true,
    });
  });

  test('AVATARS=off and VOICE_CHANGER=off: neither is offered, and no character is listed', async () => {
    const off = await build({ AVATARS: 'off', VOICE_CHANGER: 'off' });
    try {
      const setting = (await off.post('/api/getServerConfig', {})).json().payload.systemSetting;
      expect(setting.isVHumanEnabled).toBe(false);
      expect(setting.isVVoiceEnabled).toBe(false);
      const ada = await registered(off);
      const reply = (await off.post('/api/tool/getVirtualPersonList', {}, ada.token)).json();
      expect(reply).toMatchObject({ code: 0, payload: { list: [] } });
    } finally {
      await off.close();
    }
  });

  test('a value other than on or off is refused at start-up', async () => {
    await expect(build({ AVATARS: 'maybe' })).rejects.toThrow(/AVATARS/);
  });
});
