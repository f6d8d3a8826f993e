// The live console. Two people in two browser contexts: one decides, the other's list
// row and stat cards change without a reload, through the event stream the signed-in layout opens.
import { request as newRequestContext, type Page } from '@playwright/test';
import { apiSession, expect, SIGNED_OUT, test, useSession } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { ApprovalDetailPage, ApprovalFactory, ApprovalListPage } from '../pages/approvals-page';
import { liveEventsSeen, tapLiveStream } from '../pages/live-stream';
import { OwnApi } from '../pages/own-api';
import { DEMO, signInFresh } from '../pages/sign-in-page';
import { LIVE_COUNT_INTERVAL_MS } from '../../shared-auth/src/live-policy';

/** The server's 409 message, which a decision that lost a race must never show. */
const NOT_PENDING = 'This approval is no longer pending';

/** The sidebar's count of approvals waiting for the signed-in person ('1,204' read as 1204). */
async function sidebarWaiting(page: Page): Promise<number> {
  const text = await page.getByTestId('waiting-badge').textContent();
  return Number.parseInt((text ?? '').replace(/,/g, ''), 10);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a decision made by someone else shows in the list and stat cards without a reload', async ({
  page,
  browser,
  request,
  savedState,
}) => {
  // Two people's browsers, three pages and a wait for the badge's longer interval: 36 s alone on a
  // slow two-core machine, more beside the eight-tab test. The in-place checks keep their own 3 s.
  test.setTimeout(90_000);
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const vendor = `Live${Date.now().toString(36)}`;
  const approval = await factory.create(vendor, [42.5]);

  // The watcher (the signed-in admin of this project).
  const list = new ApprovalListPage(page);
  await list.goto(`?search=${vendor}`);
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(approval)).toContainText('Pending');
  const indicator = page.getByTestId('live-indicator');
  await expect(indicator).toHaveText('Updates: Live');
  const approvedBefore = Number((await page.getByTestId('stat-approved').textContent())!.replace(/,/g, ''));
  const pendingBefore = Number((await page.getByTestId('stat-pending').textContent())!.replace(/,/g, ''));
  // The admin may decide this approval (any one of the company's approver, a MODERATOR or an
  // ADMIN), so it is among the approvals waiting for them.
  await expect(page.getByTestId('waiting-badge')).toBeVisible();
  const sidebarBefore = await sidebarWaiting(page);
  // A mark on this page's window: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { liveTestMark: true }));

  // The decider: another person in a browser context of their own.
  const other = await browser.newContext({ storageState: await savedState('user') });
  try {
    const otherPage = await other.newPage();
    const otherList = new ApprovalListPage(otherPage);
    await otherList.goto(`?search=${vendor}`);
    await otherList.quickApprove(approval).click();
    await otherPage
      .getByRole('alertdialog', { name: 'Approve Bills' })
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(otherList.row(approval)).toContainText('Approved');

    // Within a few seconds, in place.
    await expect(list.row(approval)).toContainText('Approved', { timeout: 3_000 });
    await expect(page.getByTestId('stat-approved')).toHaveText((approvedBefore + 1).toLocaleString('en-US'), {
      timeout: 3_000,
    });
    await expect(page.getByTestId('stat-pending')).toHaveText((pendingBefore - 1).toLocaleString('en-US'), {
      timeout: 3_000,
    });
    // The badge folds other people's changes over a longer interval: a change of another test's
    // just before this one may hold it that long.
    await expect(page.getByTestId('waiting-badge')).toHaveText((sidebarBefore - 1).toLocaleString('en-US'), {
      timeout: LIVE_COUNT_INTERVAL_MS + 2_000,
    });
    expect(await page.evaluate(() => 'liveTestMark' in window)).toBe(true);
  } finally {
    await other.close();
  }

  // An open detail page that someone else decides updates in place and says who did it.
  const second = await factory.create(vendor, [10]);
  await page.goto(`/approvals/${second.id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expect(indicator).toHaveText('Updates: Live');
  await (
    await ApiClient.signIn(request, DEMO.user)
  ).put(`/api/bill-approval/approvals/${second.id}/reject`, {
    rejectionReason: 'Decided elsewhere',
  });
  await expect(page.getByText(/^Rejected by .+ just now$/)).toBeVisible({ timeout: 3_000 });
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
});

test('an open company, user or manager page shows a change made in another session without a reload', async ({
  page,
  request,
}) => {
  const admin = await ApiClient.signIn(request, DEMO.admin);
  const other = await ApiClient.signIn(request, DEMO.moderator);
  const tag = Date.now().toString(36);
  const company = await admin.post<{ id: number }>('/api/company/companies', { name: `Live Record ${tag}` });
  const user = await admin.createUser(`Liverec${tag}`);
  const manager = await admin.createManager({ firstName: 'Live', lastName: `Record${tag}` });
  const records = [
    {
      path: `/companies/${company.id}`,
      before: `Live Record ${tag}`,
      after: `Live Renamed ${tag}`,
      change: () => other.put(`/api/company/companies/${company.id}`, { name: `Live Renamed ${tag}` }),
    },
    {
      path: `/users/${user.id}`,
      before: `${user.firstName} ${user.lastName}`,
      after: `Renamed${tag} ${user.lastName}`,
      change: () =>
        other.put(`/api/user/users/${user.id}`, {
          email: user.email,
          firstName: `Renamed${tag}`,
          lastName: user.lastName,
          role: 'USER',
          isActive: true,
        }),
    },
    {
      path: `/managers/${manager.id}`,
      before: `Live Record${tag}`,
      after: `Renamed Record${tag}`,
      change: () => other.put(`/api/manager/managers/${manager.id}`, { firstName: 'Renamed' }),
    },
  ];
  for (const record of records) {
    await page.goto(record.path);
    await expect(page.getByRole('heading', { level: 1, name: record.before, exact: true })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveText('Updates: Live');
    // A mark on this page's window: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { liveTestMark: true }));
    await record.change();
    await expect(page.getByRole('heading', { level: 1, name: record.after, exact: true })).toBeVisible({
      timeout: 3_000,
    });
    expect(await page.evaluate(() => 'liveTestMark' in window)).toBe(true);
  }
});

// Signing out revokes the session, so this signs in on the page in a context of its own: the saved
// sign-ins must stay valid for the tests that follow.
test('signing out ends the stream with the layout', async ({ browser }) => {
  const own = await browser.newContext({ storageState: SIGNED_OUT });
  try {
    const page = await own.newPage();
    await signInFresh(page, DEMO.moderator);
    const indicator = page.getByTestId('live-indicator');
    await expect(indicator).toHaveText('Updates: Live');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect(indicator).toHaveCount(0);
  } finally {
    await own.close();
  }
});

test('an open approve dialog closes with who decided, instead of ending in a 409', async ({
  page,
  request,
}) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const decider = await ApiClient.signIn(request, DEMO.user);
  const vendor = `LiveDlg${Date.now().toString(36)}`;

  // The detail page: the reviewer has the Approve Bills dialog open.
  const approval = await factory.create(vendor, [15]);
  const detail = new ApprovalDetailPage(page);
  await detail.goto(approval);
  await expect(page.getByTestId('live-indicator')).toHaveText('Updates: Live');
  await detail.approveButton.click();
  await expect(detail.approveDialog).toBeVisible();
  await decider.put(`/api/bill-approval/approvals/${approval.id}/approve`, {});
  await expect(detail.approveDialog).toBeHidden({ timeout: 3_000 });
  await expect(page.getByText(/^Approved by Uma .+ just now$/)).toBeVisible();
  await expect(page.getByText(NOT_PENDING, { exact: false })).toHaveCount(0);

  // The list's quick reject asks for the reason in its dialog: someone else approves while the
  // reviewer types, and the reviewer's answer is met with the same notice, not an error.
  // The first notice goes away first, so the one below can only be the list's.
  await expect(page.getByText(/just now$/)).toHaveCount(0, { timeout: 15_000 });
  const second = await factory.create(vendor, [16]);
  const list = new ApprovalListPage(page);
  await list.goto(`?search=${vendor}`);
  await expect(list.row(second)).toContainText('Pending');
  await list.quickReject(second).click();
  const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
  await rejectDialog.getByLabel('Rejection Reason').fill('Too late');
  await decider.put(`/api/bill-approval/approvals/${second.id}/approve`, {});
  await rejectDialog.getByRole('button', { name: 'Reject Approval' }).click();
  await expect(page.getByText(/^Approved by Uma .+ just now$/)).toBeVisible();
  await expect(list.row(second)).toContainText('Approved');
  await expect(page.getByText(NOT_PENDING, { exact: false })).toHaveCount(0);
});

test('a GUEST receives no event about vendor bank accounts; a MODERATOR does', async ({
  page,
  browser,
  request,
  savedState,
}) => {
  const admin = await ApiClient.signIn(request, DEMO.admin);
  const moderator = await ApiClient.signIn(request, DEMO.moderator);
  const company = await admin.post<{ id: number }>('/api/company/companies', {
    name: `Live Guest ${Date.now()}`,
  });

  // The watcher with every right (this project's admin) and a GUEST, each with the stream tapped.
  await tapLiveStream(page);
  await page.goto(`/companies/${company.id}`);
  await expect(page.getByTestId('live-indicator')).toHaveText('Updates: Live');
  const guestContext = await browser.newContext({ storageState: await savedState('guest') });
  try {
    const guest = await guestContext.newPage();
    await tapLiveStream(guest);
    await guest.goto(`/companies/${company.id}`);
    await expect(guest.getByTestId('live-indicator')).toHaveText('Updates: Live');

    const account = await moderator.post<{ id: number; control: { version: number } }>(
      `/api/company/companies/${company.id}/vendor-accounts`,
      {
        vendorRef: 'LIVE-GUEST',
        vendorName: 'Guest Test Vendor',
        routingNumber: '021000021',
        accountNumber: '987654321',
        accountType: 'checking',
      },
    );
    await admin.put(`/api/company/companies/${company.id}/vendor-accounts/${account.id}/confirm`, {
      version: account.control.version,
    });
    // A change every role hears of, after the account's: once it has arrived, so would they have.
    await admin.put(`/api/company/companies/${company.id}/deactivate`);

    const about = (kind: string) => (e: { data: Record<string, unknown> }) =>
      e.data['kind'] === kind && e.data['id'] === String(company.id);
    await expect
      .poll(async () => (await liveEventsSeen(page)).some(about('payments.vendor_account.confirm')))
      .toBe(true);
    expect((await liveEventsSeen(page)).find(about('payments.vendor_account.create'))?.data).toMatchObject({
      status: 'PENDING',
      version: account.control.version,
    });
    await expect.poll(async () => (await liveEventsSeen(guest)).some(about('company.deactivate'))).toBe(true);
    const guestEvents = await liveEventsSeen(guest);
    expect(guestEvents.filter((e) => /^payments\.|vendor_account/.test(String(e.data['kind'])))).toEqual([]);
    expect(JSON.stringify(guestEvents)).not.toContain('987654321');
  } finally {
    await guestContext.close();
  }
});

test('after the API is stopped and restarted, the page reconnects and replays what it missed', async ({
  browser,
  server: workerServer,
}) => {
  test.setTimeout(150_000);
  // Its own port beside the worker's server, and its own data folder: stopping it touches nothing else.
  const api = await OwnApi.start(workerServer.sparePort);
  const url = api.url;
  const context = await browser.newContext({ baseURL: url, storageState: SIGNED_OUT });
  const request = await newRequestContext.newContext({ baseURL: url });
  try {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = `LiveRestart${Date.now().toString(36)}`;
    const approval = await factory.create(vendor, [21]);

    const page = await context.newPage();
    await tapLiveStream(page);
    await useSession(page, await apiSession(request, DEMO.admin), null);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.row(approval)).toContainText('Pending');
    const indicator = page.getByTestId('live-indicator');
    await expect(indicator).toHaveText('Updates: Live');
    await page.evaluate(() => Object.assign(window, { liveTestMark: true }));
    const lastSeen = (await liveEventsSeen(page)).length;

    // The API goes away (its own pid); the page says so and keeps trying.
    await page.route('**/api/events', (route) => route.abort());
    await api.stop();
    await expect(indicator).toHaveText('Updates: Reconnecting…');

    // Back again; someone decides while this page is still not connected.
    await api.restart();
    const decider = await ApiClient.signIn(request, DEMO.user);
    await decider.put(`/api/bill-approval/approvals/${approval.id}/approve`, {});

    // The page's next attempt sends its Last-Event-ID and is replayed the decision it missed.
    await page.unroute('**/api/events');
    await expect(indicator).toHaveText('Updates: Live', { timeout: 45_000 });
    await expect(list.row(approval)).toContainText('Approved', { timeout: 5_000 });
    const replayed = (await liveEventsSeen(page)).slice(lastSeen);
    expect(replayed.map((e) => e.event)).not.toContain('resync');
    expect(replayed.find((e) => e.data['id'] === approval.id)?.data).toMatchObject({
      kind: 'approval.approve',
      status: 'APPROVED',
    });
    expect(await page.evaluate(() => 'liveTestMark' in window)).toBe(true);
  } finally {
    await context.close();
    await request.dispose();
    await api.dispose();
  }
});
