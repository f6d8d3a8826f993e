import { Link as RouterLink } from 'react-router-dom';
import { BANK_RETURNS_PAGE_TEXT } from 'shared-contracts';
import { Button, HStack } from 'shared-ui';

const TABS = [
  { key: 'returnFiles', to: '/approvals/bank-returns', label: BANK_RETURNS_PAGE_TEXT.tabs.returnFiles },
  { key: 'bankFiles', to: '/approvals/bank-returns/files', label: BANK_RETURNS_PAGE_TEXT.tabs.bankFiles },
] as const;

/**
 * The two parts of the Bank returns page, each a page of its own (a list with its own paging in the
 * URL): the return files applied, and the reconciliation of the bank files they applied to.
 */
export function BankReturnsNav({ current }: { current: (typeof TABS)[number]['key'] }) {
  return (
    <HStack as="nav" aria-label={BANK_RETURNS_PAGE_TEXT.title} gap="2" wrap="wrap">
      {TABS.map((tab) => {
        const active = tab.key === current;
        return (
          <Button
            key={tab.key}
            asChild
            size="sm"
            // Subtle, not solid: white on the solid blue's hover shade falls under 4.5:1.
            variant={active ? 'subtle' : 'outline'}
            colorPalette={active ? 'blue' : 'gray'}
            fontWeight={active ? 'semibold' : undefined}
          >
            <RouterLink to={tab.to} aria-current={active ? 'page' : undefined}>
              {tab.label}
            </RouterLink>
          </Button>
        );
      })}
    </HStack>
  );
}
