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
