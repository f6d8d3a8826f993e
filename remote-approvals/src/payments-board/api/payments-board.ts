// GET /api/bill-approval/payments-board: approved payments by where they stand (MODERATOR and up).
import useSWR from 'swr';
import { api, useLiveEvents } from 'shared-auth';
import { PAYMENTS_BOARD_TEXT, type PaymentsBoard } from 'shared-contracts';

const PATH = '/api/bill-approval/payments-board';

/** The board, re-read whenever an approval changes (a file written, sent, paid, returned). */
export function usePaymentsBoard() {
  const board = useSWR(['payments-board'], () =>
    api.get<PaymentsBoard>(PATH, { fallbackMessage: PAYMENTS_BOARD_TEXT.failed }),
  );
  const { mutate } = board;
  useLiveEvents(['approval'], () => mutate());
  return board;
}
