/** The live event stream as a browser's streaming fetch reads it, for the API's tests. */
import { expect } from 'vitest';
import type { AppConfig } from '../config';
import { companies, users } from '../db/schema';
import { recordActivity } from '../modules/activity/activity.service';
import { build, testConfig, type TestContext } from './build';

export interface Received {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** Fields of the blocks without data (the start's id, `retry:`), in order. */
export interface StreamControl {
  id?: string;
  retry?: string;
}

/** An open stream of `token` on the API at `base`, read as the browser's streaming fetch reads it. */
export async function openEventStream(base: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const received: Received[] = [];
  const control: StreamControl[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('data')) {
            if (fields.size > 0) control.push(Object.fromEntries(fields) as StreamControl);
            continue;
          }
          received.push({
            id: fields.get('id') ?? null,
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
          });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return { received, control, ended, close: () => controller.abort() };
}

/** Polls `check` until it answers something, for up to `ms`. */
export async function until<T>(check: () => T | undefined | false, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A test app whose event streams last the whole test (the test configuration otherwise ends them
 * quickly), with no safety poll within a test's time, so every delivery comes through the
 * database's wake-up; `liveEvents` overrides more of the stream's settings.
 */
export function buildForStreams(liveEvents: Partial<AppConfig['liveEvents']> = {}): Promise<TestContext> {
  return build({
    config: {
      liveEvents: {
        ...testConfig().liveEvents,
        maxStreamMs: 60_000,
        sessionCheckMs: 200,
        safetyPollMs: 600_000,
        ...liveEvents,
      },
    },
    app: { approvalSweep: false },
  });
}

/** A committed change of the first company, recorded as the services record them; its id. */
export async function recordCompanyChange(t: TestContext, action = 'company.update'): Promise<string> {
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  const [who] = await t.database.db.select().from(users).limit(1);
  await t.database.db.transaction((tx) =>
    recordActivity(tx, who!, 'company', company!.id, { action, description: 'test' }),
  );
  return String(company!.id);
}

/**
 * Approves, as the holder of `adminToken`, a PENDING approval at its last step (the default policy
 * asks a second step from $10,000), so the approve decides it; its id.
 */
export async function approveOneAtLastStep(t: TestContext, adminToken: string): Promise<string> {
  const pending = await t.request({
    method: 'GET',
    url: '/api/bill-approval/approvals?status=PENDING&limit=25',
    token: adminToken,
  });
  expect(pending.statusCode, pending.body).toBe(200);
  const lastStep = pending
    .json<{ data: { id: string; currentStep: number | null; stepCount: number }[] }>()
    .data.filter((row) => row.currentStep === row.stepCount);
  for (const row of lastStep) {
    const response = await t.request({
      method: 'PUT',
      url: `/api/bill-approval/approvals/${row.id}/approve`,
      token: adminToken,
      payload: {},
    });
    if (response.statusCode === 200) return row.id;
  }
  throw new Error('no PENDING approval at its last step could be approved');
}
