/**
 * The live room as a participant sees it, through the test hooks only: member tiles
 * (`data-member-id`, `data-source`), their <video> and <audio>, and `connection-state`.
 * Media checks read what the browser decodes, never the app's own bookkeeping.
 */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { latestCode, uniqueEmail } from './mailbox';

export interface Account {
  token: string;
  userId: number;
  name: string;
}

/** A registered user, signed up through the API with the mailed code. */
export async function registeredUser(
  request: APIRequestContext,
  name = 'Host',
): Promise<Account & { email: string }> {
  const email = uniqueEmail(name.toLowerCase());
  await request.post('/api/user/generateEmailVerifyCode', { data: { email, type: 'register' } });
  const code = await latestCode(request, email);
  const res = await (
    await request.post('/api/user/emailRegister', { data: { email, code, password: 'secret123' } })
  ).json();
  const token = res.payload.token as string;
  await request.post('/api/user/updateUserInfo', {
    data: { username: name },
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, userId: res.payload.userInfo.userId, name, email };
}

export async function createMeeting(
  request: APIRequestContext,
  token: string,
  topic = 'Weekly sync',
): Promise<string> {
  const res = await request.post('/api/conference/createConference', {
    data: { topic },
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).payload.conferenceId as string;
}

/** Signs a browser in with a token made through the API, before the app starts (as if signed in earlier). */
export async function signInWithToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', t);
      localStorage.setItem('loginType', 'email');
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

/** A participant in their own browser context (camera and microphone allowed), optionally signed in. */
export async function participant(browser: Browser, token?: string, baseURL?: string) {
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    ...(baseURL ? { baseURL } : {}),
  });
  if (token) await signInWithToken(context, token);
  const page = await context.newPage();
  return { context, room: new RoomPage(page) };
}

type Participant = Awaited<ReturnType<typeof participant>>;

/**
 * Ada (signed in, camera on) and Bo (camera off) join one meeting; once Bo plays Ada's video,
 * Ada's page (`page`) sets effects and Bo's (`seen`) reads what arrives — the effects tests' scene.
 */
export async function adaSeenByBo(
  ada: Participant,
  bo: Participant,
  conferenceId: string,
  adaUserId: number,
) {
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const adaId = String(adaUserId);
  await bo.room.expectVideoPlaying(adaId);
  return { adaId, page: ada.room.page, seen: bo.room.page };
}

export class RoomPage {
  constructor(readonly page: Page) {}

  /** From the Join page through the pre-join screen into the room. */
  async joinThroughUi(
    conferenceId: string,
    name: string,
    options: { camera?: boolean; mic?: boolean } = {},
  ) {
    const { page } = this;
    await page.goto('/join');
    await page.locator('input[name="conferenceId"]').fill(conferenceId);
    await page.locator('input[name="userConferenceName"]').fill(name);
    await page.locator('input[name="userConferenceName"]').press('Enter');
    await page.waitForURL(`**/meeting/${conferenceId}`);
    await this.joinFromPrejoin(options);
  }

  async joinFromPrejoin(options: { camera?: boolean; mic?: boolean } = {}) {
    const { page } = this;
    const joinNow = page.getByRole('button', { name: /join now/i });
    await expect(joinNow).toBeVisible({ timeout: 15_000 });
    if (options.camera === false) await page.getByTestId('toggle-camera').click();
    if (options.mic === false) await page.getByTestId('toggle-mic').click();
    await joinNow.click();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
      timeout: 15_000,
    });
  }

  /** Fills the Join page and asks to join, without going further (lock box, waiting room…). */
  async askToJoin(conferenceId: string, name: string) {
    const { page } = this;
    await page.goto('/join');
    await page.locator('input[name="conferenceId"]').fill(conferenceId);
    await page.locator('input[name="userConferenceName"]').fill(name);
    await page.locator('input[name="userConferenceName"]').press('Enter');
  }

  /**
   * After a reload mid-meeting (issue 29): the same meeting's page, straight back in the room
   * with the same name and devices — no invite page, no click.
   */
  async backAfterReload(conferenceId: string) {
    const { page } = this;
    await expect(page).toHaveURL(new RegExp(`/meeting/${conferenceId}$`));
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
      timeout: 20_000,
    });
    await expect(page).toHaveURL(new RegExp(`/meeting/${conferenceId}$`));
  }

  /** The signed-in user's id (visitors included), as tiles and rows name members. */
  async userId(): Promise<string> {
    return this.page.evaluate(async () => {
      const res = await fetch('/api/user/getUserInfo', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return String((await res.json()).payload.userId);
    });
  }

  /** Opens the right panel on one of its tabs. */
  async openPanel(tab: 'members' | 'chat' | 'waiting' | 'controls') {
    const { page } = this;
    const panel = page.getByTestId('room-panel');
    if (!(await panel.isVisible())) {
      await page.getByTestId(tab === 'chat' ? 'chat-toggle' : 'members-panel').click();
    }
    await expect(panel).toBeVisible();
    await page.getByTestId(`panel-tab-${tab}`).click();
  }

  async sendChat(text: string) {
    await this.page.locator('textarea[name="chatMessage"]').fill(text);
    await this.page.getByTestId('chat-send').click();
    await expect(
      this.page
        .getByTestId('chat-message')
        .filter({ hasText: text.slice(0, 20) })
        .last(),
    ).toBeVisible();
  }

  /** A member's row in the members panel. */
  memberRow(memberId: number | string) {
    return this.page.locator(`[data-member-row="${memberId}"]`);
  }

  /** The host's action on a member, from the row's "more" menu. */
  async memberAction(
    memberId: number | string,
    action: 'member-mute' | 'member-video' | 'member-make-host' | 'member-remove',
  ) {
    const row = this.memberRow(memberId);
    await row.getByTestId('member-more').click();
    await expect(row.getByRole('menu')).toBeVisible();
    await row.getByTestId(action).click();
  }

  tile(memberId: number | string, source: 'camera' | 'screen' = 'camera') {
    return this.page.locator(`[data-member-id="${memberId}"][data-source="${source}"]`);
  }

  /** The member's video decodes new frames at a real size, sampled twice. */
  async expectVideoPlaying(
    memberId: number | string,
    source: 'camera' | 'screen' = 'camera',
    timeout = 10_000,
  ) {
    const selector = `[data-member-id="${memberId}"][data-source="${source}"] video`;
    await expect
      .poll(
        async () =>
          this.page.evaluate(async (sel) => {
            const video = document.querySelector<HTMLVideoElement>(sel);
            if (!video) return 'no video element';
            if (video.videoWidth === 0) {
              const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
              return `no frames (track ${track ? `${track.readyState}${track.muted ? ' muted' : ''}` : 'none'})`;
            }
            const before = video.getVideoPlaybackQuality().totalVideoFrames;
            await new Promise((r) => setTimeout(r, 250));
            const after = video.getVideoPlaybackQuality().totalVideoFrames;
            return after > before ? 'playing' : 'frozen';
          }, selector),
        { timeout, intervals: [100] },
      )
      .toBe('playing');
  }

  /**
   * Loudness (RMS, 0–1) of what this page receives — from one member, or from everyone —
   * measured for 1.5 s through Web Audio on the tracks its <audio> elements play.
   */
  async receivedAudioLevel(memberId?: number | string): Promise<number> {
    return this.page.evaluate(
      async (id) => {
        const selector = id === undefined ? 'audio' : `audio[data-peer-audio="${id}"]`;
        const streams = [...document.querySelectorAll<HTMLAudioElement>(selector)]
          .map((a) => a.srcObject)
          .filter(
            (s): s is MediaStream => s instanceof MediaStream && s.getAudioTracks().length > 0,
          );
        if (streams.length === 0) return 0;
        const ctx = new AudioContext();
        await ctx.resume();
        const analysers = streams.map((s) => {
          const analyser = ctx.createAnalyser();
          analyser.fftSize = 2048;
          ctx.createMediaStreamSource(s).connect(analyser);
          return analyser;
        });
        const data = new Float32Array(2048);
        let peak = 0;
        for (let i = 0; i < 15; i++) {
          await new Promise((r) => setTimeout(r, 100));
          for (const a of analysers) {
            a.getFloatTimeDomainData(data);
            let sum = 0;
            for (const v of data) sum += v * v;
            peak = Math.max(peak, Math.sqrt(sum / data.length));
          }
        }
        await ctx.close();
        return peak;
      },
      memberId === undefined ? undefined : String(memberId),
    );
  }

  connectionState() {
    return this.page.getByTestId('connection-state');
  }
}

/**
 * Keeps every RTCPeerConnection the context's pages make in `window.__peerConnections`, so a
 * test can read what is really sent and received (senders, stats).
 */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    Object.assign(window, { __peerConnections: made });
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    };
  });
}
