import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BASE_URL,
  type Browser,
  CAPTCHA_URL,
  enterSignupCode,
  login,
  openBrowser,
  PASSWORD,
  screenshot,
} from '../support.ts';

describe('access', () => {
  let browser: Browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(() => browser.close());

  it("sends a visitor's deep link to login and back after login", async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/trainingcamp/myexam/exam?from=deep`);
    await page.waitForURL(/\/login\?from=/);
    assert.equal(new URL(page.url()).searchParams.get('from'), '/trainingcamp/myexam/exam?from=deep');
    await page.getByTestId('login-username').fill('student');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/trainingcamp/myexam/exam');
    assert.equal(new URL(page.url()).search, '?from=deep');
    await page.getByTestId('site-name').waitFor();
    await page.context().clearCookies();
  });

  it('shows the wrong-password message', async () => {
    const { page } = browser;
    await page.goto(`${BASE_URL}/login`);
    await page.getByTestId('login-username').fill('student');
    await page.getByTestId('login-password').fill('Wrong1234');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText('账号或密码错误').waitFor();
    assert.match(page.url(), /\/login/);
  });

  it('shows the wrong-captcha message, and the captcha image refreshes on click', async () => {
    const { page } = browser;
    await page.goto(`${CAPTCHA_URL}/login`);
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const first = await image.getAttribute('src');
    await image.click();
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== old,
      first,
    );
    await page.getByTestId('login-username').fill('student');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-captcha').fill('zzzz');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText('验证码错误或已过期，请重新输入').waitFor();
  });

  it('writes screenshots of the login page in both languages', async () => {
    const { page } = browser;
    await page.goto(`${CAPTCHA_URL}/login`);
    await page.getByTestId('captcha-image').waitFor();
    await screenshot(page, 'login-zh-CN');
    const english = await openBrowser({ locale: 'en-US' });
    try {
      await english.page.goto(`${CAPTCHA_URL}/login`);
      await english.page.getByTestId('login-submit').waitFor();
      assert.doesNotMatch(await english.page.locator('body').innerText(), /[\u3400-\u9fff]/);
      await screenshot(english.page, 'login-en-US');
    } finally {
      await english.close();
    }
  });

  it('a login from the website form goes to my info', async () => {
    const { page } = browser;
    await login(page, 'teacher', { from: undefined });
    await page.context().clearCookies();
    await page.goto(`${BASE_URL}/login?from=website`);
    await page.getByTestId('login-username').fill('teacher');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/myinfo/teacher');
    await page.context().clearCookies();
  });

  it('signs an organisation up with the code mailed to its address; the manager lands in my info', async () => {
    const { page } = browser;
    const serial = Date.now() % 1_000_000;
    const email = `founder${serial}@e2e.example.com`;
    await page.goto(`${BASE_URL}/registersite`);
    await page.getByTestId('register-site-name').fill(`浏览器机构${serial}`);
    await page.getByTestId('register-email').fill(email);
    await enterSignupCode(page, email);
    await page.getByTestId('register-mobile').fill('13800000000');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-password-again').fill(PASSWORD);
    await page.getByTestId('register-agreement').check();
    await screenshot(page, 'register-site-code-zh-CN');
    await page.getByTestId('register-submit').click();
    await page.waitForURL((url) => url.pathname === '/myinfo/teacher');
    await page.context().clearCookies();
  });
});
