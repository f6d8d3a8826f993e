import { Link as RouterLink } from 'react-router-dom';
import { auditActionLabel, auditEntityPath, type AuditEntry } from 'shared-contracts';
import { Box, Link, Text, TruncatedText } from 'shared-ui';
import { FALLBACK, formatDateLong } from 'shared-ui/format';
import type { DataTableColumn } from 'shared-ui/table';
import { entityLabel } from '../audit-text';

// On a phone each row is a card: the description as its title, the rest as labelled fields.
export const AUDIT_COLUMNS: Array<DataTableColumn<AuditEntry>> = [
  {
    key: 'createdAt',
    header: 'Time',
    card: 'field',
    render: (entry) => formatDateLong(entry.createdAt),
  },
  {
    key: 'userName',
    header: 'Person',
    card: 'field',
    render: (entry) =>
      entry.userId !== null ? (
        <Link asChild color="blue.fg">
          <RouterLink to={`/users/${entry.userId}`}>{entry.userName ?? `User #${entry.userId}`}</RouterLink>
        </Link>
      ) : (
        (entry.userName ?? FALLBACK)
      ),
  },
  {
    key: 'action',
    header: 'Action',
    card: 'field',
    // In words; the code is in the row's details and the CSV (and on hover).
    render: (entry) => (
      <Text as="span" title={entry.action} data-action={entry.action}>
        {auditActionLabel(entry.action)}
      </Text>
    ),
  },
  {
    key: 'entity',
    header: 'Entity',
    card: 'field',
    render: (entry) => {
      const label = entityLabel(entry.entityType, entry.entityId);
      const path = auditEntityPath(entry.entityType, entry.entityId);
      if (label === null) return FALLBACK;
      return path ? (
        <Link asChild color="blue.fg">
          <RouterLink to={path}>{label}</RouterLink>
        </Link>
      ) : (
        label
      );
    },
  },
  {
    key: 'description',
    header: 'Description',
    card: 'title',
    minWidth: '16rem',
    maxWidth: 'none',
    // Cut (the full text on hover) so the row's Details button stays in view at 1440 px.
    render: (entry) => (
      <Box as="span" display="block" minW={0} maxW={{ base: 'full', md: '18rem', '2xl': '32rem' }}>
        <TruncatedText>
          <Text as="span">{entry.description}</Text>
        </TruncatedText>
      </Box>
    ),
  },
];
