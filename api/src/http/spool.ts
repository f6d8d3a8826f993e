import { randomBytes } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';

/** Bytes read from the file per push to the reader. */
const READ_SIZE = 64 * 1024;

async function openSpoolFile(): Promise<FileHandle> {
  const path = join(tmpdir(), `spool-${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
  const file = await open(path, 'wx+', 0o600);
  // Nameless from now on: only this handle reaches the bytes, and nothing is left behind if the
  // process dies. (Where an open file cannot be removed, it is removed when closed instead.)
  const removed = await unlink(path).then(
    () => true,
    () => false,
  );
  if (!removed) {
    const close = file.close.bind(file);
    file.close = () => close().finally(() => unlink(path).catch(() => {}));
  }
  return file;
}

/**
 * A temporary file between a producer and a slow consumer: `writable` takes bytes as fast as the
 * disk does, `readable` hands them on as fast as its consumer reads, following the file while it
 * grows. So whatever the producer holds while writing (a database connection, a transaction) is
 * released at the producer's own speed, never at the consumer's.
 *
 * Destroying `readable` (the consumer went away) destroys `writable`, so the producer stops; a
 * producer failure (`writable` destroyed with an error) reaches `readable` as that error.
 */
export class Spool {
  readonly writable: Writable;
  readonly readable: Readable;
  private readonly opened = openSpoolFile();
  private written = 0;
  private readAt = 0;
  private complete = false;
  private pumping = false;
  private closed = false;
  private wake: (() => void) | undefined;

  constructor() {
    // An open failure surfaces through the first write or read.
    this.opened.catch(() => {});
    this.writable = new Writable({
      highWaterMark: 256 * 1024,
      write: (chunk: Buffer, _encoding, callback) => {
        this.append(chunk).then(() => callback(), callback);
      },
      final: (callback) => {
        this.complete = true;
        this.notify();
        callback();
      },
      destroy: (error, callback) => {
        if (error && !this.readable.destroyed) this.readable.destroy(error);
        this.notify();
        callback(error);
      },
    });
    this.readable = new Readable({
      highWaterMark: READ_SIZE,
      read: () => void this.pump(),
      destroy: (error, callback) => {
        if (!this.writable.destroyed) this.writable.destroy();
        this.notify();
        this.close();
        callback(error);
      },
    });
    this.readable.once('end', () => this.close());
    // A producer failure is handed to `readable` (its consumer reports it); emitted again on
    // `writable`, where no producer listens before it has piped anything, it would be an
    // unhandled 'error' event that stops the process (seen when the database went away between
    // taking a connection and starting an export).
    this.writable.on('error', () => {});
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.opened.then((file) => file.close()).catch(() => {});
  }

  private async append(chunk: Buffer): Promise<void> {
    const file = await this.opened;
    for (let offset = 0; offset < chunk.length;) {
      const { bytesWritten } = await file.write(chunk, offset, chunk.length - offset, this.written);
      offset += bytesWritten;
      this.written += bytesWritten;
    }
    this.notify();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      const file = await this.opened;
      for (;;) {
        if (this.readable.destroyed) return;
        if (this.readAt < this.written) {
          const size = Math.min(READ_SIZE, this.written - this.readAt);
          const buffer = Buffer.allocUnsafe(size);
          const { bytesRead } = await file.read(buffer, 0, size, this.readAt);
          if (bytesRead === 0) throw new Error('the spool file is shorter than what was written to it');
          this.readAt += bytesRead;
          if (this.readable.destroyed) return;
          if (!this.readable.push(bytesRead === size ? buffer : buffer.subarray(0, bytesRead))) return;
        } else if (this.complete) {
          this.readable.push(null);
          return;
        } else if (this.writable.destroyed) {
          throw new Error('the producer stopped before finishing');
        } else {
          await new Promise<void>((resolve) => (this.wake = resolve));
        }
      }
    } catch (error) {
      this.readable.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.pumping = false;
    }
  }
}
