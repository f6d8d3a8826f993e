// A fresh second factor before a large payment: the demo USER, signed in long enough ago, approves a
// $12,000 approval; the server asks for a step-up, the console asks for a code in a dialog over the
// page, and the approval goes through without a reload and without asking again.
import { request as newRequestContext } from '@playwright/test';
import { SECOND_FACTOR_TEXT } from '../../shared-contracts/src/second-factors';
import { apiSession, expect, SIGNED_OUT, test, useSession } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalDetailPage, ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { OwnApi } from '../pages/own-api';
import { nextDemoCode } from '../pages/second-step';
import { DEMO } from '../pages/sign-in-page';

// Its own API process: the worker's server keeps factors fresh for an hour (its saved sign-ins are
// made when the run starts), and this journey needs one that goes stale within the test.
const STEP_UP_SECONDS = 12;

test('a $12,000 approval asks for a fresh code in a dialog, then is approved in place', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const api = await OwnApi.start(server.sparePort, { STEP_UP_MINUTES: String(STEP_UP_SECONDS / 60) });
  const request = await newRequestContext.newContext({ baseURL: api.url });
  const context = await browser.newContext({ baseURL: api.url, storageState: SIGNED_OUT });
  try {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const approval = await factory.create(`StepUp${Date.now().toString(36)}`, [12_000]);

    const page = await context.newPage();
    await withoutLiveStream(page);
    const signedInAt = Date.now();
    await useSession(page, await apiSession(request, DEMO.user), null);
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    await page.evaluate(() => Object.assign(window, { stepUpTestMark: true }));
    // Time passes: the factor the sign-in gave is no longer fresh.
    await page.waitForTimeout(Math.max(0, signedInAt + STEP_UP_SECONDS * 1000 + 1_000 - Date.now()));

    await detail.approveButton.click();
    await detail.approveDialog.getByRole('button', { name: 'Approve 1 of 1' }).click();
    const stepUp = page.getByRole('alertdialog', { name: SECOND_FACTOR_TEXT.stepUpTitle });
    await expect(stepUp).toBeVisible();
    await expect(stepUp.getByLabel(SECOND_FACTOR_TEXT.codeLabel)).toBeFocused();
    await checkBothThemes(page, 'step-up-dialog');

    await stepUp.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(await nextDemoCode(api.url, DEMO.user));
    await stepUp.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).click();
    await expect(stepUp).toBeHidden();
    await expect(detail.approveDialog).toBeHidden();

    // The decision went through once, on the page the person was on: the default policy's second
    // step (an ADMIN, from $10,000) is next.
    const checker = await ApiClient.signIn(request, DEMO.moderator);
    await expect
      .poll(
        async () =>
          (await checker.get<{ currentStep: number }>(`/api/bill-approval/approvals/${approval.id}`)).body
            .data.currentStep,
      )
      .toBe(2);
    expect(await page.evaluate(() => 'stepUpTestMark' in window)).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/approvals/${approval.id}$`));
  } finally {
    await context.close();
    await request.dispose();
    await api.dispose();
  }
});
