import { useState } from 'react';
import { personName, type User } from 'shared-contracts';
import { Button, FormField, HStack, Input, SectionCard, Stack, Text } from 'shared-ui';
import { useRowAction } from 'shared-ui/dialog';
import { PersonSelect, staffLabel, useStaffPeople } from 'shared-ui/form';
import { formatDateLong } from 'shared-ui/format';
import { setOutOfOffice } from '../api/mutations';

/** `datetime-local` text of an instant, in the browser's time zone. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/**
 * Out of office: from when until when, and who decides this person's approval steps meanwhile
 * (recorded as 'delegate for person'). On the profile page for oneself, on a user's page for an ADMIN.
 */
export function OutOfOfficeCard({ user, onSaved }: { user: User; onSaved: () => Promise<unknown> }) {
  const current = user.outOfOffice ?? null;
  const [from, setFrom] = useState(localInput(current?.awayFrom));
  const [until, setUntil] = useState(localInput(current?.awayUntil));
  const [delegateId, setDelegateId] = useState(current ? String(current.delegateId) : '');
  const { busy: saving, run } = useRowAction();
  const staff = useStaffPeople();
  const people = (staff.data?.data ?? []).filter((p) => p.id !== user.id);
  const delegateName = (id: number) => {
    const person = people.find((p) => p.id === id);
    return person ? personName(person) : `user #${id}`;
  };

  const save = (clear: boolean) =>
    run(
      async () => {
        await setOutOfOffice(
          user.id,
          clear
            ? { awayFrom: null, awayUntil: null, delegateId: null }
            : {
                awayFrom: from ? new Date(from).toISOString() : null,
                awayUntil: until ? new Date(until).toISOString() : null,
                delegateId: delegateId ? Number(delegateId) : null,
              },
        );
        await onSaved();
        if (clear) {
          setFrom('');
          setUntil('');
          setDelegateId('');
        }
      },
      clear ? 'Out of office ended' : 'Out of office saved',
      { failure: 'Out of office could not be saved' },
    );

  return (
    <SectionCard title="Out of office">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {current
            ? `Away from ${formatDateLong(current.awayFrom)} until ${formatDateLong(current.awayUntil)}; ${delegateName(current.delegateId)} decides the approval steps waiting for ${personName(user)}.`
            : 'While away, a delegate may decide the approval steps waiting for this person.'}
        </Text>
        <HStack gap="3" flexWrap="wrap" align="end">
          <FormField label="Away from">
            <Input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
          </FormField>
          <FormField label="Back on">
            <Input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
          </FormField>
          <PersonSelect
            label="Delegate"
            width="auto"
            none="Choose a person"
            people={people}
            keepOrder
            optionLabel={staffLabel}
            value={delegateId}
            onChange={(e) => setDelegateId(e.target.value)}
          />
        </HStack>
        <HStack gap="2">
          <Button size="sm" colorPalette="blue" loading={saving} onClick={() => void save(false)}>
            Save out of office
          </Button>
          {current && (
            <Button size="sm" variant="outline" disabled={saving} onClick={() => void save(true)}>
              End out of office
            </Button>
          )}
        </HStack>
      </Stack>
    </SectionCard>
  );
}
