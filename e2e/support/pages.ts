/** Page objects for the account screens and the Home shell, in the words a user would use. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestCode } from './mailbox';

export class SigninScreen {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/signin${query}`);
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.page.locator('input[name="email"]').fill(email);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
}

export class SignUpScreen {
  readonly email: Locator;
  readonly code: Locator;
  readonly password: Locator;

  constructor(
    private readonly page: Page,
    private readonly request: APIRequestContext,
  ) {
    this.email = page.locator('input[name="email"]');
    this.code = page.locator('input[name="code"]');
    this.password = page.locator('input[name="password"]');
  }

  async open() {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  async requestCode(email: string) {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send code' }).click();
    await expect(this.code).toBeVisible();
  }

  async enterCode(code: string) {
    await this.code.fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  async enterMailedCode(email: string) {
    await this.enterCode(await latestCode(this.request, email));
    await expect(this.password).toBeVisible();
  }

  async choosePassword(password: string) {
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  /** The whole flow, ending on Home. */
  async signUp(email: string, password: string) {
    await this.open();
    await this.requestCode(email);
    await this.enterMailedCode(email);
    await this.choosePassword(password);
    await expect(this.page).toHaveURL(/\/home\/meetings$/);
  }
}

export class HomeShell {
  readonly avatarButton: Locator;
  readonly accountName: Locator;
  readonly profileDialog: Locator;

  constructor(private readonly page: Page) {
    this.avatarButton = page.getByTestId('avatar-menu-button');
    this.accountName = page.getByTestId('account-name');
    this.profileDialog = page.getByRole('dialog', { name: 'Edit profile' });
  }

  async openAccountMenu() {
    await this.avatarButton.click();
    await expect(this.page.getByRole('menu', { name: 'Account menu' })).toBeVisible();
  }

  async signOut() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(this.page).toHaveURL(/\/signin/);
  }

  async openProfile() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await expect(this.profileDialog).toBeVisible();
  }

  /** The avatar picture in the header, once the user has one. */
  headerAvatarImage(): Locator {
    return this.avatarButton.locator('img');
  }
}

/**
 * Picks `zone` in a time zone picker (a combobox that filters as one types): types its name and
 * clicks its option, or presses Enter on the first match when `by` is 'keyboard'.
 */
export async function pickZone(
  combobox: Locator,
  zone: string,
  by: 'mouse' | 'keyboard' = 'mouse',
): Promise<void> {
  const name = zone.replace(/_/g, ' ');
  await combobox.click();
  await combobox.fill(name);
  const listbox = combobox.page().getByRole('listbox');
  await expect(listbox).toBeVisible();
  if (by === 'keyboard') await combobox.press('Enter');
  else {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    await listbox.getByRole('option', { name: new RegExp(`\\) ${escaped}$`) }).click();
  }
  await expect(listbox).toBeHidden();
}

/** Home › Meetings: the top actions, the zone picker and the day groups. */
export class MeetingsHome {
  /** The searchable time zone field. */
  readonly zonePicker: Locator;
  /** The chosen zone's IANA name, as the form carries it. */
  readonly zoneValue: Locator;
  readonly finishedList: Locator;
  readonly upcomingList: Locator;

  constructor(private readonly page: Page) {
    this.zonePicker = page.getByRole('combobox', { name: 'Time zone' });
    this.zoneValue = page.locator('input[name="listTimezone"]');
    this.upcomingList = page.getByRole('region', { name: 'Upcoming' });
    this.finishedList = page.getByTestId('finished-list');
  }

  async open() {
    await this.page.goto('/home/meetings');
    await expect(this.page.getByRole('button', { name: 'New meeting' })).toBeVisible();
  }

  async showIn(timezone: string, by: 'mouse' | 'keyboard' = 'keyboard') {
    await pickZone(this.zonePicker, timezone, by);
    await expect(this.zoneValue).toHaveValue(timezone);
  }

  /** The day group whose heading includes `label` ("Tomorrow", "Today", a date). */
  group(label: string | RegExp): Locator {
    return this.page.getByRole('region', { name: label });
  }

  groupOn(date: string): Locator {
    return this.page.locator(`[data-testid="meeting-group"][data-date="${date}"]`);
  }

  item(topic: string): Locator {
    return this.page.getByTestId('meeting-item').filter({ hasText: topic });
  }

  async openSchedule(): Promise<ReservationDialog> {
    await this.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const dialog = new ReservationDialog(this.page, 'Schedule a meeting');
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async edit(topic: string): Promise<ReservationDialog> {
    await this.item(topic).getByRole('button', { name: 'Edit' }).click();
    const dialog = new ReservationDialog(this.page, 'Edit meeting');
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async delete(topic: string) {
    await this.item(topic).getByRole('button', { name: 'Delete' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Delete this meeting?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }

  async startNewMeeting() {
    await this.page.getByRole('button', { name: 'New meeting' }).click();
    await expect(this.page).toHaveURL(/\/meeting\/\d{9,10}$/);
  }
}

export interface ReservationInput {
  topic?: string;
  timezone?: string;
  startDate?: string;
  startTime?: string;
  endDate?: string;
  endTime?: string;
}

export class ReservationDialog {
  readonly root: Locator;

  constructor(
    private readonly page: Page,
    title: string,
  ) {
    this.root = page.getByRole('dialog', { name: title });
  }

  field(name: string): Locator {
    return this.root.locator(`[name="${name}"]`);
  }

  /** Fills in the given fields, start before end so an untouched end follows the start. */
  async fill(input: ReservationInput) {
    if (input.topic !== undefined) await this.field('topic').fill(input.topic);
    if (input.timezone) {
      await pickZone(this.root.getByRole('combobox', { name: 'Time zone' }), input.timezone);
      await expect(this.field('timezone')).toHaveValue(input.timezone);
    }
    for (const name of ['startDate', 'startTime', 'endDate', 'endTime'] as const) {
      const value = input[name];
      if (value !== undefined) await this.field(name).fill(value);
    }
  }

  async submit() {
    await this.root.locator('button[type="submit"]').click();
  }

  async submitAndClose() {
    await this.submit();
    await expect(this.root).toBeHidden();
  }
}

/** /join and /i/{id}: the join form. */
export class JoinScreen {
  readonly conferenceId: Locator;
  readonly name: Locator;
  readonly joinButton: Locator;
  readonly notice: Locator;

  constructor(private readonly page: Page) {
    this.conferenceId = page.locator('input[name="conferenceId"]');
    this.name = page.locator('input[name="userConferenceName"]');
    this.joinButton = page.getByRole('button', { name: 'Join', exact: true });
    this.notice = page.getByTestId('invite-notice');
  }

  async join(conferenceId: string, name: string) {
    await this.conferenceId.fill(conferenceId);
    await this.name.fill(name);
    await this.joinButton.click();
  }

  toast(text: string): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }
}

/** /meeting/{id} until the live room: topic, Share and Leave. */
export class MeetingRoom {
  readonly title: Locator;

  constructor(private readonly page: Page) {
    this.title = page.locator('#meeting-title');
  }

  id(): string {
    return /\/meeting\/(\d+)/.exec(this.page.url())![1]!;
  }

  async openShare(): Promise<Locator> {
    await this.page.getByTestId('share-meeting').click();
    const dialog = this.page.getByRole('dialog', { name: 'Share meeting' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Leaves from the pre-join screen or from the room, whichever is showing. */
  async leave() {
    await this.page.getByTestId('prejoin-leave').or(this.page.getByTestId('leave')).click();
  }
}
