// The page's live event bus: the stream's state and its subscribers. Shared by the subscription
// hook and by the connection, which is loaded separately after sign-in.
import { atom } from 'jotai';
import type { LiveEventData } from 'shared-contracts';
import { sessionStore } from './session-store';

/** One change: ids, kind and the new status or version; never the change's data. */
export interface LiveChange extends LiveEventData {
  type: 'change';
}

/** The stream missed more than the server keeps: every screen re-reads what it shows. */
export interface LiveResync {
  type: 'resync';
}

export type LiveEvent = LiveChange | LiveResync;

/** 'off' before start and after stop; 'offline' while the browser has no network. */
export type LiveState = 'off' | 'connecting' | 'live' | 'reconnecting' | 'offline';

export const liveStateAtom = atom<LiveState>('off');

const listeners = new Set<(event: LiveEvent) => void>();

/** Hands an event to every subscriber (the connection calls it). */
export function emitLiveEvent(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

export function setLiveState(state: LiveState): void {
  sessionStore.set(liveStateAtom, state);
}

export function subscribeLiveEvents(listener: (event: LiveEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
