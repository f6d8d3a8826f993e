import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AUDIT_PAGE_SIZES,
  AuditQuerySchema,
  auditActionLabel,
  type AuditEntry,
  type AuditQuery,
} from 'shared-contracts';
import { personLabel, personOptions, withCurrentOption } from 'shared-ui/form';
import {
  CsvExportButton,
  ListView,
  useListController,
  type FilterField,
  type SelectOption,
} from 'shared-ui/table';
import { AUDIT_EXPORT_PATH, auditList, useAuditPeople, useAuditPerson } from '../api/get-audit';
import { ACTION_FILTER_OPTIONS, ENTITY_FILTER_OPTIONS, entityLabel } from '../audit-text';
import { AUDIT_COLUMNS } from './audit-columns';
import { AuditDetailsButton } from './audit-details';

const NOUN = { one: 'entry', other: 'entries' };

const filterFields = (people: SelectOption[]): Array<FilterField<AuditQuery>> => [
  { kind: 'select', key: 'userId', label: 'Person', options: [{ value: '', label: 'Everyone' }, ...people] },
  { kind: 'select', key: 'entityType', label: 'Entity', options: ENTITY_FILTER_OPTIONS },
  { kind: 'select', key: 'action', label: 'Action', options: ACTION_FILTER_OPTIONS },
  { kind: 'date', key: 'from', label: 'From (UTC day)' },
  { kind: 'date', key: 'to', label: 'To (UTC day)' },
];

/**
 * /users/audit (ADMIN): every recorded action across the console, filtered by person, entity,
 * action and dates (kept in the URL), paged by the server, newest first; Export downloads every
 * matching row as CSV.
 */
export function AuditLogPage() {
  const people = useAuditPeople();
  // The person the URL names may be beyond the picker's first page: their own name then.
  const [searchParams] = useSearchParams();
  const userIdInUrl = searchParams.get('userId') ?? '';
  const person = useAuditPerson(
    people.data && !people.data.data.some((user) => String(user.id) === userIdInUrl) ? userIdInUrl : '',
  );
  const filters = useMemo(
    () =>
      filterFields(
        withCurrentOption(
          personOptions(people.data?.data ?? []),
          userIdInUrl,
          person.data ? personLabel(person.data) : undefined,
        ),
      ),
    [people.data, person.data, userIdInUrl],
  );
  const list = useListController({
    resource: auditList,
    schema: AuditQuerySchema,
    filters,
    pageSizes: AUDIT_PAGE_SIZES,
  });

  return (
    <ListView
      list={list}
      title="Audit log"
      description="Every recorded action across the console: sign-ins and every change, newest first"
      crumb="Audit log"
      actions={
        <CsvExportButton
          path={AUDIT_EXPORT_PATH}
          params={list.filterRequest}
          noun={NOUN}
          fallbackName="audit-log.csv"
          fallbackMessage="Failed to export the audit log"
        />
      }
      refresh
      noun={NOUN}
      caption="Audit log"
      columns={AUDIT_COLUMNS}
      rowLabel={(entry: AuditEntry) =>
        `${auditActionLabel(entry.action)} ${entityLabel(entry.entityType, entry.entityId) ?? ''}`.trim()
      }
      rowActions={(entry: AuditEntry) => <AuditDetailsButton entry={entry} />}
      canSelect={false}
      empty={{
        title: 'No activity recorded',
        description: 'Actions appear here as people sign in and make changes',
        action: null,
      }}
    />
  );
}
