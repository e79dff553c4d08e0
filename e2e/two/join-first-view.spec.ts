/**
 * Joining a meeting: what the newcomer's browser asks of the server, read from its /room socket.
 * The first subscription goes out with the stage's first tiles (guessed from the join answer
 * before the room renders) and the camera is published after it: one negotiation, no layer
 * corrected afterwards, others' video first.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('a newcomer subscribes once, at the layer its tile needs, before publishing its own camera', async ({
  browser,
  request,
}) => {
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'First view');
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  await ada.room.joinThroughUi(conferenceId, 'Ada');

  const sent: { type: string; text: string }[] = [];
  bo.room.page.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const text = String(payload);
      const type = /"request",\{"type":"(\w+)"/.exec(text)?.[1];
      if (type) sent.push({ type, text });
    }),
  );
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  await bo.room.expectVideoPlaying(adaAccount.userId);
  // Time for a correction, if the stage disagreed with the guess.
  await bo.room.page.waitForTimeout(1000);

  const types = sent.map((s) => s.type);
  expect(types.filter((t) => t === 'subscribe')).toHaveLength(1);
  expect(types).not.toContain('setConsumerPreferredLayers');
  expect(types.indexOf('subscribe')).toBeLessThan(types.indexOf('publish'));
  // Ada's audio and video in that one subscription; two people on a 1280 × 720 page: Ada fills
  // the stage (Bo is the corner window), so the high layer.
  const subscribe = sent.find((s) => s.type === 'subscribe')!.text;
  expect(subscribe.match(/"feed"/g)).toHaveLength(2);
  expect(subscribe).toContain('"substream":2');

  await ada.room.expectVideoPlaying(await bo.room.userId());
  await ada.context.close();
  await bo.context.close();
});
