/**
 * A member's video starts at the lowest simulcast layer (a small keyframe, so the first picture
 * shows quickly) and steps up to the layer its tile wants once that first frame is in: in a
 * meeting of two, the other's big tile ends up wider than the first frame it showed.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('the first frame comes at the lowest layer, then the big tile steps up', async ({
  browser,
  request,
}) => {
  const host = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, host.token, 'Layers');
  const a = await participant(browser, host.token);
  const b = await participant(browser);
  // Every decoded frame's width of every video element, from the first one on.
  await b.room.page.addInitScript(() => {
    const desc = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject')!;
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      ...desc,
      set(this: HTMLVideoElement & { widths?: number[] }, value: MediaStream | null) {
        desc.set!.call(this, value);
        if (this.widths || !(this instanceof HTMLVideoElement)) return;
        const widths: number[] = [];
        this.widths = widths;
        const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
          widths.push(meta.width);
          this.requestVideoFrameCallback(onFrame);
        };
        this.requestVideoFrameCallback(onFrame);
      },
    });
  });
  await a.room.joinThroughUi(conferenceId, 'Hana');
  await b.room.joinThroughUi(conferenceId, 'Bo');

  const video = b.room.tile(String(host.userId)).locator('video');
  const widths = () =>
    video.evaluate((el: HTMLVideoElement & { widths?: number[] }) => el.widths ?? []);
  await expect.poll(async () => (await widths()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const first = (await widths())[0]!;
  await expect
    .poll(async () => Math.max(...(await widths())), { timeout: 15_000 })
    .toBeGreaterThan(first);
});
