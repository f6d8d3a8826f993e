import { Link as RouterLink } from 'react-router-dom';
import { BANK_RETURNS_PAGE_TEXT } from 'shared-contracts';
import { Link, Text } from 'shared-ui';

/**
 * 'QuickBooks: N connected, M need attention': each figure opens the Companies list filtered by
 * that QuickBooks status (a connection in its error state needs someone to reconnect it). Then
 * 'N returned this month', the approvals whose payment the bank sent back, opening the list
 * filtered by that status; and when some came back only in part, 'M partly returned', opening the
 * list on that status (the list filters by one status, so each figure counts what its list shows).
 */
export function QuickBooksLine({
  connected,
  needAttention,
  returnedThisMonth,
  partlyReturnedThisMonth,
}: {
  connected: number;
  needAttention: number;
  returnedThisMonth: number;
  partlyReturnedThisMonth: number;
}) {
  return (
    <Text fontSize="sm" color="fg">
      <Text as="span" data-testid="quickbooks-line">
        QuickBooks:{' '}
        <Link asChild color="blue.fg">
          <RouterLink to="/companies?qb=connected">{connected.toLocaleString('en-US')} connected</RouterLink>
        </Link>
        ,{' '}
        <Link asChild color={needAttention > 0 ? 'red.fg' : 'blue.fg'}>
          <RouterLink to="/companies?qb=error">
            {needAttention.toLocaleString('en-US')} need attention
          </RouterLink>
        </Link>
      </Text>
      <Text as="span" display={{ base: 'block', md: 'inline' }} data-testid="returned-this-month">
        <Text as="span" display={{ base: 'none', md: 'inline' }} aria-hidden="true">
          {' · '}
        </Text>
        <Link asChild color={returnedThisMonth > 0 ? 'red.fg' : 'blue.fg'}>
          <RouterLink to="/approvals?status=PAYMENT_RETURNED">
            {BANK_RETURNS_PAGE_TEXT.dashboard.link(returnedThisMonth)}
          </RouterLink>
        </Link>
        {partlyReturnedThisMonth > 0 && (
          <>
            ,{' '}
            <Link asChild color="red.fg">
              <RouterLink to="/approvals?status=PAYMENT_PARTLY_RETURNED">
                {BANK_RETURNS_PAGE_TEXT.dashboard.partlyLink(partlyReturnedThisMonth)}
              </RouterLink>
            </Link>
          </>
        )}
      </Text>
    </Text>
  );
}
