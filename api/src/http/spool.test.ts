import { describe, expect, it } from 'vitest';
import { Spool } from './spool.js';

describe('Spool', () => {
  it('hands a producer failure to the reader without an unhandled error on the writer', async () => {
    const spool = new Spool();
    const failure = new Error('Client has encountered a connection error and is not queryable');
    const received = new Promise<unknown>((resolve) => spool.readable.once('error', resolve));
    // Nothing has been piped into the writer yet: without the spool's own listener this 'error'
    // would reach process 'uncaughtException' and stop the API.
    let uncaught: unknown;
    const onUncaught = (error: unknown) => (uncaught = error);
    process.once('uncaughtException', onUncaught);
    try {
      spool.writable.destroy(failure);
      expect(await received).toBe(failure);
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toBeUndefined();
      expect(spool.writable.listenerCount('error')).toBeGreaterThan(0);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });

  it('passes every byte through in order', async () => {
    const spool = new Spool();
    const parts = [Buffer.from('a'.repeat(70_000)), Buffer.from('b'.repeat(10))];
    const read = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of spool.readable) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    })();
    for (const part of parts)
      await new Promise<void>((resolve, reject) =>
        spool.writable.write(part, (e) => (e ? reject(e) : resolve())),
      );
    spool.writable.end();
    expect((await read).equals(Buffer.concat(parts))).toBe(true);
  });
});
